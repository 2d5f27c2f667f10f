import { describe, expect, test } from 'bun:test';
import {
  BACKPACK_CAPACITY_BONUS_G,
  capacityOf,
  carryLimit,
  describeStacks,
  fitInPack,
  ITEM_WEIGHTS_G,
  kg,
  loadOf,
  PACK_CAPACITY_G,
  packStateOf,
  paceAt,
  SLOWEST_PACE,
  weightOf,
} from './carrying.ts';
import { ITEMS } from './items.ts';
import { budgetAt, budgetCap, decideMove, freshMoveState, settledAt } from './movement.ts';

describe('carrying', () => {
  test('every catalogue item has a positive whole-gram weight', () => {
    for (const item of ITEMS) {
      const g = ITEM_WEIGHTS_G[item.name] ?? 0;
      expect(Number.isInteger(g) && g > 0).toBe(true);
    }
    expect(Object.keys(ITEM_WEIGHTS_G).sort()).toEqual(ITEMS.map((i) => i.name).sort());
  });

  test('the load counts the pack and what is worn; a worn Backpack raises the capacity', () => {
    expect(loadOf([{ itemName: 'Wood Planks', quantity: 4 }])).toBe(6000);
    const state = packStateOf({ carried: [{ itemName: 'Rope', quantity: 10 }], worn: ['Crowbar', 'Backpack'] });
    expect(state).toEqual({
      load: 10 * 600 + weightOf('Crowbar') + weightOf('Backpack'),
      capacity: PACK_CAPACITY_G + BACKPACK_CAPACITY_BONUS_G,
    });
    expect(capacityOf([], 25_000)).toBe(25_000);
  });

  test('pace: full speed up to capacity, linearly to half at 1.5 × capacity, never below half', () => {
    const cap = PACK_CAPACITY_G;
    expect(paceAt(0, cap)).toBe(1);
    expect(paceAt(cap, cap)).toBe(1);
    expect(paceAt(cap * 1.25, cap)).toBeCloseTo(0.75, 10);
    expect(paceAt(carryLimit(cap), cap)).toBe(SLOWEST_PACE);
    expect(paceAt(cap * 5, cap)).toBe(SLOWEST_PACE);
  });

  test('fitInPack takes the most valuable first (rarer, then better), whole units only, and never passes the limit', () => {
    const pack = { load: carryLimit(PACK_CAPACITY_G) - 2500, capacity: PACK_CAPACITY_G };
    const { taken, left } = fitInPack(
      [
        { itemName: 'Wood Planks', quality: 90, quantity: 3 },
        { itemName: 'Multitool', quality: 40, quantity: 1 },
        { itemName: 'Rope', quality: 30, quantity: 2 },
        { itemName: 'Rope', quality: 70, quantity: 2 },
      ],
      pack,
    );
    // 2,500 g of room: the Multitool (rare, 300 g), then by quality among the common: one plank (1,500 g), one of
    // the better Rope (600 g); the 100 g left holds nothing more.
    expect(taken).toEqual([
      { itemName: 'Multitool', quality: 40, quantity: 1 },
      { itemName: 'Wood Planks', quality: 90, quantity: 1 },
      { itemName: 'Rope', quality: 70, quantity: 1 },
    ]);
    expect(left).toEqual([
      { itemName: 'Wood Planks', quality: 90, quantity: 2 },
      { itemName: 'Rope', quality: 70, quantity: 1 },
      { itemName: 'Rope', quality: 30, quantity: 2 },
    ]);
    expect(pack.load + loadOf(taken)).toBeLessThanOrEqual(carryLimit(PACK_CAPACITY_G));
    expect(fitInPack([{ itemName: 'Rope', quality: 1, quantity: 1 }], { load: 99_999, capacity: PACK_CAPACITY_G }).taken).toEqual(
      [],
    );
  });

  test('words: "3 Wood Planks and 1 Rope", kilograms with one decimal', () => {
    expect(
      describeStacks([
        { itemName: 'Wood Planks', quantity: 2 },
        { itemName: 'Rope', quantity: 1 },
        { itemName: 'Wood Planks', quantity: 1 },
      ]),
    ).toBe('3 Wood Planks and 1 Rope');
    expect(kg(40_000)).toBe('40 kg');
    expect(kg(12_345)).toBe('12.3 kg');
  });
});

describe('the movement budget at a pace', () => {
  const open = { worldExtent: 1e6, isPassable: () => true };
  test('refills at pace × speed up to the cap for that pace; a step past it is refused', () => {
    const spent = { ...freshMoveState(0, 0, 0), budget: 0 };
    expect(budgetAt(spent, 1000, 0.5)).toBeCloseTo(budgetAt(spent, 1000, 1) / 2, 10);
    expect(budgetAt(spent, 3_600_000, 0.5)).toBe(budgetCap(0.5));
    const far = { x: (budgetCap(0.5) + budgetCap(1)) / 2, y: 0 };
    expect(decideMove(spent, far, 3_600_000, open, 0.5).accepted).toBe(false);
    expect(decideMove(spent, far, 3_600_000, open, 1).accepted).toBe(true);
  });
  test('a new pace applies from now on: what was regained before stays', () => {
    const spent = { ...freshMoveState(0, 0, 0), budget: 0 };
    const settled = settledAt(spent, 1000, 1);
    expect(settled.budget).toBeCloseTo(budgetAt(spent, 1000, 1), 10);
    expect(settled.at).toBe(1000);
  });
});
