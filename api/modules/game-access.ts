import { type } from 'arktype';
import { Elysia } from 'elysia';
import { worldIdText } from '../contract/text.ts';
import { UNKNOWN_WORLD } from '../contract/errors.ts';
import { NO_LOBBY_REASON, NOT_SEATED_HERE_REASON } from '../game/lobby.ts';
import { HttpError } from '../http/errors.ts';
import { DEFAULT_WORLD_ID } from '../game/world.ts';
import type { Services } from '../services.ts';
import { currentUser } from '../http/session.ts';
import { lobbyAccess } from './lobby/service.ts';

/**
 * Game calls are polled often; a granted answer is reused this long per user and world (never longer than a quarter
 * of the seat timeout, so the reuse cannot outlive the seat). Refusals are not reused: a user seated from the queue
 * gets in at once, and leaving, moving to another world or logging out forgets the answers at once
 * (services.accessEnded).
 */
const ACCESS_CACHE_MS = 5_000;
/** Users whose granted answers are kept at most (past it the cache starts afresh). */
const ACCESS_CACHE_USERS = 10_000;
/** The cache key of a route that names no world. */
const ANY_SEAT = '\u0000seat';

/**
 * The world a call is about, as validated by its route: `:worldId` in the path, `worldId` in the JSON body, else
 * `?worldId=` (a route's WorldIdQuery fills in `default` when absent). Null when the call names none: routes that
 * address a settlement, NPC or job by id.
 */
function worldNamed(...sources: unknown[]): string | null {
  for (const source of sources) {
    if (source && typeof source === 'object' && 'worldId' in source) {
      const worldId = (source as { worldId: unknown }).worldId;
      if (typeof worldId === 'string') return worldId;
    }
  }
  return null;
}

/**
 * `{ game: true }` on a route: the caller must be signed in (else 401 Unauthorized) and hold a lobby seat in the
 * world the call is about (else 403 with the lobby's reason; a seat in another world: 'You are not seated in this
 * world'; a world that does not exist: 404 Unknown world). A call naming no world (by id: settlements, NPCs, crafting
 * jobs) needs a seat in some world. Either way the handler gets `user` and `seatWorldId`, the world the seat is in (the
 * world the call names, when it names one), and a service that finds a settlement, building, bed, invitation, NPC or
 * job by id refuses it when it lives in another world (`requireSeatedIn`): a call naming world B with the id of a
 * thing of world A is refused as one naming A would be.
 */
export function gameAccessPlugin(services: Services) {
  const cache = new Map<string, Map<string, { at: number; worldId: string }>>();
  const reuseMs = Math.min(ACCESS_CACHE_MS, Math.floor(services.config.seatTimeoutMs / 4));
  services.accessEnded.on(({ userId }) => cache.delete(userId));
  return new Elysia({ name: 'wasteland.game-access', seed: services.instanceId }).macro({
    game: {
      async resolve({ cookie, request, status, params, body, query }) {
        const user = await currentUser(services, cookie as never, request);
        if (!user) return status(401, { message: 'Unauthorized' });
        const worldId = worldNamed(params, body, query);
        // A route that declares no worldId leaves a raw `?worldId=` unchecked: check it here, as the others do.
        if (worldId !== null) {
          const checked = worldIdText(worldId);
          if (checked instanceof type.errors) return status(400, { message: `worldId ${checked.summary}` });
        }
        const key = worldId ?? ANY_SEAT;
        const now = services.now().getTime();
        const granted = cache.get(user.id)?.get(key);
        if (granted !== undefined && now - granted.at <= reuseMs) return { user, seatWorldId: granted.worldId };
        const answer = await lobbyAccess(services, user.id, worldId);
        if (!answer.canAccessGame) {
          cache.get(user.id)?.delete(key);
          // A world that does not exist is the route's 404, not a seat problem (`default` is made on first use).
          if (worldId !== null && worldId !== DEFAULT_WORLD_ID && !(await services.repos.world.findWorld(worldId)))
            return status(404, { message: UNKNOWN_WORLD });
          return status(403, { message: answer.reason ?? NO_LOBBY_REASON });
        }
        const seatWorldId = answer.worldId ?? worldId ?? DEFAULT_WORLD_ID;
        let grants = cache.get(user.id);
        if (!grants) {
          if (cache.size >= ACCESS_CACHE_USERS) cache.clear();
          grants = new Map();
          cache.set(user.id, grants);
        }
        grants.set(key, { at: now, worldId: seatWorldId });
        return { user, seatWorldId };
      },
    },
  });
}

/**
 * A settlement, building, bed, invitation, NPC or crafting job addressed by id answers only to a caller seated in its
 * world: a seat in one world grants nothing in another (403 'You are not seated in this world'). Unknown ids are the
 * route's 404, checked first.
 */
export function requireSeatedIn(thingWorldId: string, seatWorldId: string): void {
  if (thingWorldId !== seatWorldId) throw new HttpError(403, NOT_SEATED_HERE_REASON);
}
