import { Elysia } from 'elysia';
import type { Services } from '../services.ts';
import { currentUser } from './auth/session.ts';
import { lobbyAccess } from './lobby/service.ts';

/**
 * Game calls are polled often; a granted answer is reused this long per user (never longer than a quarter of
 * the seat timeout, so the reuse cannot outlive the seat). Refusals are not reused: a user seated from the
 * queue gets in at once, and leaving or logging out forgets the answer at once (services.accessEnded).
 */
const ACCESS_CACHE_MS = 5_000;

/**
 * `{ game: true }` on a route: the caller must be signed in (else 401 Unauthorized) and hold a lobby seat
 * (else 403 with the lobby's reason). The handler gets `user`.
 */
export function gameAccessPlugin(services: Services) {
  const cache = new Map<string, number>();
  const reuseMs = Math.min(ACCESS_CACHE_MS, Math.floor(services.config.seatTimeoutMs / 4));
  services.accessEnded.on(({ userId }) => cache.delete(userId));
  return new Elysia({ name: 'wasteland.game-access', seed: services.instanceId }).macro({
    game: {
      async resolve({ cookie, status }) {
        const user = await currentUser(services, cookie as never);
        if (!user) return status(401, { message: 'Unauthorized' });
        const now = services.now().getTime();
        const grantedAt = cache.get(user.id);
        if (grantedAt !== undefined && now - grantedAt <= reuseMs) return { user };
        const answer = await lobbyAccess(services, user.id);
        if (!answer.canAccessGame) {
          cache.delete(user.id);
          return status(403, { message: answer.reason ?? 'You need to join the lobby first' });
        }
        if (cache.size >= 10_000) cache.clear();
        cache.set(user.id, now);
        return { user };
      },
    },
  });
}
