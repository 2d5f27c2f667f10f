import { expect, test } from 'bun:test';
import type { InventoryItem } from '../../../../api/contract/items.ts';
import type { StorageCategory } from '../../../../api/game/items.ts';
import { groupInventory, inventoryTotal, itemRows, qualityRange } from './inventory.ts';

const stack = (id: string, itemName: string, category: StorageCategory, quantity: number, quality: number): InventoryItem => ({
  id,
  itemName,
  itemType: 'material',
  category,
  quantity,
  metadata: { quality },
});

test('stacks are grouped by storage category in catalogue order, sorted by name then best quality, with totals', () => {
  const groups = groupInventory([
    stack('1', 'Scrap Metal', 'materials', 2, 40),
    stack('2', 'Canned Beans', 'food', 1, 70),
    stack('3', 'Cloth Scraps', 'materials', 3, 20),
    stack('4', 'Scrap Metal', 'materials', 1, 75),
    stack('5', 'Batteries', 'misc', 4, 10),
  ]);
  expect(groups.map((g) => [g.label, g.total])).toEqual([
    ['Food', 1],
    ['Materials', 6],
    ['Misc', 4],
  ]);
  expect(groups[1]!.stacks.map((s) => `${s.itemName} Q${s.metadata.quality}`)).toEqual([
    'Cloth Scraps Q20',
    'Scrap Metal Q75',
    'Scrap Metal Q40',
  ]);
});

test('an unknown category falls into misc; an empty pack has no groups', () => {
  const odd = { ...stack('9', 'Mystery', 'misc', 1, 1), category: 'gadgets' as StorageCategory };
  expect(groupInventory([odd]).map((g) => g.category)).toEqual(['misc']);
  expect(groupInventory([])).toEqual([]);
  expect(inventoryTotal([stack('1', 'A', 'misc', 2, 1), stack('2', 'B', 'food', 3, 1)])).toBe(5);
});

test('one row per item: the stacks of each quality summed, the range of qualities, the breakdown best first', () => {
  const [materials] = groupInventory([
    stack('1', 'Scrap Metal', 'materials', 2, 40),
    stack('3', 'Cloth Scraps', 'materials', 3, 20),
    stack('4', 'Scrap Metal', 'materials', 1, 75),
  ]);
  const rows = itemRows(materials!.stacks);
  expect(rows.map((r) => [r.itemName, r.quantity, qualityRange(r)])).toEqual([
    ['Cloth Scraps', 3, 'Q20'],
    ['Scrap Metal', 3, 'Q40–75'],
  ]);
  expect(rows[1]!.stacks.map((s) => [s.quantity, s.metadata.quality])).toEqual([
    [1, 75],
    [2, 40],
  ]);
});
