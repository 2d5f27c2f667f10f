import { Elysia } from 'elysia';
import { CraftBody, CraftCancelled, CraftJobParams, CraftQueued, CraftQueueView, RecipeBook } from '../../contract/crafting.ts';
import { IdParams } from '../../contract/settlements.ts';
import { errorResponses } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { gameAccessPlugin } from '../game-access.ts';
import type { CraftingService } from './service.ts';

/**
 * Crafting. The recipe book is public; the bench's calls need a lobby seat and answer 400 for bad input,
 * 403 for someone else's settlement or standing too far, 404 for an unknown settlement, recipe or job, 409 when the
 * materials are missing (the spec's "Insufficient materials! Missing …", nothing taken) or the queue is full.
 */
export function craftingModule(services: Services, crafting: CraftingService) {
  const reads = errorResponses(400, 401, 403, 404);
  const writes = errorResponses(400, 401, 403, 404, 409);
  return new Elysia({ prefix: '/api' })
    .get('/crafting/recipes', () => crafting.recipes(), { response: { 200: RecipeBook } })
    .use(gameAccessPlugin(services))
    .post(
      '/settlements/:id/craft',
      ({ user, seatWorldId, params, body }) => crafting.craft(user, seatWorldId, Number(params.id), body),
      {
        game: true,
        params: IdParams,
        body: CraftBody,
        response: { 200: CraftQueued, ...writes },
      },
    )
    .get(
      '/settlements/:id/craft-queue',
      ({ user, seatWorldId, params }) => crafting.queue(user, seatWorldId, Number(params.id)),
      {
        game: true,
        params: IdParams,
        response: { 200: CraftQueueView, ...reads },
      },
    )
    .delete(
      '/settlements/:id/craft-queue/:jobId',
      ({ user, seatWorldId, params }) => crafting.cancel(user, seatWorldId, Number(params.id), Number(params.jobId)),
      { game: true, params: CraftJobParams, response: { 200: CraftCancelled, ...writes } },
    );
}
