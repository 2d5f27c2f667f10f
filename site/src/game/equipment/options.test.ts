import { expect, test } from 'bun:test';
import type { InventoryItem } from '../../../../api/contract/items.ts';
import type { SettlementView } from '../../../../api/contract/settlements.ts';
import { EQUIPMENT_REACH } from '../../../../api/game/equipment.ts';
import { equipOptions, slotRows } from './options.ts';
import { equipSiteAt } from './site.ts';

const stack = (id: string, itemName: string, quality = 50, quantity = 1): InventoryItem => ({
  id,
  itemName,
  itemType: 'equipment',
  category: 'items',
  quantity,
  metadata: { quality },
});

test('slots in order with what fills each', () => {
  const rows = slotRows([{ id: '9', itemName: 'Crowbar', slot: 'tool', quality: 60 }]);
  expect(rows.map((r) => r.label)).toEqual(['Vision', 'Communication', 'Tool', 'Light', 'Device', 'Other']);
  expect(rows.find((r) => r.slot === 'tool')!.item!.itemName).toBe('Crowbar');
  expect(rows.filter((r) => r.item).length).toBe(1);
});

test('the pack offers what the catalogue lets you wear; storage offers names containing the spec’s names', () => {
  const options = equipOptions(
    [stack('1', 'Canned Beans'), stack('2', 'Binoculars', 40), stack('3', 'Binoculars', 80), stack('4', 'Night Vision Goggles')],
    [
      { id: '10', itemName: 'Old Crowbar', quality: 30, quantity: 1 },
      { id: '11', itemName: 'Rope', quality: 30, quantity: 4 },
      { id: '12', itemName: 'Portable Radio', quality: 70, quantity: 1 },
    ],
  );
  expect(options.map((o) => [o.source, o.itemId, o.slot, o.shownSlot])).toEqual([
    ['inventory', '3', 'vision', 'Vision'],
    ['inventory', '2', 'vision', 'Vision'],
    // The spec's guess shows goggles as plain equipment; the request names the catalogue's slot.
    ['inventory', '4', 'vision', 'Equipment'],
    // Not in the catalogue: listed by its name, its guessed slot sent, and the server will say why not.
    ['settlement', '10', 'tool', 'Tool'],
    ['settlement', '12', 'communication', 'Communication'],
  ]);
  expect(options[0]!.label).toBe('Binoculars (quality 80, Vision) from pack');
  expect(new Set(options.map((o) => o.key)).size).toBe(options.length);
});

test('gear changes at the nearest settlement you manage within the equipment reach', () => {
  const s = (id: string, x: number, status: 'manageable' | 'visible' = 'manageable') =>
    ({ id, name: `S${id}`, x, y: 0, status }) as SettlementView;
  const mine = [s('1', 0), s('2', 60), s('3', 30, 'visible')];
  expect(equipSiteAt(mine, { x: 40, y: 0 })?.id).toBe('2');
  expect(equipSiteAt(mine, { x: 20, y: 0 })?.id).toBe('1');
  expect(equipSiteAt(mine, { x: 60 + EQUIPMENT_REACH, y: 0 })?.id).toBe('2');
  expect(equipSiteAt(mine, { x: 60 + EQUIPMENT_REACH + 1, y: 0 })).toBeNull();
  expect(equipSiteAt([s('3', 0, 'visible')], { x: 0, y: 0 })).toBeNull();
});
