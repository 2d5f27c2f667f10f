import { expect, test } from 'bun:test';
import { CRAFT_QUANTITY_MAX, RECIPES, type Recipe, recipeById } from '../../../../api/game/crafting.ts';
import { affordableTimes, benchMs, CRAFT_GROUPS, clampQuantity, craftBook, groupOf, holdings, inputRows } from './book.ts';
import { container, stack } from './test-crafting.ts';

// The book's numbers are balance (api/game/crafting.ts): these tests read them rather than repeat them.
const radio = recipeById('portable-radio')!;
const none = holdings([], []);
const made = (id: string, itemName: string, inputs: Record<string, number>, seconds = 30): Recipe => ({
  id,
  name: itemName,
  output: { itemName, quantity: 1 },
  inputs,
  seconds,
});

test('each recipe sits in the group of what it makes: equipment, medicine, ammunition, materials, food', () => {
  expect(groupOf(radio)).toBe('equipment');
  expect(groupOf(recipeById('bandages')!)).toBe('medicine');
  expect(groupOf(recipeById('pistol-rounds')!)).toBe('ammunition');
  expect(groupOf(recipeById('electronic-parts')!)).toBe('materials');
  expect(groupOf(recipeById('reinforcement-kit')!)).toBe('materials');
  expect(groupOf(recipeById('smoked-fish')!)).toBe('food');
  expect(groupOf({ output: { itemName: 'Not An Item', quantity: 1 } })).toBe('materials');
});

test('the whole book: every recipe once, the groups in their order, none empty, nothing ready with nothing held', () => {
  const book = craftBook(none);
  expect(book.map((g) => g.group)).toEqual([...CRAFT_GROUPS]);
  expect(book.map((g) => g.label)).toEqual(['Equipment', 'Medicine', 'Ammunition', 'Materials', 'Food']);
  expect(book.flatMap((g) => g.recipes.map((e) => e.recipe.id)).sort()).toEqual(RECIPES.map((r) => r.id).sort());
  expect(book.every((g) => g.ready === 0)).toBe(true);
  // With nothing to pay, each group keeps the book's order.
  expect(book[0]!.recipes.map((e) => e.recipe.id)).toEqual(RECIPES.filter((r) => groupOf(r) === 'equipment').map((r) => r.id));
});

test('what the survivor can pay for comes first in its group, from pack and storage together; the rest keep their order', () => {
  const recipes = [
    made('a', 'Flashlight', { Batteries: 2 }),
    made('b', 'Crowbar', { 'Steel Pipes': 1 }),
    made('c', 'Binoculars', { 'Glass Shards': 3 }),
    made('d', 'Bandages', { 'Cloth Scraps': 1 }),
  ];
  // Glass Shards: 1 in the pack, 2 in storage.
  const h = holdings([stack('Glass Shards', 1), stack('Cloth Scraps', 4)], [container('c1', [stack('Glass Shards', 2)])]);
  const book = craftBook(h, recipes);
  expect(book.map((g) => g.group)).toEqual(['equipment', 'medicine']);
  expect(book[0]!.recipes.map((e) => [e.recipe.id, e.times])).toEqual([
    ['c', 1],
    ['a', 0],
    ['b', 0],
  ]);
  expect(book[0]!.ready).toBe(1);
  expect(book[1]!.recipes.map((e) => [e.recipe.id, e.times])).toEqual([['d', 4]]);
  // Without the storage the binoculars wait with the rest.
  expect(craftBook(holdings([stack('Glass Shards', 1)], []), recipes)[0]!.ready).toBe(0);
});

test('a Portable Radio paid exactly by pack and storage is ready', () => {
  const entries = Object.entries(radio.inputs);
  const [storedName, storedNeed] = entries[0]!;
  const pack = entries.slice(1).map(([name, need]) => stack(name, need));
  const h = holdings(pack, [container('c1', [stack(storedName, storedNeed)])]);
  const equipment = craftBook(h).find((g) => g.group === 'equipment')!;
  expect(equipment.recipes.find((e) => e.recipe.id === 'portable-radio')!.times).toBe(1);
  expect(equipment.recipes.findIndex((e) => e.recipe.id === 'portable-radio')).toBeLessThan(equipment.ready);
  expect(
    craftBook(holdings(pack, []))
      .find((g) => g.group === 'equipment')!
      .recipes.find((e) => e.recipe.id === 'portable-radio')!.times,
  ).toBe(0);
});

test('how many crafts the holdings pay for, never more than one request takes', () => {
  const cloth = made('x', 'Bandages', { 'Cloth Scraps': 2 });
  expect(affordableTimes(cloth, holdings([stack('Cloth Scraps', 7)], []))).toBe(3);
  expect(affordableTimes(cloth, holdings([stack('Cloth Scraps', 1)], []))).toBe(0);
  expect(affordableTimes(cloth, holdings([stack('Cloth Scraps', 500)], []))).toBe(CRAFT_QUANTITY_MAX);
});

test('input rows: have/need over pack and storage (any quality), what is missing, what the bench would take from storage', () => {
  const r = made('r', 'Portable Radio', { 'Electronic Parts': 1, Batteries: 2, 'Scrap Metal': 2, Rope: 1 });
  const h = holdings(
    [stack('Batteries', 1), stack('Scrap Metal', 3), stack('Scrap Metal', 2, 90)],
    [container('c1', [stack('Batteries', 2), stack('Rope', 1)])],
  );
  expect(inputRows(r, 2, h)).toEqual([
    { itemName: 'Electronic Parts', need: 2, pack: 0, storage: 0, have: 0, missing: 2, short: true, fromStorage: 0 },
    { itemName: 'Batteries', need: 4, pack: 1, storage: 2, have: 3, missing: 1, short: true, fromStorage: 2 },
    { itemName: 'Scrap Metal', need: 4, pack: 5, storage: 0, have: 5, missing: 0, short: false, fromStorage: 0 },
    { itemName: 'Rope', need: 2, pack: 0, storage: 1, have: 1, missing: 1, short: true, fromStorage: 1 },
  ]);
  // The pack pays first: one craft's two Batteries take one from the pack and one from storage.
  expect(inputRows(r, 1, h).find((x) => x.itemName === 'Batteries')).toMatchObject({ need: 2, fromStorage: 1, short: false });
});

test('a quantity field becomes what the server takes: a whole number from 1 to the most', () => {
  expect(clampQuantity('3')).toBe(3);
  expect(clampQuantity('2.7')).toBe(2);
  expect(clampQuantity('')).toBe(1);
  expect(clampQuantity('0')).toBe(1);
  expect(clampQuantity('-4')).toBe(1);
  expect(clampQuantity('abc')).toBe(1);
  expect(clampQuantity(99)).toBe(CRAFT_QUANTITY_MAX);
});

test('bench time: the recipe’s seconds per craft, divided by the pace the crafters at home give', () => {
  const r = made('t', 'Portable Radio', {}, 90);
  expect(benchMs(r, 1, 0)).toBe(90_000);
  expect(benchMs(r, 2, 0)).toBe(180_000);
  expect(benchMs(r, 1, 1)).toBe(45_000);
  // Only so many count.
  expect(benchMs(r, 1, 99)).toBeGreaterThan(0);
  expect(benchMs(r, 1, 99)).toBe(benchMs(r, 1, 50));
  expect(benchMs(radio, 1, 0)).toBe(radio.seconds * 1000);
});
