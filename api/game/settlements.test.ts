import { expect, test } from 'bun:test';
import {
  BED_BASE_COST,
  CONTAINER_BASE_COST,
  canManage,
  containerCapacity,
  CONTAINER_MAX_LEVEL,
  insufficientMessage,
  nextBuildingCost,
  planPayment,
  scaledCost,
  SHELTER_COST,
  transferLimit,
} from './settlements.ts';
import { planConsolidate, planDeposit, planFixCategorization, planWithdraw, units } from './storage.ts';

test('the n-th building of a kind costs base × (1 + 0.5 n), rounded up per material', () => {
  expect(scaledCost(BED_BASE_COST, 0)).toEqual({ 'Cloth Scraps': 3, 'Wood Planks': 2 });
  expect(scaledCost(BED_BASE_COST, 1)).toEqual({ 'Cloth Scraps': 5, 'Wood Planks': 3 });
  expect(scaledCost(BED_BASE_COST, 2)).toEqual({ 'Cloth Scraps': 6, 'Wood Planks': 4 });
  expect(scaledCost(CONTAINER_BASE_COST.ammo, 3)).toEqual({ 'Steel Pipes': 5, 'Scrap Metal': 10 });
  // Beds count beds; containers count containers of their own subtype only.
  const standing = [
    { type: 'bed', subtype: null },
    { type: 'container', subtype: 'food' },
    { type: 'container', subtype: 'food' },
  ] as const;
  expect(nextBuildingCost('bed', null, standing)).toEqual(scaledCost(BED_BASE_COST, 1));
  expect(nextBuildingCost('container', 'food', standing)).toEqual({ 'Wood Planks': 8, 'Scrap Metal': 4 });
  expect(nextBuildingCost('container', 'medicine', standing)).toEqual(CONTAINER_BASE_COST.medicine);
});

test('payment takes the lowest quality first and takes nothing when anything is missing', () => {
  const stacks = [
    { id: 1, itemName: 'Wood Planks', quality: 70, quantity: 5 },
    { id: 2, itemName: 'Wood Planks', quality: 20, quantity: 2 },
    { id: 3, itemName: 'Scrap Metal', quality: 50, quantity: 2 },
    { id: 4, itemName: 'Cloth Scraps', quality: 40, quantity: 1 },
  ];
  const pack = (stackId: number, itemName: string, quality: number, quantity: number) =>
    ({ from: 'pack', stackId, itemName, quality, quantity }) as const;
  expect(planPayment(stacks, [], SHELTER_COST)).toEqual({
    ok: true,
    takes: [
      pack(2, 'Wood Planks', 20, 2),
      pack(1, 'Wood Planks', 70, 1),
      pack(3, 'Scrap Metal', 50, 2),
      pack(4, 'Cloth Scraps', 40, 1),
    ],
  });
  const short = planPayment(stacks.slice(0, 3), [], SHELTER_COST);
  expect(short).toEqual({ ok: false, missing: [{ itemName: 'Cloth Scraps', have: 0, need: 1 }] });
  expect(insufficientMessage(short.ok ? [] : short.missing)).toBe('Insufficient materials! Missing 1 Cloth Scraps.');
});

test('capacity grows 50 per reinforcement up to the maximum level; transfers cap at 20 (1 for equipment)', () => {
  expect(containerCapacity(0)).toBe(100);
  expect(containerCapacity(1)).toBe(150);
  expect(containerCapacity(CONTAINER_MAX_LEVEL + 3)).toBe(containerCapacity(CONTAINER_MAX_LEVEL));
  expect(transferLimit('Canned Beans')).toBe(20);
  expect(transferLimit('Crowbar')).toBe(1);
});

test('managers: bed holders, and the founder while nobody holds a bed there', () => {
  expect(canManage('f', { founderId: 'f', bedHolders: [] })).toBe(true);
  expect(canManage('f', { founderId: 'f', bedHolders: ['g'] })).toBe(false);
  expect(canManage('g', { founderId: 'f', bedHolders: ['g'] })).toBe(true);
  expect(canManage('h', { founderId: 'f', bedHolders: [] })).toBe(false);
});

const food = (id: number, level = 0, stacks: { id: number; itemName: string; quality: number; quantity: number }[] = []) => ({
  id,
  subtype: 'food' as const,
  level,
  stacks,
});

test('deposits fill containers of the category in order and leave what does not fit', () => {
  const inv = [
    { id: 1, itemName: 'Canned Beans', quality: 50, quantity: 130 },
    { id: 2, itemName: 'Wood Planks', quality: 50, quantity: 4 },
  ];
  const plan = planDeposit(inv, [food(10, 0, [{ id: 5, itemName: 'Wild Berries', quality: 30, quantity: 10 }]), food(11)]);
  expect(plan.moves.map((m) => [m.toContainerId, m.quantity])).toEqual([
    [10, 90],
    [11, 40],
  ]);
  expect(plan.left).toBe(0);
  expect(plan.noContainer).toEqual(['materials']);
  const full = planDeposit(inv, [food(10)], 'food');
  expect(units(full.moves)).toBe(100);
  expect(full.left).toBe(30);
});

test('withdraw takes the best quality first, capped per click; consolidate and categorisation conserve units', () => {
  const a = food(1, 0, [
    { id: 1, itemName: 'Canned Beans', quality: 40, quantity: 15 },
    { id: 2, itemName: 'Canned Beans', quality: 80, quantity: 10 },
  ]);
  const w = planWithdraw([a], 'Canned Beans', 50);
  expect(w.capped).toBe(true);
  expect(w.moves.map((m) => [m.quality, m.quantity])).toEqual([
    [80, 10],
    [40, 10],
  ]);
  const b = food(2, 0, [{ id: 3, itemName: 'Wild Berries', quality: 30, quantity: 30 }]);
  const c = planConsolidate([a, b]);
  expect(c.map((m) => [m.fromStackId, m.toContainerId, m.quantity])).toEqual([[3, 1, 30]]);
  const misplaced = {
    id: 3,
    subtype: 'misc' as const,
    level: 0,
    stacks: [{ id: 9, itemName: 'Canned Beans', quality: 50, quantity: 80 }],
  };
  const fix = planFixCategorization([a, misplaced]);
  expect(units(fix.moves)).toBe(75);
  expect(fix.stuck).toBe(5);
});
