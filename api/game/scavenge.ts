import { isPickedClean, SIGNIFICANCE_FLOOR, type Tools } from './actions.ts';
import type { LootItem } from '../contract/items.ts';
import { baseQuantity, lootItem, pickItem, rollQuality, rollRarity, stackLoot, type LootPlace } from './loot.ts';
import type { Rng } from './random.ts';

/** The scavenging rules (wiki: Exploration & Resource Gathering). */
export const SCAVENGE_RULES = {
  /** Without tools a place is picked clean at 0; a crowbar pries on to −3, a multitool to −5 (api/contract). */
  floor: SIGNIFICANCE_FLOOR,
  multitoolYieldBonus: 0.2,
  scannerQualityBonus: 0.15,
  /** Chance a search turns up nothing while the place still has significance, and on the extra searches below 0. */
  emptyChance: 0.2,
  emptyChanceBelowZero: 0.6,
  /** Chance of a second find in one search; landmarks always give one more. */
  secondFindChance: 0.35,
  /** A searched place recovers 1 significance every 30 minutes, back up to its starting significance. */
  recoveryMsPerPoint: 30 * 60 * 1000,
  /** A search of a place with significance 40 or more may draw a survivor: 5% per point above 39. */
  npcMinSignificance: 40,
  npcChancePerPoint: 0.05,
} as const;

/** Significance after recovery since the last change: +1 per 30 minutes, never above the starting value. */
export function recoveredSignificance(stored: number, starting: number, changedAtMs: number, nowMs: number): number {
  if (stored >= starting) return stored;
  const points = Math.floor(Math.max(0, nowMs - changedAtMs) / SCAVENGE_RULES.recoveryMsPerPoint);
  return Math.min(starting, stored + points);
}

/** 5% per point above the threshold (39 by default; operators may lower it: NPC_SPAWN_MIN_SIGNIFICANCE). */
export function npcSpawnChance(significanceBefore: number, minSignificance: number = SCAVENGE_RULES.npcMinSignificance): number {
  if (significanceBefore < minSignificance) return 0;
  return Math.min(1, (significanceBefore - (minSignificance - 1)) * SCAVENGE_RULES.npcChancePerPoint);
}

export type ScavengeOutcome =
  | { searched: false; depleted: true; significance: number }
  | { searched: true; items: LootItem[]; before: number; after: number; depleted: boolean; npcSpawn: boolean };

/**
 * One search step of a place whose current significance is `current`. Pure: the caller locks the place,
 * passes the randomness, and writes the outcome back.
 */
export function scavengeStep(
  place: LootPlace,
  current: number,
  tools: Tools,
  rng: Rng,
  npcMinSignificance: number = SCAVENGE_RULES.npcMinSignificance,
): ScavengeOutcome {
  if (isPickedClean({ currentSignificance: current }, tools)) return { searched: false, depleted: true, significance: current };

  const spawn = rng() < npcSpawnChance(current, npcMinSignificance);
  const after = spawn ? 0 : current - 1;
  const empty = rng() < (current > 0 ? SCAVENGE_RULES.emptyChance : SCAVENGE_RULES.emptyChanceBelowZero);
  const items: LootItem[] = [];
  if (!empty) {
    const finds = 1 + (rng() < SCAVENGE_RULES.secondFindChance ? 1 : 0) + (place.landmark ? 1 : 0);
    for (let i = 0; i < finds; i++) {
      const def = pickItem(rng, rollRarity(rng, place), place);
      let quantity = baseQuantity(rng, def);
      // +20% yield on average: the fractional part becomes one more item with that probability.
      if (tools.multitool) quantity = Math.floor(quantity * (1 + SCAVENGE_RULES.multitoolYieldBonus) + rng());
      const quality = rollQuality(rng, def, tools.scanner ? SCAVENGE_RULES.scannerQualityBonus : 0);
      items.push(lootItem(def, quantity, quality));
    }
  }
  return {
    searched: true,
    items: stackLoot(items),
    before: current,
    after,
    depleted: isPickedClean({ currentSignificance: after }, tools),
    npcSpawn: spawn,
  };
}
