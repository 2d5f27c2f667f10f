import { beforeEach, expect, test } from 'bun:test';
import type { BuildingView, SettlementView } from '../../../../api/contract/settlements.ts';
import { $beds, $buildings, $hereIds, $settlements, $storage, resetSettlementStores } from '../../stores/settlements.ts';
import { flush } from '../actions/test-timers.ts';
import { afterRegion, setRegionPoll, trackPanel } from './panel.ts';

const settlement = (id: string, status: SettlementView['status']): SettlementView => ({
  id,
  worldId: 'default',
  name: `S${id}`,
  x: 0,
  y: 0,
  biome: 'plains',
  status,
  emptyBeds: 0,
  beds: 1,
  founderId: 'sal',
  founderName: 'Sal',
  poiId: null,
  createdAt: '2025-08-01T10:00:00.000Z',
  level: 0,
  levelName: 'Camp',
});
const bed = (settlementId: string): BuildingView => ({
  id: '1',
  settlementId,
  type: 'bed',
  subtype: null,
  name: 'Bed',
  capacity: null,
  level: 0,
  occupant: 'Sal',
  createdAt: '2025-08-01T10:00:00.000Z',
});

beforeEach(() => resetSettlementStores());

const noBeds = async () => ({ assignments: [], pending: [] });
const camp = async () => ({ level: 0, levelName: 'Camp' as const, next: null });

test('buildings, storage and beds load for a settlement you manage, and clear when you walk off', async () => {
  const asked: string[] = [];
  const p = trackPanel({
    buildings: async (id) => {
      asked.push(id);
      return [bed(id)];
    },
    progress: camp,
    storage: async () => [],
    beds: async (id) => ({
      assignments: [
        {
          bedId: '1',
          state: 'occupied',
          invitationId: null,
          playerId: 'u1',
          playerName: `Sal of ${id}`,
          npcName: null,
          isActive: true,
        },
      ],
      pending: [],
    }),
    onError: () => {},
  });
  await flush();
  expect(asked).toEqual([]);
  $settlements.set([settlement('1', 'manageable'), settlement('2', 'visible')]);
  $hereIds.set({ settlementId: '1', shelterId: null });
  await flush();
  expect($buildings.get()?.list.map((b) => b.settlementId)).toEqual(['1']);
  expect($storage.get()).toEqual({ settlementId: '1', entries: [] });
  expect($beds.get()?.settlementId).toBe('1');
  expect($beds.get()?.assignments.map((a) => a.playerName)).toEqual(['Sal of 1']);
  // Someone else's: nothing to load (the server would refuse their storage).
  $hereIds.set({ settlementId: '2', shelterId: null });
  await flush();
  expect($buildings.get()).toBeNull();
  expect($beds.get()).toBeNull();
  expect(asked).toEqual(['1']);
  p.stop();
});

test('an answer for a settlement you already left is dropped', async () => {
  let release: () => void = () => {};
  $settlements.set([settlement('1', 'manageable')]);
  $hereIds.set({ settlementId: '1', shelterId: null });
  const p = trackPanel({
    buildings: (id) => new Promise((r) => (release = () => r([bed(id)]))),
    progress: camp,
    storage: async () => [],
    beds: noBeds,
    onError: () => {},
  });
  $hereIds.set({ settlementId: null, shelterId: null });
  release();
  await flush();
  expect($buildings.get()).toBeNull();
  p.stop();
});

test('a kick (a settlement event) reloads nothing once the list says the settlement is no longer yours', async () => {
  const asked: string[] = [];
  $settlements.set([settlement('1', 'manageable')]);
  $hereIds.set({ settlementId: '1', shelterId: null });
  const p = trackPanel({
    buildings: async (id) => [bed(id)],
    progress: camp,
    storage: async (id) => {
      asked.push(id);
      return [];
    },
    beds: noBeds,
    onError: () => {},
  });
  await flush();
  expect(asked).toEqual(['1']);
  // The server has kicked us: the region's next read says 'visible'.
  const stop = setRegionPoll(async () => $settlements.set([settlement('1', 'visible')]));
  await afterRegion('1', p.refresh);
  await flush();
  expect(asked).toEqual(['1']);
  expect($storage.get()).toBeNull();
  // Another change to a settlement still ours reloads it.
  $settlements.set([settlement('1', 'manageable')]);
  await flush();
  const stopAgain = setRegionPoll(async () => $settlements.set([settlement('1', 'manageable')]));
  await afterRegion('1', p.refresh);
  await flush();
  expect(asked).toEqual(['1', '1', '1']);
  stop();
  stopAgain();
  p.stop();
});
