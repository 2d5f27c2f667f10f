import { expect, test } from 'bun:test';
import type { InventoryItem } from '../../../../api/contract/items.ts';
import {
  BED_BASE_COST,
  CONTAINER_BASE_COST,
  REINFORCE_COST,
  scaledCost,
  SHELTER_COST,
} from '../../../../api/game/settlements.ts';
import { affordable, materialRows } from './costs.ts';
import { BUILD_KINDS, buildKind, costOfNext, defaultBuildingName } from './kinds.ts';

const stack = (itemName: string, quantity: number, quality = 50): InventoryItem => ({
  id: `${itemName}-${quality}`,
  itemName,
  itemType: 'material',
  category: 'materials',
  quantity,
  metadata: { quality },
});

test('owned sums every stack of a material whatever its quality; short marks what is missing', () => {
  const rows = materialRows([stack('Wood Planks', 2, 20), stack('Wood Planks', 1, 80), stack('Scrap Metal', 1)], SHELTER_COST);
  expect(rows).toEqual(
    Object.entries(SHELTER_COST).map(([itemName, required]) => {
      const owned = { 'Wood Planks': 3, 'Scrap Metal': 1 }[itemName] ?? 0;
      return { itemName, owned, required, short: owned < required };
    }),
  );
  expect(affordable(rows)).toBe(false);
  const plenty = Object.entries(REINFORCE_COST).map(([name, n]) => stack(name, n));
  expect(affordable(materialRows(plenty, REINFORCE_COST))).toBe(true);
});

test('the build menu: a bed and one container per storage category, named by default', () => {
  expect(BUILD_KINDS.map((k) => k.key)).toEqual(['bed', ...Object.keys(CONTAINER_BASE_COST).map((c) => `container:${c}`)]);
  expect(defaultBuildingName(buildKind('bed'))).toBe('Bed');
  expect(defaultBuildingName(buildKind('container:food'))).toBe('Food Storage');
  expect(buildKind('nonsense').key).toBe('bed');
});

test('the next one costs more for each of the same kind already standing (beds with beds, containers by subtype)', () => {
  const standing = [
    { type: 'bed' as const, subtype: null },
    { type: 'container' as const, subtype: 'food' as const },
    { type: 'container' as const, subtype: 'food' as const },
  ];
  expect(costOfNext(buildKind('bed'), standing)).toEqual(scaledCost(BED_BASE_COST, 1));
  expect(costOfNext(buildKind('container:food'), standing)).toEqual(scaledCost(CONTAINER_BASE_COST.food, 2));
  expect(costOfNext(buildKind('container:ammo'), standing)).toEqual(CONTAINER_BASE_COST.ammo);
});
