import { Elysia } from 'elysia';
import { Close } from '../../contract/protocol.ts';
import {
  DEFAULT_WORLD_ID,
  EXPLORED_CHUNKS_PER_PLAYER,
  EXPLORED_SAVES_BURST,
  EXPLORED_SAVES_PER_SECOND,
  ExploredTilesBody,
  MoveBody,
  REST_MOVES_BURST,
  REST_MOVES_PER_SECOND,
  WorldIdQuery,
} from '../../contract/world.ts';
import { RateLimiter } from '../../http/rate-limit.ts';
import type { LiveHub } from '../../live/hub.ts';
import { toPlayerInfo } from '../../live/entity.ts';
import type { Services } from '../../services.ts';
import { gameAccessPlugin } from '../game-access.ts';
import { sessionPlugin } from '../auth/session.ts';
import type { WorldService } from '../world/service.ts';
import { decodeExplored, encodeExplored } from './explored.ts';

/** The signed-in survivor: where they are, where they walk, what they have seen. */
export function playerModule(services: Services, worlds: WorldService, live: LiveHub) {
  const moves = new RateLimiter(REST_MOVES_PER_SECOND, REST_MOVES_BURST);
  const exploredSaves = new RateLimiter(EXPLORED_SAVES_PER_SECOND, EXPLORED_SAVES_BURST);
  const unknownWorld = { message: 'Unknown world' };
  const now = () => services.now().getTime();

  return new Elysia({ prefix: '/api/player' })
    .use(sessionPlugin(services))
    .use(gameAccessPlugin(services))
    .post(
      '/logout',
      async ({ user }) => {
        await services.accessEnded.emit({ userId: user.id, code: Close.normal, reason: 'Logged out' });
        await services.repos.players.markOffline(user.id);
        return { message: 'Logged out' };
      },
      { auth: true },
    )
    .get(
      '/current',
      async ({ user, query }) => {
        const w = await live.walker(user, query.worldId ?? DEFAULT_WORLD_ID);
        live.touch(w);
        return toPlayerInfo(w, user, true);
      },
      { game: true, query: WorldIdQuery },
    )
    .post(
      '/move',
      async ({ user, body, query, set, status }) => {
        const refused = moves.refusal(user.id, now(), set.headers, 'moves');
        if (refused) return status(429, refused);
        const w = await live.walker(user, query.worldId ?? DEFAULT_WORLD_ID);
        live.touch(w);
        return live.move(w, body);
      },
      { game: true, body: MoveBody, query: WorldIdQuery },
    )
    .get(
      '/explored-tiles',
      async ({ user, query, status }) => {
        const worldId = query.worldId ?? DEFAULT_WORLD_ID;
        if (!(await worlds.world(worldId))) return status(404, unknownWorld);
        const rows = await services.repos.world.exploredChunks(user.id, worldId);
        return { exploredTiles: encodeExplored(rows) };
      },
      { game: true, query: WorldIdQuery },
    )
    .post(
      '/explored-tiles',
      async ({ user, body, set, status }) => {
        const refused = exploredSaves.refusal(user.id, now(), set.headers, 'explored-land saves');
        if (refused) return status(429, refused);
        if (!(await worlds.world(body.worldId))) return status(404, unknownWorld);
        const decoded = decodeExplored(body.exploredTiles);
        if (!decoded.ok) return status(400, { message: decoded.message });
        const merged = await services.repos.world.mergeExplored(
          user.id,
          body.worldId,
          decoded.chunks,
          EXPLORED_CHUNKS_PER_PLAYER,
        );
        if (!merged) {
          return status(409, {
            message: `Explored land is full: at most ${EXPLORED_CHUNKS_PER_PLAYER} sectors per player and world are kept`,
          });
        }
        return { saved: decoded.chunks.length };
      },
      {
        game: true,
        body: ExploredTilesBody,
        // navigator.sendBeacon posts text/plain: parse it as JSON all the same.
        parse: ({ request, contentType }) => (contentType.startsWith('text/plain') ? request.json() : undefined),
      },
    );
}
