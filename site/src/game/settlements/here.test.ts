import { expect, test } from 'bun:test';
import type { SettlementView, ShelterView } from '../../../../api/contract/settlements.ts';
import { SETTLEMENT_REACH, SHELTER_REACH } from '../../../../api/game/settlements.ts';
import { nearestWithin, pickHere, sameHere } from './here.ts';

const settlement = (id: string, x: number, y: number): SettlementView => ({
  id,
  worldId: 'default',
  name: `S${id}`,
  x,
  y,
  biome: 'plains',
  status: 'visible',
  emptyBeds: 0,
  beds: 0,
  founderId: 'sal',
  founderName: 'Sal',
  poiId: null,
  createdAt: '2025-08-01T10:00:00.000Z',
  level: 0,
  levelName: 'Camp',
});
const shelter = (id: string, x: number, y: number, more: Partial<ShelterView> = {}): ShelterView => ({
  id,
  x,
  y,
  tileX: Math.floor(x / 5),
  tileY: Math.floor(y / 5),
  poiId: null,
  settlementId: null,
  builtBy: null,
  ...more,
});

test('nearestWithin: the closest point inside the reach, reach included', () => {
  const pts = [
    { x: 10, y: 0 },
    { x: 3, y: 4 },
    { x: 50, y: 0 },
  ];
  expect(nearestWithin(pts, { x: 0, y: 0 }, 20)).toBe(pts[1]!);
  expect(nearestWithin(pts, { x: 0, y: 0 }, 2)).toBeNull();
  expect(nearestWithin(pts, { x: 0, y: 0 }, 5)).toBe(pts[1]!);
});

test('a settlement within its reach is here, and hides any shelter', () => {
  const at = { x: 0, y: 0 };
  const here = pickHere([settlement('1', SETTLEMENT_REACH, 0), settlement('2', 30, 0)], [shelter('9', 0, 0)], at, null);
  expect(here).toEqual({ settlementId: '2', shelterId: null });
  expect(pickHere([settlement('1', SETTLEMENT_REACH + 1, 0)], [], at, null)).toEqual({ settlementId: null, shelterId: null });
});

test('a free shelter within SHELTER_REACH, or the shelter of the POI in reach, is here', () => {
  const at = { x: 0, y: 0 };
  const taken = shelter('1', 0, 0, { settlementId: '7' });
  const near = shelter('2', SHELTER_REACH, 0);
  expect(pickHere([], [taken, near], at, null).shelterId).toBe('2');
  expect(pickHere([], [shelter('3', SHELTER_REACH + 5, 0)], at, null).shelterId).toBeNull();
  // A big POI's shelter stands at its centre, beyond SHELTER_REACH, and still counts while its reach covers us.
  const poiShelter = shelter('4', SHELTER_REACH + 20, 0, { poiId: 'poi_0_9_0' });
  expect(pickHere([], [near, poiShelter], at, 'poi_0_9_0').shelterId).toBe('4');
  expect(pickHere([], [poiShelter], at, 'poi_0_1_1').shelterId).toBeNull();
});

test('sameHere compares ids', () => {
  expect(sameHere({ settlementId: '1', shelterId: null }, { settlementId: '1', shelterId: null })).toBe(true);
  expect(sameHere({ settlementId: '1', shelterId: null }, { settlementId: null, shelterId: '1' })).toBe(false);
});
