import { Elysia } from 'elysia';
import type { Services } from '../services.ts';
import { currentUser } from './auth/session.ts';
import { lobbyAccess } from './lobby/service.ts';

/** Game calls are polled often; the lobby answer is reused this long per user. */
const ACCESS_CACHE_MS = 5_000;

/**
 * `{ game: true }` on a route: the caller must be signed in (else 401 Unauthorized) and hold a lobby seat
 * (else 403 with the lobby's reason). The handler gets `user`.
 */
export function gameAccessPlugin(services: Services) {
  const cache = new Map<string, { ok: boolean; reason?: string; at: number }>();
  return new Elysia({ name: 'wasteland.game-access', seed: services.instanceId }).macro({
    game: {
      async resolve({ cookie, status }) {
        const user = await currentUser(services, cookie as never);
        if (!user) return status(401, { message: 'Unauthorized' });
        const now = services.now().getTime();
        let access = cache.get(user.id);
        if (!access || now - access.at > ACCESS_CACHE_MS) {
          const answer = await lobbyAccess(services, user.id);
          access = { ok: answer.canAccessGame, reason: answer.reason, at: now };
          cache.set(user.id, access);
        }
        if (!access.ok) return status(403, { message: access.reason ?? 'You need to join the lobby first' });
        return { user };
      },
    },
  });
}
