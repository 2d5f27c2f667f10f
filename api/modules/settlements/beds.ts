import { Elysia } from 'elysia';
import { Invitations, InvitationParams, InviteBody, PendingInvitations, Respawn } from '../../contract/beds.ts';
import { MessageBody } from '../../contract/http.ts';
import { BedParams, IdParams } from '../../contract/settlements.ts';
import { WorldIdQuery } from '../../contract/world.ts';
import { errorResponses } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { gameAccessPlugin } from '../game-access.ts';
import type { BedService } from './beds-service.ts';
import type { SettlementQueries } from './queries.ts';

/**
 * Beds (spec section 7): invitations, accept / reject, withdraw (DELETE, ours: the spec names no call), kick and
 * respawn. 403 for someone who is not a member, 404 for an unknown bed, invitation or name, 409 for a taken bed.
 */
export function bedsModule(services: Services, beds: BedService, queries: SettlementQueries) {
  const reads = errorResponses(400, 401, 403, 404);
  const writes = errorResponses(400, 401, 403, 404, 409);
  return new Elysia({ prefix: '/api' })
    .use(gameAccessPlugin(services))
    .post('/bed-invitations', ({ user, body }) => beds.invite(user, body), {
      game: true,
      body: InviteBody,
      response: { 200: MessageBody, ...writes },
    })
    .get('/player/bed-invitations', ({ user, query }) => beds.invitations(user.id, query.worldId), {
      game: true,
      query: WorldIdQuery,
      response: { 200: Invitations, ...reads },
    })
    .post(
      '/bed-invitations/:id/accept',
      ({ user, seatWorldId, params }) => beds.answer(user, seatWorldId, Number(params.id), true),
      {
        game: true,
        params: InvitationParams,
        response: { 200: MessageBody, ...writes },
      },
    )
    .post(
      '/bed-invitations/:id/reject',
      ({ user, seatWorldId, params }) => beds.answer(user, seatWorldId, Number(params.id), false),
      {
        game: true,
        params: InvitationParams,
        response: { 200: MessageBody, ...writes },
      },
    )
    .delete('/bed-invitations/:id', ({ user, seatWorldId, params }) => beds.withdraw(user, seatWorldId, Number(params.id)), {
      game: true,
      params: InvitationParams,
      response: { 200: MessageBody, ...writes },
    })
    .get(
      '/settlements/:id/pending-invitations',
      ({ user, seatWorldId, params }) => queries.pendingInvitations(user, seatWorldId, params.id),
      {
        game: true,
        params: IdParams,
        response: { 200: PendingInvitations, ...reads },
      },
    )
    .post(
      '/settlements/:id/beds/:bedId/kick',
      ({ user, seatWorldId, params }) => beds.kick(user, seatWorldId, Number(params.id), Number(params.bedId)),
      {
        game: true,
        params: BedParams,
        response: { 200: MessageBody, ...writes },
      },
    )
    .get('/player/respawn', ({ user, query }) => beds.respawn(user.id, query.worldId), {
      game: true,
      query: WorldIdQuery,
      response: { 200: Respawn, ...reads },
    });
}
