import { Elysia } from 'elysia';
import { JoinBody, LobbyWorldQuery, ReadyBody, WorldsListBody } from '../../contract/lobby.ts';
import { Close } from '../../contract/protocol.ts';
import type { Services } from '../../services.ts';
import { sessionPlugin } from '../../http/session.ts';
import { joinGame, leaveLobby, listWorlds, lobbyAccess, lobbyStatus, setReady } from './service.ts';

/**
 * The lobby, its queue and the worlds (spec sections 2, 4 and 7): GET /api/worlds is public (counts, no
 * names), every other route needs a session.
 */
export function lobbyModule(services: Services) {
  return new Elysia({ prefix: '/api' })
    .get('/worlds', () => listWorlds(services), { response: { 200: WorldsListBody } })
    .use(sessionPlugin(services))
    .get(
      '/lobby',
      async ({ user, query, status }) => {
        const outcome = await lobbyStatus(services, user.id, query.worldId);
        return outcome.ok ? outcome.body : status(outcome.status, { message: outcome.message });
      },
      { auth: true, query: LobbyWorldQuery },
    )
    .post(
      '/lobby/join-game',
      async ({ user, body, status }) => {
        const outcome = await joinGame(services, user.id, body?.worldId);
        if (!outcome.ok) return status(outcome.status, { message: outcome.message });
        // A seat moved to another world: the old world's socket closes and cached access is forgotten.
        if (outcome.movedFrom !== null)
          await services.accessEnded.emit({ userId: user.id, code: Close.accessLost, reason: 'You moved to another world' });
        return outcome.body;
      },
      { auth: true, body: JoinBody.or('undefined') },
    )
    .post(
      '/lobby/ready',
      async ({ user, body, status }) => {
        const outcome = await setReady(services, user.id, body.ready);
        return outcome.ok ? outcome.body : status(outcome.status, { message: outcome.message });
      },
      { auth: true, body: ReadyBody },
    )
    .post(
      '/lobby/leave',
      async ({ user }) => {
        const outcome = await leaveLobby(services, user.id);
        // Leaving gives up the seat at once: the live connection closes and cached access is forgotten.
        if (outcome.left !== 'none')
          await services.accessEnded.emit({ userId: user.id, code: Close.accessLost, reason: 'You left the lobby' });
        return outcome;
      },
      { auth: true },
    )
    .get('/lobby/access', ({ user, query }) => lobbyAccess(services, user.id, query.worldId), {
      auth: true,
      query: LobbyWorldQuery,
    });
}
