import { Elysia } from 'elysia';
import { ChunksQuery, PositionQuery, RegionQuery, WorldParams } from '../../contract/world.ts';
import type { LiveHub } from '../../live/hub.ts';
import { toWorldEvent } from '../../live/game-log.ts';
import type { Services } from '../../services.ts';
import { gameAccessPlugin } from '../game-access.ts';
import { sessionPlugin } from '../auth/session.ts';
import type { WorldService } from './service.ts';

const EVENTS_SHOWN = 50;

/** World, clock, terrain and who is around: spec section 7, "World and player". */
export function worldModule(services: Services, worlds: WorldService, live: LiveHub) {
  const known = async (worldId: string) => (await worlds.world(worldId)) !== null;
  const unknownWorld = { message: 'Unknown world' };

  return new Elysia({ prefix: '/api' })
    .use(sessionPlugin(services))
    .use(gameAccessPlugin(services))
    .get('/world/default', () => worlds.ensureDefault(), { auth: true })
    .get('/time', () => worlds.time())
    .get(
      '/world/:worldId/chunks',
      async ({ params, query, status }) => {
        const region = await worlds.region(params.worldId, query.centerChunkX, query.centerChunkY, query.chunkRadius ?? 1);
        return region ?? status(404, unknownWorld);
      },
      { game: true, params: WorldParams, query: ChunksQuery },
    )
    .get(
      '/world/:worldId/settlements',
      async ({ params, status }) => ((await known(params.worldId)) ? [] : status(404, unknownWorld)),
      { game: true, params: WorldParams, query: RegionQuery },
    )
    .get(
      '/world/:worldId/shelters',
      async ({ params, status }) => ((await known(params.worldId)) ? [] : status(404, unknownWorld)),
      { game: true, params: WorldParams, query: RegionQuery },
    )
    .get(
      '/world/:worldId/terrain-info',
      async ({ params, query, status }) => {
        const info = await worlds.terrainInfo(params.worldId, query.x, query.y);
        if (info === 'unknown-world') return status(404, unknownWorld);
        if (info === 'outside') return status(400, { message: 'That position is outside the world' });
        return info;
      },
      { game: true, params: WorldParams, query: PositionQuery },
    )
    .get(
      '/world/:worldId/players',
      async ({ params, user, status }) => {
        if (!(await known(params.worldId))) return status(404, unknownWorld);
        const me = await live.walker(user, params.worldId);
        live.touch(me);
        return live.visibleTo(me);
      },
      { game: true, params: WorldParams },
    )
    .get(
      '/world/:worldId/events',
      async ({ params, status }) => {
        if (!(await known(params.worldId))) return status(404, unknownWorld);
        const rows = await services.repos.world.recentEvents(params.worldId, EVENTS_SHOWN);
        return rows.map(toWorldEvent);
      },
      { game: true, params: WorldParams },
    );
}
