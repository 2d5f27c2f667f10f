import { Elysia } from 'elysia';
import { ForageBody, PoiParams, ScavengeBody, WorldQuery } from '../../contract/actions.ts';
import { DEFAULT_WORLD_ID } from '../../contract/world.ts';
import type { Services } from '../../services.ts';
import { gameAccessPlugin } from '../game-access.ts';
import type { ActionsService } from './service.ts';

/** Scavenging, foraging, inventory and the NPC spawn check (spec section 7). */
export function actionsModule(services: Services, actions: ActionsService) {
  return new Elysia({ prefix: '/api' })
    .use(gameAccessPlugin(services))
    .post(
      '/poi/:id/scavenge',
      async ({ user, params, body, status }) => {
        const result = await actions.scavenge(user, body.worldId, params.id);
        return 'error' in result ? status(result.error.status, { message: result.error.message }) : result;
      },
      { game: true, params: PoiParams, body: ScavengeBody },
    )
    .post(
      '/forage',
      async ({ user, body, status }) => {
        const result = await actions.forage(user, body.worldId, { x: body.playerX, y: body.playerY });
        return 'error' in result ? status(result.error.status, { message: result.error.message }) : result;
      },
      { game: true, body: ForageBody },
    )
    .get(
      '/player/inventory',
      async ({ user, query }) => ({ items: await actions.inventory(user.id, query.worldId ?? DEFAULT_WORLD_ID) }),
      {
        game: true,
        query: WorldQuery,
      },
    )
    .get('/player/npc-spawn-check', ({ user, query }) => actions.npcSpawnCheck(user.id, query.worldId ?? DEFAULT_WORLD_ID), {
      game: true,
      query: WorldQuery,
    });
}
