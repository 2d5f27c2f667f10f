import { expect, test } from 'bun:test';
import type { InventoryItem } from '../../../../api/contract/items.ts';
import type { StorageEntry } from '../../../../api/contract/settlements.ts';
import {
  BED_BASE_COST,
  CONTAINER_BASE_COST,
  REINFORCE_COST,
  scaledCost,
  SHELTER_COST,
} from '../../../../api/game/settlements.ts';
import { affordable, materialRows, reinforceRows } from './costs.ts';
import { kindRefusal, BUILD_KINDS, buildKind, costOfNext, defaultBuildingName } from './kinds.ts';

const stack = (itemName: string, quantity: number, quality = 50): InventoryItem => ({
  id: `${itemName}-${quality}`,
  itemName,
  itemType: 'material',
  category: 'materials',
  quantity,
  metadata: { quality },
});

const stored = (items: [string, number][]): StorageEntry[] => [
  {
    building: { id: '1', settlementId: '1', type: 'container', subtype: 'materials', name: 'Crate', level: 0, occupant: null },
    items: items.map(([itemName, quantity]) => ({ id: itemName, itemName, quantity, quality: 50 })),
    usedCapacity: 0,
    maxCapacity: 100,
    protectedCapacity: 50,
  } as unknown as StorageEntry,
];

test('have sums every stack of a material whatever its quality; short marks what is missing', () => {
  const rows = materialRows([stack('Wood Planks', 2, 20), stack('Wood Planks', 1, 80), stack('Scrap Metal', 1)], SHELTER_COST);
  expect(rows.map(({ itemName, have, need, short }) => ({ itemName, have, need, short }))).toEqual(
    Object.entries(SHELTER_COST).map(([itemName, need]) => {
      const have = { 'Wood Planks': 3, 'Scrap Metal': 1 }[itemName] ?? 0;
      return { itemName, have, need, short: have < need };
    }),
  );
  expect(affordable(rows)).toBe(false);
  const plenty = Object.entries(REINFORCE_COST).map(([name, n]) => stack(name, n));
  expect(affordable(materialRows(plenty, REINFORCE_COST))).toBe(true);
});

test("a settlement cost counts the pack and the settlement's storage together, the pack first", () => {
  // After "Deposit all": the pack is empty, 18 planks sit in storage.
  const rows = materialRows(
    [stack('Cloth Scraps', 1)],
    CONTAINER_BASE_COST.misc,
    stored([
      ['Wood Planks', 18],
      ['Cloth Scraps', 4],
    ]),
  );
  expect(rows).toEqual([
    { itemName: 'Wood Planks', need: 2, pack: 0, storage: 18, have: 18, missing: 0, short: false, fromStorage: 2 },
    { itemName: 'Cloth Scraps', need: 2, pack: 1, storage: 4, have: 5, missing: 0, short: false, fromStorage: 1 },
  ]);
  expect(affordable(rows)).toBe(true);
});

test('a Reinforcement Kit in the pack or storage is what a reinforcement costs; without one, the raw materials', () => {
  const kit = stack('Reinforcement Kit', 1);
  expect(reinforceRows([kit], []).map((r) => [r.itemName, r.have, r.need])).toEqual([['Reinforcement Kit', 1, 1]]);
  expect(affordable(reinforceRows([], stored([['Reinforcement Kit', 1]])))).toBe(true);
  const raw = reinforceRows([stack('Scrap Metal', 5)], stored([['Cloth Scraps', 3]]));
  expect(raw.map((r) => r.itemName)).toEqual(Object.keys(REINFORCE_COST));
  expect(affordable(raw)).toBe(true);
  expect(affordable(reinforceRows([stack('Scrap Metal', 5)], []))).toBe(false);
});

test('the build menu: a bed, one container per storage category, a Workshop, Walls, a Storehouse, a Watchtower and an Infirmary, named by default', () => {
  expect(BUILD_KINDS.map((k) => k.key)).toEqual([
    'bed',
    ...Object.keys(CONTAINER_BASE_COST).map((c) => `container:${c}`),
    'workshop',
    'walls',
    'storehouse',
    'watchtower',
    'infirmary',
  ]);
  expect(kindRefusal(buildKind('infirmary'), 1, [])).toBe('needs Town');
  expect(defaultBuildingName(buildKind('storehouse'))).toBe('Storehouse');
  expect(kindRefusal(buildKind('storehouse'), 0, [])).toBe('needs Outpost');
  expect(kindRefusal(buildKind('storehouse'), 1, [{ type: 'storehouse' }])).toBe('built');
  expect(defaultBuildingName(buildKind('walls'))).toBe('Walls');
  expect(defaultBuildingName(buildKind('bed'))).toBe('Bed');
  expect(defaultBuildingName(buildKind('container:food'))).toBe('Food Storage');
  expect(buildKind('nonsense').key).toBe('bed');
});

test('a Workshop and Walls wait for an Outpost, and one of each stands', () => {
  expect(kindRefusal(buildKind('workshop'), 0, [])).toBe('needs Outpost');
  expect(kindRefusal(buildKind('walls'), 1, [])).toBeNull();
  expect(kindRefusal(buildKind('walls'), 2, [{ type: 'walls' }])).toBe('built');
  expect(kindRefusal(buildKind('bed'), 0, [{ type: 'bed' }])).toBeNull();
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
