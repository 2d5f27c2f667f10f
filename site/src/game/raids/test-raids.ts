/** A Defence answer and a raid as the routes answer them, for the raid tests. */
import type { DefenceView, RaidView } from '../../../../api/contract/raids.ts';

export const defenceView = (over: Partial<DefenceView> = {}): DefenceView => ({
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
  ...over,
});

export const raidView = (over: Partial<RaidView> = {}): RaidView => ({
  id: '1',
  warnedAt: '2026-03-01T19:58:30.000Z',
  arrivedAt: '2026-03-01T20:00:00.000Z',
  strength: 40,
  defence: 52,
  outcome: 'repelled',
  losses: [],
  ammoSpent: 6,
  injured: [],
  ...over,
});
