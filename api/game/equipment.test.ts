import { expect, test } from 'bun:test';
import { loadCoreForBun } from '../../core-wasm/index.ts';
import { VISION_BASE_TILES } from '../../core-wasm/constants.ts';
import { NO_TOOLS } from '../contract/actions.ts';
import { EQUIPPABLE_NAMES, ITEMS } from '../contract/items.ts';
import {
  bestForEmptySlots,
  dayNightVision,
  EQUIPMENT_REACH,
  equipmentEffects,
  equipRefusal,
  equipSlotOf,
  guessSlot,
  hasRadio,
  matchesEquipList,
  NIGHT_VISION,
  nightVisionMultiplier,
  planUnequipAll,
  visionInput,
  wornTools,
} from './equipment.ts';
import { SETTLEMENT_REACH } from './settlements.ts';

const worn = (...names: string[]) => names.map((itemName) => ({ itemName }));

test('only the spec’s equippable names can be worn, each in its catalogue slot', () => {
  expect(EQUIPMENT_REACH).toBe(SETTLEMENT_REACH);
  for (const name of EQUIPPABLE_NAMES) expect(equipSlotOf(name)).toBe(ITEMS.find((i) => i.name === name)!.slot!);
  expect(equipSlotOf('Binoculars')).toBe('vision');
  expect(equipSlotOf('Night Vision Goggles')).toBe('vision');
  expect(equipSlotOf('Scanner')).toBe('device');
  expect(equipSlotOf('Canned Beans')).toBeNull();
  expect(equipSlotOf('Rusty Crowbar')).toBeNull();
  expect(equipRefusal('Crowbar', 'tool')).toBeNull();
  expect(equipRefusal('Crowbar', 'vision')).toBe('Crowbar goes in the tool slot, not vision');
  expect(equipRefusal('Wood Planks', 'other')).toBe('Wood Planks cannot be equipped');
});

test('the equip list matches names containing the spec’s names; the shown slot is guessed from the name', () => {
  expect(matchesEquipList('Binoculars')).toBe(true);
  expect(matchesEquipList('Old Binoculars')).toBe(true);
  expect(matchesEquipList('Canned Beans')).toBe(false);
  expect(guessSlot('Binoculars')).toBe('vision');
  expect(guessSlot('Portable Radio')).toBe('communication');
  expect(guessSlot('Lockpick Set')).toBe('tool');
  expect(guessSlot('Crowbar')).toBe('tool');
  expect(guessSlot('Multitool')).toBe('tool');
  expect(guessSlot('Flashlight')).toBe('light');
  expect(guessSlot('Scanner')).toBe('device');
  // The spec's guess knows nothing of goggles: the catalogue's vision slot is what the server uses.
  expect(guessSlot('Night Vision Goggles')).toBe('equipment');
});

test('equip-all picks the best quality per empty slot, the lowest id among equals, and skips filled slots', () => {
  const storage = [
    { id: 1, itemName: 'Crowbar', quality: 40, quantity: 1 },
    { id: 2, itemName: 'Multitool', quality: 70, quantity: 1 },
    { id: 3, itemName: 'Binoculars', quality: 60, quantity: 2 },
    { id: 4, itemName: 'Night Vision Goggles', quality: 60, quantity: 1 },
    { id: 5, itemName: 'Canned Beans', quality: 99, quantity: 5 },
    { id: 6, itemName: 'Flashlight', quality: 50, quantity: 0 },
    { id: 7, itemName: 'Portable Radio', quality: 80, quantity: 1 },
  ];
  expect(bestForEmptySlots(storage, ['communication']).map((p) => [p.slot, p.item.id])).toEqual([
    ['vision', 3],
    ['tool', 2],
  ]);
  expect(bestForEmptySlots(storage, [])).toHaveLength(3);
  expect(bestForEmptySlots([], [])).toEqual([]);
});

test('unequip-all fills containers of the item’s category with room, in id order, then the pack', () => {
  const container = (id: number, subtype: 'items' | 'food', used: number) => ({
    id,
    subtype,
    level: 0,
    stacks: used ? [{ id: 100 + id, itemName: 'Rope', quality: 1, quantity: used }] : [],
  });
  const gear = [
    { id: 1, itemName: 'Binoculars' },
    { id: 2, itemName: 'Crowbar' },
    { id: 3, itemName: 'Scanner' },
  ];
  expect(planUnequipAll(gear, [container(9, 'items', 99), container(8, 'food', 0)])).toEqual([
    { id: 1, toContainerId: 9 },
    { id: 2, toContainerId: null },
    { id: 3, toContainerId: null },
  ]);
  expect(planUnequipAll(gear, [container(5, 'items', 100), container(6, 'items', 0)]).map((p) => p.toContainerId)).toEqual([
    6, 6, 6,
  ]);
  expect(planUnequipAll(gear, []).every((p) => p.toContainerId === null)).toBe(true);
});

test('effects: tools only when worn, the radio gate, night vision 0.5 → 0.7 (Flashlight) → 0.9 (goggles)', () => {
  expect(wornTools(worn())).toEqual(NO_TOOLS);
  expect(wornTools(worn('Crowbar', 'Scanner'))).toEqual({ crowbar: true, multitool: false, scanner: true });
  expect(hasRadio(worn('Portable Radio'))).toBe(true);
  expect(hasRadio(worn('Binoculars'))).toBe(false);
  expect(nightVisionMultiplier(worn())).toBe(0.5);
  expect(nightVisionMultiplier(worn('Flashlight'))).toBe(NIGHT_VISION.Flashlight);
  expect(nightVisionMultiplier(worn('Night Vision Goggles', 'Flashlight'))).toBe(0.9);
  expect(equipmentEffects(worn('Binoculars'))).toEqual({
    binoculars: true,
    nightVisionMultiplier: 0.5,
    radio: false,
    tools: NO_TOOLS,
  });
  const night = { isDay: false, visionMultiplier: 0.5 };
  const day = { isDay: true, visionMultiplier: 1 };
  expect(dayNightVision(night, { nightVisionMultiplier: 0.7 })).toBe(0.7);
  expect(dayNightVision(day, { nightVisionMultiplier: 0.9 })).toBe(1);
});

test('the core’s vision: binoculars ×2.5 by day standing still, nothing at night or walking; night gear widens the night', async () => {
  const core = await loadCoreForBun();
  const radius = (names: string[], time: { isDay: boolean; visionMultiplier: number }, moving = false) =>
    core.visionRadius(visionInput(equipmentEffects(worn(...names)), time, { onHills: false, moving }));
  const day = { isDay: true, visionMultiplier: 1 };
  const night = { isDay: false, visionMultiplier: 0.5 };
  expect(radius([], day)).toBe(VISION_BASE_TILES);
  expect(radius(['Binoculars'], day)).toBe(VISION_BASE_TILES * 2.5);
  expect(radius(['Binoculars'], day, true)).toBe(VISION_BASE_TILES);
  expect(radius(['Binoculars'], night)).toBe(VISION_BASE_TILES * 0.5);
  expect(radius(['Flashlight'], night)).toBeCloseTo(VISION_BASE_TILES * 0.7);
  expect(radius(['Night Vision Goggles'], night)).toBeCloseTo(VISION_BASE_TILES * 0.9);
  expect(radius(['Night Vision Goggles'], day)).toBe(VISION_BASE_TILES);
});
