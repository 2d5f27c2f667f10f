import { Elysia } from 'elysia';
import { ExploredTilesBody, WorldIdQuery, MoveBody, DEFAULT_WORLD_ID } from '../../contract/world.ts';
import type { LiveWorlds } from '../../live/world-live.ts';
import { toPlayerInfo } from '../../live/world-live.ts';
import type { Services } from '../../services.ts';
import { gameAccessPlugin } from '../game-access.ts';
import { sessionPlugin } from '../auth/session.ts';
import { decodeExplored, encodeExplored } from './explored.ts';

/** The signed-in survivor: where they are, where they walk, what they have seen. */
export function playerModule(services: Services, live: LiveWorlds) {
  return new Elysia({ prefix: '/api/player' })
    .use(sessionPlugin(services))
    .use(gameAccessPlugin(services))
    .post(
      '/logout',
      async ({ user }) => {
        await live.logout(user.id);
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
        return toPlayerInfo(w, true);
      },
      { game: true, query: WorldIdQuery },
    )
    .post(
      '/move',
      async ({ user, body, query }) => {
        const w = await live.walker(user, query.worldId ?? DEFAULT_WORLD_ID);
        live.touch(w);
        return live.move(w, body);
      },
      { game: true, body: MoveBody, query: WorldIdQuery },
    )
    .get(
      '/explored-tiles',
      async ({ user, query }) => {
        const rows = await services.repos.world.exploredChunks(user.id, query.worldId ?? DEFAULT_WORLD_ID);
        return { exploredTiles: encodeExplored(rows) };
      },
      { game: true, query: WorldIdQuery },
    )
    .post(
      '/explored-tiles',
      async ({ user, body, status }) => {
        const decoded = decodeExplored(body.exploredTiles);
        if (!decoded.ok) return status(400, { message: decoded.message });
        await services.repos.world.mergeExplored(user.id, body.worldId, decoded.chunks);
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
