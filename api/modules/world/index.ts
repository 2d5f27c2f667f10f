import { Elysia } from 'elysia';
import { UNKNOWN_WORLD } from '../../contract/http.ts';
import {
  ChunksQuery,
  LivePlayers,
  PathAnswer,
  PathQuery,
  PoiStates,
  PositionQuery,
  Region,
  TerrainInfo,
  TimeInfo,
  WorldEvents,
  WorldIdQuery,
  WorldInfo,
  WorldParams,
} from '../../contract/world.ts';
import { acceptsGzip } from '../../http/compression.ts';
import { errorResponses, HttpError, httpError } from '../../http/errors.ts';
import { toWorldEvent } from '../../live/game-log.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { Services } from '../../services.ts';
import { sessionPlugin } from '../auth/session.ts';
import { gameAccessPlugin } from '../game-access.ts';
import type { WorldService } from './service.ts';
import { GAME_LOG_SHOWN } from '../../game/retention.ts';
import { NO_PATH } from '../../game/paths.ts';

/**
 * World, clock, terrain and who is around: spec section 7, "World and player". Every /world/:worldId/… call names
 * its world in the path and answers 404 UNKNOWN_WORLD for one that does not exist; signed-out callers get 401 and
 * callers without a lobby seat 403 (the `game` guard), malformed input 400.
 */
export function worldModule(services: Services, worlds: WorldService, live: LiveHub) {
  const known = async (worldId: string) => (await worlds.world(worldId)) !== null;
  const inWorld = errorResponses(400, 401, 403, 404);

  return (
    new Elysia({ prefix: '/api' })
      .use(sessionPlugin(services))
      .use(gameAccessPlugin(services))
      .get('/world/default', () => worlds.ensureDefault(), {
        auth: true,
        response: { 200: WorldInfo, ...errorResponses(401) },
      })
      // Public, as the clock always was; each world runs its own day (`?worldId=`, the default world when absent).
      .get('/time', async ({ query }) => (await worlds.time(query.worldId)) ?? httpError(404, UNKNOWN_WORLD), {
        query: WorldIdQuery,
        response: { 200: TimeInfo, ...errorResponses(400, 404) },
      })
      .get(
        '/world/:worldId',
        // Any world by id (issue 29), for the caller seated in it: its name, and the seed that draws its map.
        async ({ params }) => (await worlds.info(params.worldId)) ?? httpError(404, UNKNOWN_WORLD),
        { game: true, params: WorldParams, response: { 200: WorldInfo, ...inWorld } },
      )
      .get(
        '/world/:worldId/chunks',
        async ({ params, query, request }) => {
          const body = await worlds.regionBody(params.worldId, query.centerChunkX, query.centerChunkY, query.chunkRadius ?? 1);
          // A Response (encoded from cached pieces, chunk-wire.ts, and sent as it is past jsonCompression) leaves no
          // room in the handler's type for a returned error: the 404 is thrown.
          if (!body) throw new HttpError(404, UNKNOWN_WORLD);
          return body.response(acceptsGzip(request));
        },
        { game: true, params: WorldParams, query: ChunksQuery, response: { 200: Region, ...inWorld } },
      )
      .get(
        '/world/:worldId/poi-state',
        async ({ params, query }) =>
          (await worlds.poiStates(params.worldId, query.centerChunkX, query.centerChunkY, query.chunkRadius ?? 1)) ??
          httpError(404, UNKNOWN_WORLD),
        { game: true, params: WorldParams, query: ChunksQuery, response: { 200: PoiStates, ...inWorld } },
      )
      .get(
        '/world/:worldId/terrain-info',
        async ({ params, query }) => {
          const info = await worlds.terrainInfo(params.worldId, query.x, query.y);
          if (info === 'unknown-world') return httpError(404, UNKNOWN_WORLD);
          if (info === 'outside') return httpError(400, 'That position is outside the world');
          return info;
        },
        { game: true, params: WorldParams, query: PositionQuery, response: { 200: TerrainInfo, ...inWorld } },
      )
      .get(
        '/world/:worldId/path',
        async ({ params, query }) => {
          const plan = await worlds.path(params.worldId, { x: query.fromX, y: query.fromY }, { x: query.toX, y: query.toY });
          if (plan === 'unknown-world') return httpError(404, UNKNOWN_WORLD);
          if (plan === 'outside') return httpError(400, 'That position is outside the world');
          // Unreachable and beyond the search's bound read the same to a walker: there is no walk to offer.
          if ('status' in plan) return httpError(422, NO_PATH);
          return plan;
        },
        {
          game: true,
          params: WorldParams,
          query: PathQuery,
          response: { 200: PathAnswer, ...errorResponses(400, 401, 403, 404, 422) },
        },
      )
      .get(
        '/world/:worldId/players',
        async ({ params, user }) => {
          if (!(await known(params.worldId))) return httpError(404, UNKNOWN_WORLD);
          const me = await live.walker(user, params.worldId);
          const at = await live.locate(me);
          await live.lookRound(me);
          return live.visibleTo(me, at);
        },
        { game: true, params: WorldParams, response: { 200: LivePlayers, ...inWorld } },
      )
      .get(
        '/world/:worldId/events',
        async ({ params }) => {
          if (!(await known(params.worldId))) return httpError(404, UNKNOWN_WORLD);
          const rows = await services.repos.world.recentEvents(params.worldId, GAME_LOG_SHOWN);
          return rows.map(toWorldEvent);
        },
        { game: true, params: WorldParams, response: { 200: WorldEvents, ...inWorld } },
      )
  );
}
