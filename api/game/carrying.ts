/**
 * What a survivor can carry. One home: the server judges every pickup and every step by these (api/modules/actions,
 * the storage calls, api/live), the page shows the load bar and walks at the same pace, and the wiki quotes the numbers.
 * Pure: no server imports.
 *
 * Every item has a weight. The pack (with what is worn) holds its capacity at full speed; above it the survivor slows
 * linearly, to half speed at OVERLOAD_LIMIT × capacity, and past that nothing more can be picked up. What is handed
 * back rather than picked up (a cancelled craft's inputs, a dismissed survivor's gear, a craft delivered to its
 * crafter) always lands, even past the limit: no unit ever vanishes, the survivor only walks at half speed.
 */
import { type ItemName, itemDef, type Rarity } from './items.ts';

/** Weights in grams (whole numbers, so sums are exact); shown in kg. */
export const ITEM_WEIGHTS_G: Readonly<Record<ItemName, number>> = {
  'Wood Planks': 1500,
  'Scrap Metal': 1200,
  'Cloth Scraps': 200,
  'Glass Shards': 300,
  Rope: 600,
  'Steel Pipes': 2000,
  'Duct Tape': 200,
  'Electronic Parts': 300,
  'Reinforcement Kit': 3000,
  'Canned Beans': 400,
  'Wild Berries': 100,
  'Edible Roots': 200,
  'Fresh Fish': 500,
  'Dried Meat': 200,
  'Clean Water': 1000,
  'Military Rations': 600,
  Bandages: 50,
  'Medicinal Herbs': 50,
  Painkillers: 50,
  Antibiotics: 50,
  'First Aid Kit': 800,
  'Pistol Rounds': 100,
  'Shotgun Shells': 200,
  'Rifle Rounds': 150,
  Flashlight: 400,
  'Lockpick Set': 200,
  Binoculars: 800,
  Crowbar: 2000,
  'Night Vision Goggles': 1000,
  Scanner: 1000,
  'Portable Radio': 1000,
  Multitool: 300,
  Backpack: 1500,
  Batteries: 100,
  'Old Coins': 50,
  'Pre-war Photograph': 20,
};
/** An item the catalogue does not know (an old row): counted, so it cannot be carried for free. */
export const UNKNOWN_ITEM_WEIGHT_G = 500;

/** What a survivor carries at full speed, in grams (PACK_CAPACITY_KG on the server, default 40). */
export const PACK_CAPACITY_G = 40_000;
/** A worn Backpack adds this much capacity. */
export const BACKPACK_CAPACITY_BONUS_G = 20_000;
/** Past capacity × this nothing more can be picked up; at it the survivor walks at SLOWEST_PACE. */
export const OVERLOAD_LIMIT = 1.5;
export const SLOWEST_PACE = 0.5;

export const CARRY_TEXT = {
  packFull: 'Your pack is full: store or drop something first',
  leftBehind: (what: string) => `Your pack is full: left ${what}`,
} as const;

export interface CarriedStack {
  itemName: string;
  quantity: number;
}

export function weightOf(itemName: string): number {
  return (ITEM_WEIGHTS_G as Record<string, number>)[itemName] ?? UNKNOWN_ITEM_WEIGHT_G;
}

/** Grams carried: the pack's stacks and what is worn (one unit each). */
export function loadOf(stacks: readonly CarriedStack[]): number {
  let g = 0;
  for (const s of stacks) g += weightOf(s.itemName) * s.quantity;
  return g;
}

/** Capacity in grams for what is worn: the base (the server's setting) plus a worn Backpack. */
export function capacityOf(wornNames: readonly string[], base = PACK_CAPACITY_G): number {
  return base + (wornNames.includes('Backpack') ? BACKPACK_CAPACITY_BONUS_G : 0);
}

/** The most a survivor may carry after a pickup. */
export function carryLimit(capacity: number): number {
  return Math.floor(capacity * OVERLOAD_LIMIT);
}

/** Walking speed as a share of full speed: 1 up to capacity, falling linearly to SLOWEST_PACE at the limit. */
export function paceAt(load: number, capacity: number): number {
  if (capacity <= 0) return SLOWEST_PACE;
  if (load <= capacity) return 1;
  const over = (load - capacity) / (carryLimit(capacity) - capacity);
  return Math.max(SLOWEST_PACE, 1 - (1 - SLOWEST_PACE) * over);
}

export interface PackState {
  /** Grams carried now (pack and worn). */
  load: number;
  /** Grams carried at full speed. */
  capacity: number;
}

/** The pack's state from what it holds and what is worn (worn gear weighs too), over the server's base capacity. */
export function packStateOf(
  contents: { carried: readonly CarriedStack[]; worn: readonly string[] },
  base = PACK_CAPACITY_G,
): PackState {
  return {
    load: loadOf(contents.carried) + loadOf(contents.worn.map((itemName) => ({ itemName, quantity: 1 }))),
    capacity: capacityOf(contents.worn, base),
  };
}

const RARITY_RANK: Record<Rarity, number> = { rare: 3, uncommon: 2, common: 1 };

/** Most valuable first: rarer, then better quality, then lighter (more units for the room). */
function moreValuable(a: { itemName: string; quality: number }, b: { itemName: string; quality: number }): number {
  const ra = RARITY_RANK[itemDef(a.itemName)?.rarity ?? 'common'];
  const rb = RARITY_RANK[itemDef(b.itemName)?.rarity ?? 'common'];
  return rb - ra || b.quality - a.quality || weightOf(a.itemName) - weightOf(b.itemName);
}

export interface Fitted<T> {
  /** What goes into the pack (quantities trimmed), most valuable first. */
  taken: T[];
  /** What does not fit, with the quantities that stay. */
  left: T[];
}

/**
 * Which of `stacks` a pickup takes: most valuable first, as many units of each as stay within the carry limit.
 * `load` is what the survivor already carries; a survivor already past the limit takes nothing.
 */
export function fitInPack<T extends { itemName: string; quality: number; quantity: number }>(
  stacks: readonly T[],
  pack: PackState,
): Fitted<T> {
  let room = carryLimit(pack.capacity) - pack.load;
  const taken: T[] = [];
  const left: T[] = [];
  for (const s of [...stacks].sort(moreValuable)) {
    const w = weightOf(s.itemName);
    const n = Math.max(0, Math.min(s.quantity, w === 0 ? s.quantity : Math.floor(room / w)));
    if (n > 0) taken.push({ ...s, quantity: n });
    if (n < s.quantity) left.push({ ...s, quantity: s.quantity - n });
    room -= n * w;
  }
  return { taken, left };
}

/** "3 Wood Planks and 1 Rope" for a left-behind message. */
export function describeStacks(stacks: readonly CarriedStack[]): string {
  const counts = new Map<string, number>();
  for (const s of stacks) counts.set(s.itemName, (counts.get(s.itemName) ?? 0) + s.quantity);
  const parts = [...counts].map(([name, n]) => `${n} ${name}`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** "12.5 kg" */
export function kg(grams: number): string {
  const v = grams / 1000;
  return `${Number.isInteger(v) ? v : v.toFixed(1)} kg`;
}
