import { describe, expect, test } from 'bun:test';
import { sameForageArea } from '../contract/actions.ts';
import { FORAGE_RULES, forageTiles, forageTilesLoot, tileReady } from './forage.ts';
import { seededRng } from './random.ts';

describe('foraging', () => {
  test('covers the 5 × 5 tiles around the player', () => {
    const tiles = forageTiles(10, -3);
    expect(tiles).toHaveLength(25);
    expect(tiles[0]).toEqual({ tileX: 8, tileY: -5 });
    expect(tiles[24]).toEqual({ tileX: 12, tileY: -1 });
  });

  test('a tile rests 20 minutes per player: ready at exactly 20 minutes, not a millisecond before', () => {
    expect(tileReady(null, 0)).toBe(true);
    expect(tileReady(0, FORAGE_RULES.cooldownMs - 1)).toBe(false);
    expect(tileReady(0, FORAGE_RULES.cooldownMs)).toBe(true);
  });

  test('odds per tile are 1:10 food and 1:20 materials', () => {
    const rng = seededRng(9);
    const tiles = Array.from({ length: 40_000 }, () => ({ biome: 'forest' as const }));
    const loot = forageTilesLoot(tiles, rng);
    const count = (names: string[]) => loot.filter((l) => names.includes(l.itemName)).reduce((s, l) => s + l.quantity, 0);
    expect(count(['Wild Berries', 'Medicinal Herbs']) / 40_000).toBeCloseTo(0.1, 1);
    expect(Math.abs(count(['Wood Planks', 'Rope']) / 40_000 - 0.05)).toBeLessThan(0.006);
  });

  test('the land decides what is found: fish by water, scrap in ruins', () => {
    const rng = seededRng(4);
    const water = forageTilesLoot(
      Array.from({ length: 5000 }, () => ({ biome: 'water' as const })),
      rng,
    );
    expect(water.some((l) => l.itemName === 'Fresh Fish')).toBe(true);
    expect(water.some((l) => l.itemName === 'Wild Berries')).toBe(false);
    const ruins = forageTilesLoot(
      Array.from({ length: 5000 }, () => ({ biome: 'ruins' as const })),
      rng,
    );
    expect(ruins.some((l) => l.itemName === 'Scrap Metal')).toBe(true);
  });

  test("the client's same-area rule: 5-tile cells within 2 cells", () => {
    expect(sameForageArea({ tileX: 0, tileY: 0 }, { tileX: 14, tileY: 0 })).toBe(true);
    expect(sameForageArea({ tileX: 0, tileY: 0 }, { tileX: 15, tileY: 0 })).toBe(false);
    expect(sameForageArea({ tileX: 0, tileY: 0 }, { tileX: -1, tileY: -10 })).toBe(true);
    expect(sameForageArea({ tileX: 0, tileY: 0 }, { tileX: -11, tileY: 0 })).toBe(false);
  });
});
