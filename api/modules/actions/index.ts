import { Elysia } from 'elysia';
import {
  ForageBody,
  ForageResult,
  Inventory,
  NpcSpawnCheck,
  PoiParams,
  ScavengeBody,
  ScavengeResult,
} from '../../contract/actions.ts';
import { WorldIdQuery } from '../../contract/world.ts';
import { errorResponses } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { gameAccessPlugin } from '../game-access.ts';
import type { ActionsService } from './service.ts';

/**
 * Scavenging, foraging, inventory and the NPC spawn check (spec section 7). The POSTs name their world in the
 * body, the GETs in `?worldId=` (the default world when absent); the service answers each error with httpError.
 */
export function actionsModule(services: Services, actions: ActionsService) {
  const inWorld = errorResponses(400, 401, 403, 404);
  return new Elysia({ prefix: '/api' })
    .use(gameAccessPlugin(services))
    .post('/poi/:id/scavenge', ({ user, params, body }) => actions.scavenge(user, body.worldId, params.id), {
      game: true,
      params: PoiParams,
      body: ScavengeBody,
      response: { 200: ScavengeResult, ...inWorld },
    })
    .post('/forage', ({ user, body }) => actions.forage(user, body.worldId, { x: body.playerX, y: body.playerY }), {
      game: true,
      body: ForageBody,
      response: { 200: ForageResult, ...inWorld, ...errorResponses(409) },
    })
    .get('/player/inventory', ({ user, query }) => actions.inventory(user.id, query.worldId), {
      game: true,
      query: WorldIdQuery,
      response: { 200: Inventory, ...inWorld },
    })
    .get('/player/npc-spawn-check', ({ user, query }) => actions.npcSpawnCheck(user.id, query.worldId), {
      game: true,
      query: WorldIdQuery,
      response: { 200: NpcSpawnCheck, ...inWorld },
    });
}
