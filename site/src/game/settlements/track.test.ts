import { beforeEach, expect, test } from 'bun:test';
import type { ShelterView } from '../../../../api/contract/settlements.ts';
import { SHELTER_REACH } from '../../../../api/game/settlements.ts';
import { $nearbyPoi, resetActionStores } from '../../stores/actions.ts';
import {
  $hereIds,
  $hereSettlement,
  $hereShelter,
  $navTarget,
  $offerCreateAnyway,
  $settlements,
  $shelters,
  $survivorAt,
  resetSettlementStores,
  type NavTarget,
} from '../../stores/settlements.ts';
import type { PositionUpdate } from '../map/walk.ts';
import { trackHere } from './track.ts';
import { settlementView } from './test-settlements.ts';

const HAVEN = settlementView({ x: 1000, y: 0, beds: 1 });
const SHELTER: ShelterView = { id: '3', x: 10, y: 0, tileX: 2, tileY: 0, poiId: null, settlementId: null, builtBy: null };

function harness() {
  let listener: (p: PositionUpdate) => void = () => {};
  let at = { x: 0, y: 0 };
  const seen = { sectors: 0, arrived: [] as NavTarget[] };
  const stop = trackHere({
    onPosition: (fn) => {
      listener = fn;
      fn({ ...at, walking: false });
      return () => {
        listener = () => {};
      };
    },
    position: () => at,
    newSector: () => seen.sectors++,
    arrived: (t) => seen.arrived.push(t),
  });
  const walk = (x: number, y: number) => {
    at = { x, y };
    listener({ x, y, walking: true });
  };
  return { walk, seen, stop };
}

beforeEach(() => {
  resetSettlementStores();
  resetActionStores();
});

test('the settlement and the free shelter here follow the survivor and the lists', () => {
  const h = harness();
  expect($hereIds.get()).toEqual({ settlementId: null, shelterId: null });
  $shelters.set([SHELTER]);
  expect($hereShelter.get()?.id).toBe('3');
  $offerCreateAnyway.set(true);
  h.walk(10 + SHELTER_REACH + 1, 0);
  expect($hereShelter.get()).toBeNull();
  expect($offerCreateAnyway.get()).toBe(false);
  $settlements.set([HAVEN]);
  h.walk(950, 0);
  expect($hereSettlement.get()?.name).toBe('Haven');
  // A POI's shelter counts wherever the POI's reach covers us.
  $shelters.set([{ ...SHELTER, id: '4', x: 2000, poiId: 'poi_3_1_1' }]);
  h.walk(2070, 0);
  expect($hereShelter.get()).toBeNull();
  $nearbyPoi.set({
    id: 'poi_3_1_1',
    name: 'Depot',
    type: 'warehouse',
    biome: 'plains',
    landmark: true,
    significance: 5,
    currentSignificance: 5,
  });
  expect($hereShelter.get()?.id).toBe('4');
  h.stop();
});

test('the position for distances changes once per tile; a new chunk asks for the region again', () => {
  const h = harness();
  expect($survivorAt.get()).toEqual({ x: 0, y: 0 });
  h.walk(1, 1);
  expect($survivorAt.get()).toEqual({ x: 0, y: 0 });
  h.walk(6, 1);
  expect($survivorAt.get()).toEqual({ x: 6, y: 1 });
  expect(h.seen.sectors).toBe(0);
  h.walk(700, 1);
  expect(h.seen.sectors).toBe(1);
  h.stop();
});

test('navigation ends on arriving within reach of the target', () => {
  const h = harness();
  $navTarget.set({ id: '7', name: 'Haven', x: 1000, y: 0 });
  h.walk(800, 0);
  expect($navTarget.get()).not.toBeNull();
  h.walk(905, 0);
  expect($navTarget.get()).toBeNull();
  expect(h.seen.arrived.map((t) => t.name)).toEqual(['Haven']);
  h.stop();
});
