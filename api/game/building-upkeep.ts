/**
 * What the buildings a settlement's level unlocks cost to keep: each level of a Workshop or Walls eats a little
 * material every in-game day, paid by the simulation from the settlement's storage with the meals. Unpaid, a building
 * loses condition; at none, one level — it never vanishes. Beds and containers cost nothing to keep. One home: the
 * simulation applies it (api/modules/npcs/settlement-events.ts), the Settlement panel and the wiki show the numbers.
 * Pure: no server imports.
 */
import type { Materials } from './settlements.ts';
import type { UnlockedBuilding } from './settlement-levels.ts';

/** What one level of each costs per in-game day. */
export const UPKEEP_PER_LEVEL: Readonly<Record<UnlockedBuilding, Materials>> = {
  workshop: { 'Scrap Metal': 1 },
  walls: { 'Wood Planks': 1 },
  storehouse: { 'Cloth Scraps': 1 },
  watchtower: { 'Wood Planks': 1 },
  infirmary: { 'Glass Shards': 1 },
};
/** Days of unpaid upkeep a building stands before it loses a level (its condition when new or kept up). */
export const CONDITION_MAX = 3;

export interface UpkeptBuilding {
  type: UnlockedBuilding;
  level: number;
  condition: number;
}

/** A day's upkeep of one building at its level (nothing at level 0: it has nothing left to keep). */
export function upkeepOf(b: Pick<UpkeptBuilding, 'type' | 'level'>): Materials {
  if (b.level <= 0) return {};
  return Object.fromEntries(Object.entries(UPKEEP_PER_LEVEL[b.type]).map(([name, n]) => [name, n * b.level]));
}

/**
 * After a day: paid, condition is regained (one a day, up to the maximum); unpaid, one is lost, and a building with
 * none left loses a level and stands again at full condition.
 */
export function afterUpkeepDay(b: UpkeptBuilding, paid: boolean): UpkeptBuilding & { lostLevel: boolean } {
  if (b.level <= 0) return { ...b, lostLevel: false };
  if (paid) return { ...b, condition: Math.min(CONDITION_MAX, b.condition + 1), lostLevel: false };
  if (b.condition > 0) return { ...b, condition: b.condition - 1, lostLevel: false };
  return { ...b, level: b.level - 1, condition: CONDITION_MAX, lostLevel: true };
}

/** Whole days of upkeep `stored` (units by item, the settlement's storage) pays for at today's costs. */
export function daysInStore(daily: Materials, stored: ReadonlyMap<string, number>): number | null {
  const needs = Object.entries(daily).filter(([, n]) => n > 0);
  if (needs.length === 0) return null;
  return Math.min(...needs.map(([name, n]) => Math.floor((stored.get(name) ?? 0) / n)));
}

export const UPKEEP_TEXT = {
  lostLevel: (building: string, settlement: string, level: number) =>
    `${building} of ${settlement} lost a level (now ${level}): its upkeep went unpaid`,
} as const;
