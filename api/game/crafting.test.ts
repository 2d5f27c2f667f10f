import { describe, expect, test } from 'bun:test';
import {
  CRAFTABLE_NAMES,
  craftDurationMs,
  craftInputs,
  craftPace,
  crafterUnits,
  craftProgress,
  craftQuality,
  craftWorkMs,
  projectQueue,
  RECIPES,
  recipeById,
  unknownNames,
} from './crafting.ts';
import { planPayment } from './settlements.ts';
import { EQUIPPABLE_NAMES, FINDABLE_ITEMS, ITEMS } from './items.ts';

describe('the recipe book', () => {
  test('names only catalogue items, has unique ids and at least 15 recipes', () => {
    expect(unknownNames()).toEqual([]);
    expect(RECIPES.length).toBeGreaterThanOrEqual(15);
    expect(new Set(RECIPES.map((r) => r.id)).size).toBe(RECIPES.length);
  });

  test('uses every material and Batteries, and makes every piece of equipment, Bandages and each ammunition', () => {
    const used = new Set(RECIPES.flatMap((r) => Object.keys(r.inputs)));
    for (const m of ITEMS.filter((i) => i.type === 'material' && !i.craftedOnly)) expect(used).toContain(m.name);
    expect(used).toContain('Batteries');
    for (const name of [...EQUIPPABLE_NAMES, 'Bandages', ...ITEMS.filter((i) => i.type === 'ammo').map((i) => i.name)]) {
      expect(CRAFTABLE_NAMES).toContain(name);
    }
  });

  test('a Reinforcement Kit is made at a bench and never found', () => {
    expect(CRAFTABLE_NAMES).toContain('Reinforcement Kit');
    expect(FINDABLE_ITEMS.map((i) => i.name)).not.toContain('Reinforcement Kit');
  });
});

describe('paying for a craft', () => {
  const radio = recipeById('portable-radio')!;
  test('the pack first, then storage, each the lowest quality first; what is missing counts both', () => {
    const pack = [
      { id: 1, itemName: 'Scrap Metal', quality: 70, quantity: 1 },
      { id: 2, itemName: 'Batteries', quality: 40, quantity: 3 },
    ];
    const storage = [
      { id: 10, itemName: 'Scrap Metal', quality: 20, quantity: 5, containerId: 7 },
      { id: 11, itemName: 'Electronic Parts', quality: 90, quantity: 1, containerId: 8 },
      { id: 12, itemName: 'Rope', quality: 60, quantity: 2, containerId: 7 },
    ];
    const plan = planPayment(pack, storage, craftInputs(radio, 1));
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.takes).toEqual([
      { from: 'storage', containerId: 8, stackId: 11, itemName: 'Electronic Parts', quality: 90, quantity: 1 },
      { from: 'pack', stackId: 2, itemName: 'Batteries', quality: 40, quantity: 3 },
      { from: 'pack', stackId: 1, itemName: 'Scrap Metal', quality: 70, quantity: 1 },
      { from: 'storage', containerId: 7, stackId: 10, itemName: 'Scrap Metal', quality: 20, quantity: 2 },
      { from: 'storage', containerId: 7, stackId: 12, itemName: 'Rope', quality: 60, quantity: 2 },
    ]);
    const short = planPayment(pack, storage, craftInputs(radio, 3));
    expect(short).toEqual({
      ok: false,
      missing: [
        { itemName: 'Electronic Parts', have: 1, need: 3 },
        { itemName: 'Batteries', have: 3, need: 9 },
        { itemName: 'Scrap Metal', have: 6, need: 9 },
        { itemName: 'Rope', have: 2, need: 6 },
      ],
    });
  });

  test('quality is the units-weighted mean of the inputs; a Scanner adds 15%, never past 100', () => {
    expect(
      craftQuality(
        [
          { quality: 40, quantity: 3 },
          { quality: 80, quantity: 1 },
        ],
        false,
      ),
    ).toBe(50);
    expect(
      craftQuality(
        [
          { quality: 40, quantity: 1 },
          { quality: 80, quantity: 1 },
        ],
        true,
      ),
    ).toBe(69);
    expect(craftQuality([{ quality: 95, quantity: 1 }], true)).toBe(100);
  });
});

describe('the bench', () => {
  const r = recipeById('bandages')!;
  test('work scales with quantity and NPC_TIME_SCALE; crafting NPCs speed it, counted up to a cap', () => {
    expect(craftWorkMs(r, 3, 1)).toBe(r.seconds * 3000);
    expect(craftWorkMs(r, 1, 0.02)).toBe(Math.round(r.seconds * 1000 * 0.02));
    expect(craftPace(0)).toBe(1);
    expect(craftDurationMs(60_000, 1)).toBe(30_000);
    // Crafter units: each NPC 1, a mechanic 1.5, the best 3 counted.
    expect(crafterUnits(Array.from({ length: 10 }, () => []))).toBe(3);
    expect(crafterUnits([['scout'], ['mechanic'], [], ['mechanic', 'guard']])).toBe(4);
    expect(craftPace(crafterUnits([['mechanic'], ['mechanic'], ['mechanic'], []]))).toBe(1 + 4.5);
    // A Workshop: ×0.7 of the work.
    expect(craftWorkMs(r, 1, 1, true)).toBe(Math.round(r.seconds * 1000 * 0.7));
  });

  test('a started job keeps its time; the others follow one after another at the pace now', () => {
    const jobs = [
      { id: 1, workMs: 10_000, startedAt: 0, readyAt: 10_000 },
      { id: 2, workMs: 6_000, startedAt: null, readyAt: null },
      { id: 3, workMs: 4_000, startedAt: null, readyAt: null },
    ];
    expect(projectQueue(jobs, 2_000, 0).map((j) => j.readyAt)).toEqual([10_000, 16_000, 20_000]);
    expect(projectQueue(jobs, 2_000, 1).map((j) => j.readyAt)).toEqual([10_000, 13_000, 15_000]);
    expect(craftProgress({ startedAt: 0, readyAt: 10_000 }, 2_500)).toBe(0.25);
    expect(craftProgress({ startedAt: null, readyAt: 16_000 }, 2_500)).toBe(0);
  });
});
