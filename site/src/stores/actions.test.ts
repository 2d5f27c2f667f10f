import { beforeEach, expect, test } from 'bun:test';
import {
  $forageScoured,
  $lastForage,
  $playerTile,
  $results,
  addResult,
  pickedClean,
  resetActionStores,
  RESULTS_KEPT,
  type NearbyPoiView,
} from './actions.ts';

beforeEach(() => resetActionStores());

const poi: NearbyPoiView = {
  id: 'p',
  name: 'P',
  type: 'church',
  biome: 'ruins',
  landmark: false,
  significance: 5,
  currentSignificance: 2,
};

test('forage is scoured within 2 cells of 5 tiles of the last forage, on both axes', () => {
  expect($forageScoured.get()).toBe(false);
  $playerTile.set({ tileX: 12, tileY: 12 });
  $lastForage.set({ tileX: 12, tileY: 12 });
  expect($forageScoured.get()).toBe(true);
  $playerTile.set({ tileX: 12 + 12, tileY: 12 }); // cell 2 → 4: still within 2 cells
  expect($forageScoured.get()).toBe(true);
  $playerTile.set({ tileX: 12 + 13, tileY: 12 }); // cell 5
  expect($forageScoured.get()).toBe(false);
});

test('picked clean at 0 or below, or while the server’s depleted answer holds', () => {
  expect(pickedClean(poi, null)).toBe(false);
  expect(pickedClean({ ...poi, currentSignificance: 0 }, null)).toBe(true);
  expect(pickedClean(poi, { poiId: 'p', significance: 2 })).toBe(true);
  expect(pickedClean(poi, { poiId: 'p', significance: 1 })).toBe(false);
  expect(pickedClean(poi, { poiId: 'q', significance: 2 })).toBe(false);
});

test('results: newest first, the last 8', () => {
  for (let i = 0; i < RESULTS_KEPT + 3; i++) addResult({ kind: 'forage', place: `p${i}`, items: [], note: '' });
  expect($results.get().length).toBe(RESULTS_KEPT);
  expect($results.get()[0]!.place).toBe(`p${RESULTS_KEPT + 2}`);
});
