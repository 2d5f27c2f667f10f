import { describe, expect, test } from 'bun:test';
import { conditionOf, dailyMeals, NPC_FOOD_PER_DAY, treatment, UNFED_DAYS_TO_LEAVE } from './upkeep.ts';

describe('upkeep', () => {
  test('each NPC eats once a day, the worst food first; what is eaten is what the pantry lost', () => {
    const food = [
      { itemName: 'Canned Beans', quality: 80, quantity: 5 },
      { itemName: 'Berries', quality: 20, quantity: 1 },
    ];
    const day = dailyMeals(
      [
        { npcId: 'a', unfedDays: 0 },
        { npcId: 'b', unfedDays: 0 },
      ],
      food,
    );
    expect(day.fed.every((f) => f.unfedDays === 0)).toBe(true);
    expect(day.eaten).toEqual([
      { itemName: 'Berries', quality: 20, quantity: 1 },
      { itemName: 'Canned Beans', quality: 80, quantity: 2 * NPC_FOOD_PER_DAY - 1 },
    ]);
    expect(food[0]!.quantity).toBe(5);
  });

  test('short of food, the longest unfed eats first; an NPC unfed for days leaves', () => {
    const day = dailyMeals(
      [
        { npcId: 'fed-yesterday', unfedDays: 0 },
        { npcId: 'starving', unfedDays: UNFED_DAYS_TO_LEAVE - 1 },
      ],
      [{ itemName: 'Berries', quality: 10, quantity: NPC_FOOD_PER_DAY }],
    );
    expect(day.fed.find((f) => f.npcId === 'starving')!.unfedDays).toBe(0);
    expect(day.fed.find((f) => f.npcId === 'fed-yesterday')!.unfedDays).toBe(1);
    expect(day.leaving).toEqual([]);
    const empty = dailyMeals([{ npcId: 'starving', unfedDays: UNFED_DAYS_TO_LEAVE - 1 }], []);
    expect(empty.leaving).toEqual(['starving']);
  });

  test('condition: injured outranks hungry; treatment uses the best medicine', () => {
    expect(conditionOf({ injuredUntil: 2_000, unfedDays: 1 }, 1_000)).toBe('injured');
    expect(conditionOf({ injuredUntil: 500, unfedDays: 1 }, 1_000)).toBe('hungry');
    expect(conditionOf({ injuredUntil: null, unfedDays: 0 }, 1_000)).toBe('fit');
    expect(
      treatment([
        { itemName: 'Bandages', quality: 30, quantity: 4 },
        { itemName: 'Antibiotics', quality: 90, quantity: 1 },
      ]),
    ).toEqual({ itemName: 'Antibiotics', quality: 90, quantity: 1 });
    expect(treatment([])).toBeNull();
  });
});
