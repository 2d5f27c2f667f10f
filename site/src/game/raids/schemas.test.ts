import { expect, test } from 'bun:test';
import { toDefenceView, toRaidViews } from './schemas.ts';

const defence = {
  rating: 34,
  defenders: 3,
  ammo: 12,
  protectedCapacity: 50,
  wealthAbove: 120,
  threat: 'high',
  nextRaidAt: null,
  nextNightAt: '2026-03-01T18:00:00.000Z',
  protectedUntil: null,
  upkeep: { npcs: 3, foodPerDay: 3, food: 10, medicine: 2 },
};
const raid = {
  id: '1',
  warnedAt: '2026-03-01T19:58:30.000Z',
  arrivedAt: '2026-03-01T20:00:00.000Z',
  strength: 40,
  defence: 34,
  outcome: 'breached',
  losses: [{ itemName: 'Canned Beans', quality: 40, quantity: 5 }],
  ammoSpent: 6,
  injured: ['Ada'],
};

test('a Defence answer is read as it came; dates turned into Date objects are put back; a wrong one is an error', () => {
  expect(toDefenceView(defence)).toEqual(defence as never);
  expect(toDefenceView({ ...defence, nextNightAt: new Date('2026-03-01T18:00:00.000Z') }).nextNightAt).toBe(
    '2026-03-01T18:00:00.000Z',
  );
  expect(() => toDefenceView({ ...defence, threat: 'extreme' })).toThrow(/unexpected Defence answer/);
});

test('raids: each one that matches the contract, the others skipped', () => {
  const warn = console.warn;
  let warned = 0;
  console.warn = () => void warned++;
  try {
    expect(toRaidViews([raid, { ...raid, id: '2', outcome: 'draw' }])).toEqual([raid as never]);
    expect(warned).toBe(1);
    expect(toRaidViews('nope')).toEqual([]);
  } finally {
    console.warn = warn;
  }
});
