/**
 * Spec section 9: a shelter, summed over stacks of any quality (the lowest quality is spent first). In a module of its
 * own (re-exported by settlements.ts) so the game page's first-run guide, which shows on the first screen, names it
 * without pulling in the settlement rules and the item catalogue.
 */
import type { Materials } from './settlements.ts';

export const SHELTER_COST: Materials = { 'Wood Planks': 3, 'Scrap Metal': 2, 'Cloth Scraps': 1 };
