import { Elysia } from 'elysia';
import { MessageBody } from '../../contract/http.ts';
import {
  AssignBody,
  DismissBody,
  NpcList,
  NpcParams,
  NpcView,
  RecruitBody,
  RecruitmentOptions,
  SettlementNpcs,
  Survivor,
} from '../../contract/npcs.ts';
import { IdParams } from '../../contract/settlements.ts';
import { TreatBody } from '../../contract/raids.ts';
import { WorldIdQuery, WorldParams } from '../../contract/world.ts';
import { errorResponses } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { gameAccessPlugin } from '../game-access.ts';
import type { NpcService } from './service.ts';

/**
 * NPCs (spec section 7): recruitment options, a random survivor, recruit, dismiss, the lists and assignments. 403 for
 * someone else's settlement or NPC, 404 for unknown ones, 409 without an open offer or an empty bed.
 */
export function npcsModule(services: Services, npcs: NpcService) {
  const reads = errorResponses(400, 401, 403, 404);
  const writes = errorResponses(400, 401, 403, 404, 409);
  return new Elysia({ prefix: '/api' })
    .use(gameAccessPlugin(services))
    .get('/npcs/recruitment-options', ({ user, query }) => npcs.recruitmentOptions(user.id, query.worldId), {
      game: true,
      query: WorldIdQuery,
      response: { 200: RecruitmentOptions, ...reads },
    })
    .get('/npcs/generate-random', () => npcs.generateRandom(), {
      game: true,
      response: { 200: Survivor, ...errorResponses(401, 403) },
    })
    .post('/npcs/recruit', ({ user, body }) => npcs.recruit(user, body), {
      game: true,
      body: RecruitBody,
      response: { 200: MessageBody.and({ npcId: 'string' }), ...writes },
    })
    .post('/npcs/dismiss', ({ user, body }) => npcs.dismiss(user, body), {
      game: true,
      body: DismissBody,
      response: { 200: MessageBody, ...writes },
    })
    .get('/world/:worldId/npcs', ({ user, params }) => npcs.inWorld(user, params.worldId), {
      game: true,
      params: WorldParams,
      response: { 200: NpcList, ...reads },
    })
    .get('/settlements/:id/npcs', ({ user, seatWorldId, params }) => npcs.ofSettlement(user, seatWorldId, params.id), {
      game: true,
      params: IdParams,
      response: { 200: SettlementNpcs, ...reads },
    })
    .post('/npcs/:id/assign', ({ user, params, body }) => npcs.assign(user, Number(params.id), body.assignment, body.worldId), {
      game: true,
      params: NpcParams,
      body: AssignBody,
      response: { 200: MessageBody.and({ npc: NpcView }), ...writes },
    })
    .post('/npcs/:id/treat', ({ user, params, body }) => npcs.treat(user, Number(params.id), body.worldId), {
      game: true,
      params: NpcParams,
      body: TreatBody,
      response: { 200: MessageBody.and({ npc: NpcView }), ...writes },
    });
}
