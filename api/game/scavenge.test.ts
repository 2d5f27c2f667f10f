import { describe, expect, test } from 'bun:test';
import { rarityWeights, rollRarity, type LootPlace } from './loot.ts';
import { seededRng } from './random.ts';
import { npcSpawnChance, recoveredSignificance, SCAVENGE_RULES, scavengeStep } from './scavenge.ts';
import { NO_TOOLS, significanceFloor } from '../contract/actions.ts';
import { itemDef } from '../contract/items.ts';

const house: LootPlace = { type: 'abandoned_house', biome: 'plains', landmark: false };

describe('loot rarity', () => {
  test('an ordinary place gives 80% common, 15% uncommon, 5% rare over 10,000 rolls', () => {
    const rng = seededRng(7);
    const counts = { common: 0, uncommon: 0, rare: 0 };
    for (let i = 0; i < 10_000; i++) counts[rollRarity(rng, house)] += 1;
    expect(counts.common / 10_000).toBeCloseTo(0.8, 1);
    expect(Math.abs(counts.uncommon / 10_000 - 0.15)).toBeLessThan(0.015);
    expect(Math.abs(counts.rare / 10_000 - 0.05)).toBeLessThan(0.01);
  });

  test('valuable places and landmarks shift the odds toward rare', () => {
    const base = rarityWeights(house);
    const outpost = rarityWeights({ type: 'military_outpost', biome: 'hills', landmark: true });
    const share = (w: Record<string, number>) => w.rare! / (w.common! + w.uncommon! + w.rare!);
    expect(share(outpost)).toBeGreaterThan(share(base) * 3);
  });
});

describe('scavenge steps', () => {
  test('each step lowers significance by one and the place is picked clean at 0 without tools', () => {
    const rng = seededRng(1);
    let s = 4;
    const outcomes = [];
    while (true) {
      const o = scavengeStep(house, s, NO_TOOLS, rng);
      outcomes.push(o);
      if (!o.searched) break;
      expect(o.after).toBe(s - 1);
      s = o.after;
    }
    expect(outcomes).toHaveLength(5);
    expect(outcomes[3]).toMatchObject({ searched: true, after: 0, depleted: true });
    expect(outcomes[4]).toEqual({ searched: false, depleted: true, significance: 0 });
  });

  test('a crowbar searches on to −3 and a multitool to −5', () => {
    expect(significanceFloor(NO_TOOLS)).toBe(0);
    expect(significanceFloor({ ...NO_TOOLS, crowbar: true })).toBe(-3);
    expect(significanceFloor({ ...NO_TOOLS, crowbar: true, multitool: true })).toBe(-5);
    const rng = seededRng(2);
    const steps = (tools: typeof NO_TOOLS) => {
      let s = 0;
      let n = 0;
      for (;;) {
        const o = scavengeStep(house, s, tools, rng);
        if (!o.searched) return n;
        s = o.after;
        n += 1;
      }
    };
    expect(steps(NO_TOOLS)).toBe(0);
    expect(steps({ ...NO_TOOLS, crowbar: true })).toBe(3);
    expect(steps({ ...NO_TOOLS, multitool: true })).toBe(5);
  });

  test('a multitool yields about 20% more and a scanner lifts quality by about 15%', () => {
    const total = (tools: typeof NO_TOOLS, seed: number) => {
      const rng = seededRng(seed);
      let quantity = 0;
      let quality = 0;
      let finds = 0;
      for (let i = 0; i < 5000; i++) {
        const o = scavengeStep(house, 4, tools, rng);
        if (!o.searched) continue;
        for (const it of o.items) {
          quantity += it.quantity;
          quality += it.metadata.quality;
          finds += 1;
        }
      }
      return { quantity, quality: quality / finds };
    };
    const plain = total(NO_TOOLS, 11);
    const multi = total({ ...NO_TOOLS, multitool: true }, 11);
    const scan = total({ ...NO_TOOLS, scanner: true }, 11);
    expect(multi.quantity / plain.quantity).toBeGreaterThan(1.12);
    expect(multi.quantity / plain.quantity).toBeLessThan(1.28);
    expect(scan.quality / plain.quality).toBeGreaterThan(1.08);
    expect(scan.quality / plain.quality).toBeLessThan(1.17);
  });

  test('every item granted is in the catalogue with a quality inside 1–100', () => {
    const rng = seededRng(3);
    for (let i = 0; i < 2000; i++) {
      const o = scavengeStep(
        { type: 'hospital', biome: 'ruins', landmark: i % 2 === 0 },
        5,
        { crowbar: false, multitool: true, scanner: true },
        rng,
      );
      if (!o.searched) continue;
      for (const it of o.items) {
        const def = itemDef(it.itemName);
        expect(def).toBeDefined();
        expect(it.itemType).toBe(def!.type);
        expect(it.quantity).toBeGreaterThanOrEqual(1);
        expect(it.metadata.quality).toBeGreaterThanOrEqual(1);
        expect(it.metadata.quality).toBeLessThanOrEqual(100);
      }
    }
  });
});

describe('NPC spawn signal', () => {
  test('5% per point above 39, nothing below 40, capped at certainty', () => {
    expect(npcSpawnChance(39)).toBe(0);
    expect(npcSpawnChance(40)).toBeCloseTo(0.05);
    expect(npcSpawnChance(45)).toBeCloseTo(0.3);
    expect(npcSpawnChance(59)).toBe(1);
    expect(npcSpawnChance(80)).toBe(1);
  });

  test('a spawn resets the place to 0', () => {
    const o = scavengeStep({ type: 'bunker', biome: 'hills', landmark: true }, 60, NO_TOOLS, () => 0);
    expect(o).toMatchObject({ searched: true, npcSpawn: true, after: 0, depleted: true });
    const rng = seededRng(5);
    let spawns = 0;
    for (let i = 0; i < 10_000; i++) {
      const step = scavengeStep(house, 42, NO_TOOLS, rng);
      if (step.searched && step.npcSpawn) spawns += 1;
    }
    expect(spawns / 10_000).toBeCloseTo(0.15, 1);
  });
});

describe('recovery', () => {
  test('a searched place regains one point per 30 minutes up to its starting significance', () => {
    const step = SCAVENGE_RULES.recoveryMsPerPoint;
    expect(recoveredSignificance(0, 4, 0, step - 1)).toBe(0);
    expect(recoveredSignificance(0, 4, 0, step)).toBe(1);
    expect(recoveredSignificance(-5, 4, 0, step * 3)).toBe(-2);
    expect(recoveredSignificance(0, 4, 0, step * 100)).toBe(4);
    expect(recoveredSignificance(7, 4, 0, step * 100)).toBe(7);
  });
});

test('operators can lower the wanderer threshold: each point from it adds 5%', () => {
  expect(npcSpawnChance(40)).toBeCloseTo(0.05);
  expect(npcSpawnChance(4, 0)).toBeCloseTo(0.25);
  expect(npcSpawnChance(4, -20)).toBe(1);
  expect(npcSpawnChance(4)).toBe(0);
});
