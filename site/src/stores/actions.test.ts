import { beforeEach, expect, test } from 'bun:test';
import { NO_TOOLS, sameForageArea, TOOL_ITEMS } from '../../../api/game/actions.ts';
import type { EquipmentItem } from '../../../api/contract/equipment.ts';
import type { InventoryItem } from '../../../api/contract/items.ts';
import { equipSlotOf, wornTools } from '../../../api/game/equipment.ts';
import { seededRng } from '../../../api/game/random.ts';
import { scavengeStep } from '../../../api/game/scavenge.ts';
import {
  $forageScoured,
  $inventory,
  $lastForage,
  $playerTile,
  $results,
  $tools,
  addResult,
  pickedClean,
  resetActionStores,
  RESULTS_KEPT,
  type NearbyPoiView,
} from './actions.ts';
import { $equipment, resetEquipmentStores } from './equipment.ts';

beforeEach(() => {
  resetActionStores();
  resetEquipmentStores();
});

const poi: NearbyPoiView = {
  id: 'p',
  name: 'P',
  type: 'church',
  biome: 'ruins',
  landmark: false,
  significance: 5,
  currentSignificance: 2,
};

test('the Forage button is disabled exactly where the server refuses: the shared same-area rule, over a grid', () => {
  $lastForage.set({ tileX: 3, tileY: -7 });
  for (let tileX = -30; tileX <= 36; tileX += 1) {
    for (let tileY = -40; tileY <= 26; tileY += 3) {
      $playerTile.set({ tileX, tileY });
      expect($forageScoured.get()).toBe(sameForageArea({ tileX: 3, tileY: -7 }, { tileX, tileY }));
    }
  }
});

test('forage is scoured within 2 cells of 5 tiles of the last forage, on both axes', () => {
  expect($forageScoured.get()).toBe(false);
  $playerTile.set({ tileX: 12, tileY: 12 });
  $lastForage.set({ tileX: 12, tileY: 12 });
  expect($forageScoured.get()).toBe(true);
  $playerTile.set({ tileX: 12 + 12, tileY: 12 }); // cell 2 → 4: still within 2 cells
  expect($forageScoured.get()).toBe(true);
  $playerTile.set({ tileX: 12 + 13, tileY: 12 }); // cell 5
  expect($forageScoured.get()).toBe(false);
});

test('picked clean at the floor of your tools (0 without), or while the server’s depleted answer holds', () => {
  expect(pickedClean(poi, null, NO_TOOLS)).toBe(false);
  expect(pickedClean({ ...poi, currentSignificance: 0 }, null, NO_TOOLS)).toBe(true);
  expect(pickedClean({ ...poi, currentSignificance: 0 }, null, { ...NO_TOOLS, crowbar: true })).toBe(false);
  expect(pickedClean({ ...poi, currentSignificance: -3 }, null, { ...NO_TOOLS, crowbar: true })).toBe(true);
  expect(pickedClean(poi, { poiId: 'p', significance: 2 }, NO_TOOLS)).toBe(true);
  expect(pickedClean(poi, { poiId: 'p', significance: 1 }, NO_TOOLS)).toBe(false);
  expect(pickedClean(poi, { poiId: 'q', significance: 2 }, NO_TOOLS)).toBe(false);
});

const stack = (itemName: string): InventoryItem => ({
  id: itemName,
  itemName,
  itemType: 'equipment',
  category: 'items',
  quantity: 1,
  metadata: { quality: 50 },
});
const wearing = (itemName: string): EquipmentItem => ({ id: itemName, itemName, slot: equipSlotOf(itemName)!, quality: 50 });

test('the Scavenge button and the server agree: disabled exactly where a search would find the place picked clean', () => {
  const outfits = [[], [TOOL_ITEMS.crowbar], [TOOL_ITEMS.multitool], [TOOL_ITEMS.crowbar, TOOL_ITEMS.scanner]];
  for (const outfit of outfits) {
    $equipment.set({ status: 'ready', items: outfit.map(wearing) });
    const tools = $tools.get();
    expect(tools).toEqual(wornTools(outfit.map((itemName) => ({ itemName }))));
    for (let significance = -8; significance <= 6; significance++) {
      const disabled = pickedClean({ ...poi, currentSignificance: significance }, null, tools);
      const server = scavengeStep(
        { type: poi.type, biome: poi.biome, landmark: false },
        significance,
        tools,
        seededRng(significance),
      );
      expect({ outfit, significance, disabled }).toEqual({ outfit, significance, disabled: !server.searched });
    }
  }
});

test('tools in the pack do nothing: only worn ones count', () => {
  $inventory.set({ status: 'ready', items: [stack(TOOL_ITEMS.crowbar), stack(TOOL_ITEMS.multitool)] });
  expect($tools.get()).toEqual(NO_TOOLS);
  $equipment.set({ status: 'ready', items: [wearing(TOOL_ITEMS.crowbar)] });
  expect($tools.get()).toEqual({ ...NO_TOOLS, crowbar: true });
});

test('results: newest first, the last 8', () => {
  for (let i = 0; i < RESULTS_KEPT + 3; i++) addResult({ kind: 'forage', place: `p${i}`, items: [], note: '' });
  expect($results.get().length).toBe(RESULTS_KEPT);
  expect($results.get()[0]!.place).toBe(`p${RESULTS_KEPT + 2}`);
});
