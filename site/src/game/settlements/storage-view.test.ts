import { expect, test } from 'bun:test';
import type { InventoryItem } from '../../../../api/contract/items.ts';
import { TRANSFER_MAX, TRANSFER_MAX_ITEMS } from '../../../../api/game/settlements.ts';
import { qualityLabel, storedRows } from './storage-view.ts';

const stack = (itemName: string, quantity: number, quality: number, category: InventoryItem['category']): InventoryItem => ({
  id: `${itemName}${quality}`,
  itemName,
  itemType: 'food',
  category,
  quantity,
  metadata: { quality },
});

test('one row per item with its qualities; Take moves the click limit at most', () => {
  const rows = storedRows([
    stack('Canned Beans', 15, 40, 'food'),
    stack('Canned Beans', 10, 70, 'food'),
    stack('Crowbar', 2, 60, 'items'),
    stack('Bottled Water', 3, 55, 'food'),
  ]);
  expect(rows.map((r) => [r.itemName, r.quantity, qualityLabel(r), r.take])).toEqual([
    ['Bottled Water', 3, 'Q55', 3],
    ['Canned Beans', 25, 'Q40–70', TRANSFER_MAX],
    ['Crowbar', 2, 'Q60', TRANSFER_MAX_ITEMS],
  ]);
});
