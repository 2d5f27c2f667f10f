/**
 * Crafting on the page, as nanostores: the bench queue of the settlement here while the player manages it,
 * and the crafting call in flight. The logic that fills them lives in site/src/game/crafting/; these are plain state.
 */
import { atom } from 'nanostores';
import type { CraftQueueView } from '../../../api/contract/crafting.ts';
import type { Loaded } from './raids.ts';

/** GET /settlements/:id/craft-queue of the settlement here: its jobs in bench order and the crafters at home. */
export const $craftQueue = atom<Loaded<CraftQueueView> | null>(null);

/** The craft or cancel in flight ('craft:<recipeId>', 'cancel:<jobId>'): one at a time, every bench button waits. */
export const $craftBusy = atom<string | null>(null);

export function resetCraftingStores(): void {
  $craftQueue.set(null);
  $craftBusy.set(null);
}
