import { expect, test } from 'bun:test';
import { groupLosses, unitsLost } from './losses.ts';

test('the same item and quality from two containers is one line; by name, best quality first', () => {
  const losses = [
    { itemName: 'Canned Beans', quality: 40, quantity: 3 },
    { itemName: 'Ammunition', quality: 70, quantity: 5 },
    { itemName: 'Canned Beans', quality: 80, quantity: 1 },
    { itemName: 'Canned Beans', quality: 40, quantity: 2 },
    { itemName: 'Bandages', quality: 55, quantity: 0 },
  ];
  expect(groupLosses(losses)).toEqual([
    { itemName: 'Ammunition', quality: 70, quantity: 5 },
    { itemName: 'Canned Beans', quality: 80, quantity: 1 },
    { itemName: 'Canned Beans', quality: 40, quantity: 5 },
  ]);
  expect(unitsLost(losses)).toBe(11);
  expect(losses[0]).toEqual({ itemName: 'Canned Beans', quality: 40, quantity: 3 }); // the answer is left as it came
});

test('no losses, no lines', () => {
  expect(groupLosses([])).toEqual([]);
  expect(unitsLost([])).toBe(0);
});
