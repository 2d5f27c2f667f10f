import { Elysia } from 'elysia';
import { MessageBody, UNKNOWN_WORLD } from '../../contract/http.ts';
import { Close } from '../../contract/protocol.ts';
import {
  EXPLORED_CHUNKS_PER_PLAYER,
  ExploredSaved,
  ExploredTiles,
  ExploredTilesBody,
  MoveBody,
  MoveResult,
  PlayerInfo,
  WorldIdQuery,
} from '../../contract/world.ts';
import { errorResponses, httpError } from '../../http/errors.ts';
import type { RateLimits } from '../../http/shared-limits.ts';
import { toPlayerInfo } from '../../live/entity.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { Services } from '../../services.ts';
import { sessionPlugin } from '../../http/session.ts';
import { gameAccessPlugin } from '../game-access.ts';
import type { WorldService } from '../world/service.ts';
import { decodeExplored, encodeExplored } from './explored.ts';

/**
 * The signed-in survivor: where they are, where they walk, what they have seen. GETs and POST /move name the world
 * in the query (`?worldId=`, the default world when absent); POST /explored-tiles in its body. An unknown world is
 * 404 UNKNOWN_WORLD everywhere. REST moves and explored-land saves have limits of their own per user, shared by every
 * process on the database (`limits`).
 */
export function playerModule(
  services: Services,
  worlds: WorldService,
  live: LiveHub,
  limits: Pick<RateLimits, 'moves' | 'exploredSaves'>,
) {
  const { moves, exploredSaves } = limits;
  const now = () => services.now().getTime();
  const inWorld = errorResponses(400, 401, 403, 404);

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
      { auth: true, response: { 200: MessageBody, ...errorResponses(401) } },
    )
    .get(
      '/current',
      async ({ user, query }) => {
        // An unknown world throws HttpError(404, UNKNOWN_WORLD) from the live layer's terrain lookup.
        const w = await live.walker(user, query.worldId);
        await live.locate(w);
        return toPlayerInfo(w, user, true);
      },
      { game: true, query: WorldIdQuery, response: { 200: PlayerInfo, ...inWorld } },
    )
    .post(
      '/move',
      async ({ user, body, query, set }) => {
        const refused = await moves.refusal(user.id, now(), set.headers, 'moves');
        if (refused) return httpError(429, refused.message);
        return live.walk(await live.walker(user, query.worldId), body);
      },
      { game: true, body: MoveBody, query: WorldIdQuery, response: { 200: MoveResult, ...inWorld, ...errorResponses(429) } },
    )
    .get(
      '/explored-tiles',
      async ({ user, query }) => {
        if (!(await worlds.world(query.worldId))) return httpError(404, UNKNOWN_WORLD);
        const rows = await services.repos.world.exploredChunks(user.id, query.worldId);
        return { exploredTiles: encodeExplored(rows) };
      },
      { game: true, query: WorldIdQuery, response: { 200: ExploredTiles, ...inWorld } },
    )
    .post(
      '/explored-tiles',
      async ({ user, body, set }) => {
        const refused = await exploredSaves.refusal(user.id, now(), set.headers, 'explored-land saves');
        if (refused) return httpError(429, refused.message);
        if (!(await worlds.world(body.worldId))) return httpError(404, UNKNOWN_WORLD);
        const decoded = decodeExplored(body.exploredTiles);
        if (!decoded.ok) return httpError(400, decoded.message);
        const merged = await services.repos.world.mergeExplored(
          user.id,
          body.worldId,
          decoded.chunks,
          EXPLORED_CHUNKS_PER_PLAYER,
        );
        if (!merged) {
          return httpError(
            409,
            `Explored land is full: at most ${EXPLORED_CHUNKS_PER_PLAYER} sectors per player and world are kept`,
          );
        }
        return { saved: decoded.chunks.length };
      },
      {
        game: true,
        body: ExploredTilesBody,
        response: { 200: ExploredSaved, ...inWorld, ...errorResponses(409, 429) },
        // navigator.sendBeacon posts text/plain: parse it as JSON all the same.
        parse: ({ request, contentType }) => (contentType.startsWith('text/plain') ? request.json() : undefined),
      },
    );
}
