/**
 * The Crafting section's recipe book as the page lays it out: recipes grouped by what they make (the output's storage
 * category), the ones the survivor can pay for first, each input as have/need counted over the pack and this
 * settlement's storage together (the bench pays from both, the pack first: api/game/crafting.ts planCraftPayment),
 * and the bench time at the pace of the crafters at home. Pure: the server stays the judge of every craft.
 */
import type { InventoryItem } from '../../../../api/contract/items.ts';
import type { StorageEntry } from '../../../../api/contract/settlements.ts';
import {
  CRAFT_QUANTITY_MAX,
  craftDurationMs,
  craftInputs,
  craftWorkMs,
  RECIPES,
  type Recipe,
} from '../../../../api/game/crafting.ts';
import { itemDef, type StorageCategory } from '../../../../api/game/items.ts';
import { type CostLine, costLines, type Held, held } from '../../../../api/game/settlements.ts';

export const CRAFT_GROUPS = ['equipment', 'medicine', 'ammunition', 'materials', 'food'] as const;
export type CraftGroup = (typeof CRAFT_GROUPS)[number];

export const GROUP_LABELS: Record<CraftGroup, string> = {
  equipment: 'Equipment',
  medicine: 'Medicine',
  ammunition: 'Ammunition',
  materials: 'Materials',
  food: 'Food',
};

/** Which group an output's storage category puts its recipe in (misc has no recipe yet: it would sit with materials). */
const GROUP_OF_CATEGORY: Record<StorageCategory, CraftGroup> = {
  items: 'equipment',
  medicine: 'medicine',
  ammo: 'ammunition',
  materials: 'materials',
  food: 'food',
  misc: 'materials',
};

export function groupOf(r: Pick<Recipe, 'output'>): CraftGroup {
  const def = itemDef(r.output.itemName);
  return def ? GROUP_OF_CATEGORY[def.category] : 'materials';
}

/** Units of each item the survivor can craft with: in the pack, and in this settlement's containers (any quality). */
export type Holdings = Held;

export function holdings(pack: readonly InventoryItem[], storage: readonly StorageEntry[]): Holdings {
  return held(
    pack,
    storage.flatMap((e) => e.items),
  );
}

/** One input of a craft: what it needs, what the pack and storage hold, and what the bench would take from storage. */
export type InputRow = CostLine;

/** Counted by the rule every settlement cost uses (api/game/settlements.ts costLines). */
export function inputRows(r: Recipe, quantity: number, h: Holdings): InputRow[] {
  return costLines(craftInputs(r, quantity), h);
}

/** How many crafts of a recipe the holdings pay for, up to CRAFT_QUANTITY_MAX (one request's most). */
export function affordableTimes(r: Recipe, h: Holdings): number {
  let times = CRAFT_QUANTITY_MAX;
  for (const [name, n] of Object.entries(r.inputs)) {
    const have = (h.pack.get(name) ?? 0) + (h.storage.get(name) ?? 0);
    times = Math.min(times, Math.floor(have / n));
  }
  return Math.max(0, times);
}

export interface RecipeEntry {
  recipe: Recipe;
  /** Crafts the holdings pay for (0 when short). */
  times: number;
}

export interface RecipeGroupView {
  group: CraftGroup;
  label: string;
  /** Those the survivor can pay for first, each part in the book's order. */
  recipes: RecipeEntry[];
  /** How many of them can be crafted now. */
  ready: number;
}

/** The book in groups (equipment first, as the rarest finds), empty groups left out. */
export function craftBook(h: Holdings, recipes: readonly Recipe[] = RECIPES): RecipeGroupView[] {
  const entries = recipes.map((recipe) => ({ recipe, times: affordableTimes(recipe, h) }));
  return CRAFT_GROUPS.map((group) => {
    const mine = entries.filter((e) => groupOf(e.recipe) === group);
    const ready = mine.filter((e) => e.times > 0);
    return { group, label: GROUP_LABELS[group], recipes: [...ready, ...mine.filter((e) => e.times === 0)], ready: ready.length };
  }).filter((g) => g.recipes.length > 0);
}

/** What a quantity field holds, as a quantity the server takes: a whole number 1–CRAFT_QUANTITY_MAX. */
export function clampQuantity(raw: number | string): number {
  const n = Math.floor(Number(raw));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, CRAFT_QUANTITY_MAX);
}

/**
 * A job's bench time at scale 1 with `crafters` NPCs at the bench and, where one stands, a Workshop (ms). NPC_TIME_SCALE is the server's: on a test
 * server the job is quicker than this, and the queue shows the server's own readyAt once queued.
 */
export function benchMs(r: Recipe, quantity: number, crafters: number, workshop = false): number {
  return craftDurationMs(craftWorkMs(r, quantity, 1, workshop), crafters);
}
