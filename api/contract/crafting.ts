import { type } from 'arktype';
import { CRAFT_QUANTITY_MAX } from '../game/crafting.ts';
import { idText } from './settlements.ts';
import { text, worldIdText } from './text.ts';

/**
 * Crafting on the wire; the rules and the recipe book are api/game/crafting.ts. Times are ISO strings, as
 * everywhere on the wire.
 */

export const RecipeView = type({
  id: 'string',
  name: 'string',
  output: { itemName: 'string', quantity: 'number' },
  inputs: 'Record<string, number>',
  seconds: 'number',
  /** Made only where a Workshop stands. */
  'needsWorkshop?': 'true',
});
export type RecipeView = typeof RecipeView.infer;
/** GET /api/crafting/recipes (public, static). */
export const RecipeBook = type({ recipes: RecipeView.array() });

/** POST /api/settlements/{id}/craft. worldId is the settlement's when left out. */
export const CraftBody = type({
  recipeId: text(1, 64),
  quantity: `1 <= number.integer <= ${CRAFT_QUANTITY_MAX}`,
  'worldId?': worldIdText,
});
export const CraftJobParams = type({ id: idText, jobId: idText });

export const CraftJobView = type({
  id: 'string',
  recipeId: 'string',
  name: 'string',
  quantity: 'number',
  /** What the job delivers in all: the recipe's output × quantity, at the job's quality. */
  output: { itemName: 'string', quantity: 'number', quality: 'number' },
  /** Null while it waits for the jobs ahead of it. */
  startedAt: 'string | null',
  /** A waiting job's readyAt is a projection at the bench's pace now. */
  readyAt: 'string',
  crafterName: 'string | null',
});
export type CraftJobView = typeof CraftJobView.infer;
export const CraftQueueView = type({ jobs: CraftJobView.array(), crafters: 'number' });
export type CraftQueueView = typeof CraftQueueView.infer;
export const CraftQueued = type({
  job: { id: 'string', recipeId: 'string', quantity: 'number', readyAt: 'string' },
  message: 'string',
});
export const CraftCancelled = type({ message: 'string', refunded: { toPack: 'number', toStorage: 'number' } });

/** Live: a job is done, to its crafter and the settlement's members wherever they are. */
export const CraftDoneFrame = type({
  type: "'craft_done'",
  settlementId: idText,
  settlementName: 'string',
  jobId: idText,
  itemName: 'string',
  quantity: 'number',
  quality: 'number',
  /** Where the output went: the crafter's pack (they stood at the settlement, or storage had no room) or storage. */
  deliveredTo: "'pack' | 'storage'",
});
