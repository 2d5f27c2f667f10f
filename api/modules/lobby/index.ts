import { Elysia } from 'elysia';
import { ReadyBody } from '../../contract/lobby.ts';
import { Close } from '../../contract/protocol.ts';
import type { Services } from '../../services.ts';
import { sessionPlugin } from '../auth/session.ts';
import { joinGame, leaveLobby, lobbyAccess, lobbyStatus, setReady } from './service.ts';

/** The lobby and its queue (spec sections 2, 4 and 7): every route needs a session. */
export function lobbyModule(services: Services) {
  return new Elysia({ prefix: '/api' })
    .use(sessionPlugin(services))
    .get('/lobby', ({ user }) => lobbyStatus(services, user.id), { auth: true })
    .post('/lobby/join-game', ({ user }) => joinGame(services, user.id), { auth: true })
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
    .get('/lobby/access', ({ user }) => lobbyAccess(services, user.id), { auth: true });
}
