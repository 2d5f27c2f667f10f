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
import type { RateLimits } from '../../http/shared-limits.ts';
import { errorResponses, HttpError, httpError } from '../../http/errors.ts';
import { toWorldEvent } from '../../live/game-log.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { Services } from '../../services.ts';
import { sessionPlugin } from '../../http/session.ts';
import { gameAccessPlugin } from '../game-access.ts';
import type { WorldService } from './service.ts';
import { GAME_LOG_SHOWN } from '../../game/retention.ts';
import { beyondOnePlan, NO_PATH } from '../../game/paths.ts';
import { PATH_START_FAR, PATH_TOO_LONG, REGION_FAR, regionAroundSurvivor, startsAtSurvivor } from '../../game/terrain-reads.ts';
import type { UserRow } from '../../../db/repos/accounts.ts';

/**
 * World, clock, terrain and who is around: spec section 7, "World and player". Every /world/:worldId/… call names
 * its world in the path and answers 404 UNKNOWN_WORLD for one that does not exist; signed-out callers get 401 and
 * callers without a lobby seat 403 (the `game` guard), malformed input 400.
 *
 * The terrain reads (path, chunks, poi-state, terrain-info) share one budget per user over every process on the
 * database (`limits.terrainReads`: 429 with Retry-After past it), and path and the region reads answer around the
 * caller's survivor only (api/game/terrain-reads.ts, 422 beyond), judged by the position the server holds.
 */
export function worldModule(services: Services, worlds: WorldService, live: LiveHub, limits: Pick<RateLimits, 'terrainReads'>) {
  const known = async (worldId: string) => (await worlds.world(worldId)) !== null;
  const inWorld = errorResponses(400, 401, 403, 404);
  const terrainRead = errorResponses(400, 401, 403, 404, 422, 429);
  /** Spends one terrain read of the user's budget: the refusal to throw (429, Retry-After set), or null. */
  const overBudget = async (user: UserRow, headers: Record<string, unknown>) => {
    const refused = await limits.terrainReads?.refusal(user.id, Date.now(), headers, 'terrain reads');
    return refused ? new HttpError(429, refused.message) : null;
  };
  /** Where the server holds the caller's survivor in this world (asked of the process that owns it). */
  const survivorAt = async (user: UserRow, worldId: string) => live.locate(await live.walker(user, worldId));
  /** A region read's checks: its world exists (404) and it lies around the survivor (422); thrown. */
  const aroundSurvivor = async (user: UserRow, worldId: string, cx: number, cy: number) => {
    if (!(await known(worldId))) throw new HttpError(404, UNKNOWN_WORLD);
    if (!regionAroundSurvivor(cx, cy, await survivorAt(user, worldId))) throw new HttpError(422, REGION_FAR);
  };

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
        // Any world by id, for the caller seated in it: its name, and the seed that draws its map.
        async ({ params }) => (await worlds.info(params.worldId)) ?? httpError(404, UNKNOWN_WORLD),
        { game: true, params: WorldParams, response: { 200: WorldInfo, ...inWorld } },
      )
      .get(
        '/world/:worldId/chunks',
        async ({ params, query, request, user, set }) => {
          const refused = await overBudget(user, set.headers);
          if (refused) throw refused;
          await aroundSurvivor(user, params.worldId, query.centerChunkX, query.centerChunkY);
          const body = await worlds.regionBody(params.worldId, query.centerChunkX, query.centerChunkY, query.chunkRadius ?? 1);
          // A Response (encoded from cached pieces, chunk-wire.ts, and sent as it is past jsonCompression) leaves no
          // room in the handler's type for a returned error: the 404 is thrown.
          if (!body) throw new HttpError(404, UNKNOWN_WORLD);
          return body.response(acceptsGzip(request));
        },
        { game: true, params: WorldParams, query: ChunksQuery, response: { 200: Region, ...terrainRead } },
      )
      .get(
        '/world/:worldId/poi-state',
        async ({ params, query, user, set }) => {
          const refused = await overBudget(user, set.headers);
          if (refused) return httpError(429, refused.message);
          await aroundSurvivor(user, params.worldId, query.centerChunkX, query.centerChunkY);
          return (
            (await worlds.poiStates(params.worldId, query.centerChunkX, query.centerChunkY, query.chunkRadius ?? 1)) ??
            httpError(404, UNKNOWN_WORLD)
          );
        },
        { game: true, params: WorldParams, query: ChunksQuery, response: { 200: PoiStates, ...terrainRead } },
      )
      .get(
        '/world/:worldId/terrain-info',
        async ({ params, query, user, set }) => {
          const refused = await overBudget(user, set.headers);
          if (refused) return httpError(429, refused.message);
          const info = await worlds.terrainInfo(params.worldId, query.x, query.y);
          if (info === 'unknown-world') return httpError(404, UNKNOWN_WORLD);
          if (info === 'outside') return httpError(400, 'That position is outside the world');
          return info;
        },
        {
          game: true,
          params: WorldParams,
          query: PositionQuery,
          response: { 200: TerrainInfo, ...errorResponses(400, 401, 403, 404, 429) },
        },
      )
      .get(
        '/world/:worldId/path',
        async ({ params, query, user, set }) => {
          const refused = await overBudget(user, set.headers);
          if (refused) return httpError(429, refused.message);
          const from = { x: query.fromX, y: query.fromY };
          const to = { x: query.toX, y: query.toY };
          const within = await worlds.checkPath(params.worldId, from, to);
          if (within === 'unknown-world') return httpError(404, UNKNOWN_WORLD);
          if (within === 'outside') return httpError(400, 'That position is outside the world');
          // Before any terrain is made: a walk starts at the caller's own survivor and reaches as far as one plan.
          if (!startsAtSurvivor(from, await survivorAt(user, params.worldId))) return httpError(422, PATH_START_FAR);
          if (beyondOnePlan(from, to)) return httpError(422, PATH_TOO_LONG);
          const plan = await worlds.path(params.worldId, from, to);
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
          response: { 200: PathAnswer, ...errorResponses(400, 401, 403, 404, 422, 429) },
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
