import { carryLimit, PACK_CAPACITY_G } from '../../../../api/game/carrying.ts';
import { beforeEach, describe, expect, test } from 'bun:test';
import type { InventoryItem } from '../../../../api/contract/items.ts';
import type { ToastInput } from '../../stores/toast.ts';
import {
  $autoScavenge,
  $exhausted,
  $forageScoured,
  $foraging,
  $inventory,
  $lastForage,
  $nearbyPoi,
  $playerTile,
  $results,
  $scavenging,
  $wanderer,
  isExhausted,
  resetActionStores,
  type NearbyPoiView,
} from '../../stores/actions.ts';
import { $gameLog, resetGameStores } from '../../stores/game.ts';
import { createActions, type ActionDeps } from './actions.ts';
import type { ForageResult, ScavengeResult } from './text.ts';
import { FakeTimers, flush } from './test-timers.ts';

const POI: NearbyPoiView = {
  id: 'poi_1_10_10',
  name: 'Old Gas Station',
  type: 'gas_station',
  biome: 'plains',
  landmark: false,
  significance: 4,
  currentSignificance: 2,
};
const loot = (itemName: string, quantity = 1) => ({
  itemName,
  itemType: 'material' as const,
  quantity,
  metadata: { quality: 50 },
});
const step = (before: number, items = [loot('Rope')], floor = 0): ScavengeResult =>
  before <= floor
    ? { items: [], depleted: true, currentSignificance: before, newSignificance: before, npcSpawnCheck: { shouldSpawn: false } }
    : {
        items,
        depleted: before - 1 <= floor,
        currentSignificance: before,
        newSignificance: before - 1,
        npcSpawnCheck: { shouldSpawn: false },
      };
const httpError = (status: number, message: string) => Object.assign(new Error(`${status}: ${message}`), { status });

function harness(over: Partial<ActionDeps> = {}) {
  const toasts: ToastInput[] = [];
  const calls = { scavenge: 0, forage: 0, inventory: 0, unauthorized: 0 };
  const sig = new Map<string, number>();
  let significance = POI.currentSignificance;
  const timers = new FakeTimers();
  const pack = { load: 600, capacity: PACK_CAPACITY_G };
  const inventory: InventoryItem[] = [
    { id: '1', itemName: 'Rope', itemType: 'material', category: 'materials', quantity: 1, metadata: { quality: 50 } },
  ];
  const deps: ActionDeps = {
    scavengeCall: async () => {
      calls.scavenge++;
      const r = step(significance);
      significance = r.newSignificance;
      return r;
    },
    forageCall: async () => {
      calls.forage++;
      return { items: [loot('Wild Berries', 2)], tilesForaged: 25 } satisfies ForageResult;
    },
    inventoryCall: async () => {
      calls.inventory++;
      return { items: inventory, ...pack };
    },
    position: () => ({ x: 52, y: 48 }),
    setPoiSignificance: (id, s) => sig.set(id, s),
    toast: (t) => toasts.push(t),
    unauthorized: () => calls.unauthorized++,
    timers,
    ...over,
  };
  return { actions: createActions(deps), toasts, calls, sig, timers, pack };
}

describe('actions', () => {
  beforeEach(() => {
    resetActionStores();
    $nearbyPoi.set({ ...POI });
    $playerTile.set({ tileX: 10, tileY: 9 });
  });

  test('a scavenge updates the POI, the results and the toast and refetches the inventory; nothing goes to the world log', async () => {
    resetGameStores();
    const h = harness();
    await h.actions.scavenge();
    await flush();
    expect(h.toasts.at(-1)).toEqual({ title: 'Found Items!', description: 'Found Rope. Click again to search more.' });
    expect(h.sig.get(POI.id)).toBe(1);
    expect($nearbyPoi.get()?.currentSignificance).toBe(1);
    expect($results.get()[0]).toMatchObject({ kind: 'scavenge', place: 'Old Gas Station', note: 'Significance 2 → 1' });
    expect(h.calls.inventory).toBe(1);
    expect($inventory.get()).toMatchObject({ status: 'ready', items: [{ itemName: 'Rope' }] });
    expect($scavenging.get()).toBe(false);
    expect($gameLog.get()).toEqual([]);
  });

  test('the depleting search marks the POI searched out for us until its significance changes', async () => {
    const h = harness();
    await h.actions.scavenge();
    await h.actions.scavenge();
    expect(h.toasts.at(-1)?.description).toBe('Found Rope. This area has been picked clean.');
    expect($exhausted.get()).toEqual({ poiId: POI.id, significance: 0 });
    expect(isExhausted($nearbyPoi.get()!, $exhausted.get())).toBe(true);
    await h.actions.scavenge(); // the panel disables the button; a call anyway is the server's floor answer
    expect(h.toasts.at(-1)).toMatchObject({ title: 'Area Depleted' });
    expect(isExhausted({ ...POI, currentSignificance: 1 }, $exhausted.get())).toBe(false);
  });

  test('failures: Scavenging Failed (destructive); 401 goes to the Unauthorized flow without a second toast', async () => {
    const h = harness({
      scavengeCall: async () => Promise.reject(httpError(403, 'You are too far away to search Old Gas Station')),
    });
    await h.actions.scavenge();
    expect(h.toasts).toEqual([
      { title: 'Scavenging Failed', description: 'Could not scavenge this location.', variant: 'destructive' },
    ]);
    const u = harness({ scavengeCall: async () => Promise.reject(httpError(401, 'Unauthorized')) });
    await u.actions.scavenge();
    expect(u.calls.unauthorized).toBe(1);
    expect(u.toasts).toEqual([]);
    expect($results.get()).toEqual([]);
  });

  test('auto-scavenge: a step every 1.5 s until depleted, then Area Depleted; cannot start twice', async () => {
    const h = harness();
    expect(h.actions.startAuto()).toBe(true);
    expect(h.toasts.at(-1)?.title).toBe('Auto-Scavenge Running');
    expect(h.actions.startAuto()).toBe(false);
    expect($autoScavenge.get()).toEqual({ poiId: POI.id, poiName: POI.name });
    await flush();
    expect(h.calls.scavenge).toBe(1);
    await h.timers.advance(1499);
    expect(h.calls.scavenge).toBe(1);
    await h.timers.advance(1);
    expect(h.calls.scavenge).toBe(2);
    await h.timers.advance(10_000);
    expect(h.calls.scavenge).toBe(2);
    expect($autoScavenge.get()).toBeNull();
    expect(h.toasts.at(-1)).toEqual({ title: 'Area Depleted', description: 'This location has been completely searched.' });
  });

  test('auto-scavenge stops on the user stop, on an error (Auto-Scavenge Failed) and when the survivor walks away', async () => {
    const h = harness({ scavengeCall: async () => step(9) });
    h.actions.startAuto();
    await h.timers.advance(3000);
    h.actions.stopAuto();
    await h.timers.advance(6000);
    expect(h.toasts.filter((t) => t.title === 'Found Items!').length).toBe(3);
    expect(h.toasts.at(-1)?.title).toBe('Found Items!'); // the player's own stop says nothing
    expect($autoScavenge.get()).toBeNull();

    let n = 0;
    const e = harness({ scavengeCall: async () => (++n === 2 ? Promise.reject(httpError(500, 'boom')) : step(9)) });
    e.actions.startAuto();
    await e.timers.advance(5000);
    expect(e.toasts.at(-1)).toEqual({
      title: 'Auto-Scavenge Failed',
      description: 'Could not continue auto-scavenging.',
      variant: 'destructive',
    });
    expect($autoScavenge.get()).toBeNull();

    const w = harness({ scavengeCall: async () => step(9) });
    w.actions.startAuto();
    await flush();
    $nearbyPoi.set(null);
    await w.timers.advance(2000);
    expect(w.toasts.at(-1)).toEqual({ title: 'Auto-Scavenge Stopped', description: 'You left Old Gas Station.' });
  });

  test('a spawn signal opens the wanderer dialog with the server’s survivor', async () => {
    const h = harness({
      scavengeCall: async () => ({
        ...step(45),
        newSignificance: 0,
        depleted: true,
        npcRecruitment: { npc: { name: 'Mara Quell', description: 'A medic from the coast.' }, settlements: [] },
        npcSpawnCheck: { shouldSpawn: true },
      }),
    });
    await h.actions.scavenge();
    expect($wanderer.get()).toEqual({ name: 'Mara Quell', description: 'A medic from the coast.', named: true });
  });

  test('forage: success remembers the place (same-area rule disables it), failures keep it enabled', async () => {
    const f = harness({ forageCall: async () => Promise.reject(httpError(409, 'out of sync')) });
    await f.actions.forage();
    expect(f.toasts).toEqual([
      { title: 'Foraging Failed', description: 'Could not forage for materials.', variant: 'destructive' },
    ]);
    expect($forageScoured.get()).toBe(false);

    const h = harness();
    const pending = h.actions.forage();
    expect($foraging.get()).toBe(true);
    await pending;
    expect($foraging.get()).toBe(false);
    expect($lastForage.get()).toEqual({ tileX: 10, tileY: 9 });
    expect($forageScoured.get()).toBe(true);
    expect(h.toasts.at(-1)?.title).toBe('Foraging Successful!');
    expect($results.get()[0]).toMatchObject({ kind: 'forage', place: 'The land around X 52 · Y 48', note: 'Searched 25 tiles' });
    await h.actions.forage();
    expect(h.calls.forage).toBe(1);
    $playerTile.set({ tileX: 10 + 15, tileY: 9 }); // three cells east: a new area
    expect($forageScoured.get()).toBe(false);

    const u = harness({ forageCall: async () => Promise.reject(httpError(401, 'Unauthorized')) });
    $lastForage.set(null);
    await u.actions.forage();
    expect(u.calls.unauthorized).toBe(1);
  });

  test('an inventory failure keeps what was shown; 401 there is the Unauthorized flow too', async () => {
    const ok = harness();
    await ok.actions.refreshInventory();
    const bad = harness({ inventoryCall: async () => Promise.reject(httpError(500, 'down')) });
    await bad.actions.refreshInventory();
    expect($inventory.get()).toMatchObject({ status: 'error', items: [{ itemName: 'Rope' }], message: '500: down' });
    const u = harness({ inventoryCall: async () => Promise.reject(httpError(401, 'Unauthorized')) });
    await u.actions.refreshInventory();
    expect(u.calls.unauthorized).toBe(1);
  });

  test('the pack growing heavy and then full says so on screen once each; lighter again says nothing', async () => {
    const h = harness();
    await h.actions.refreshInventory();
    expect($inventory.get().pack).toEqual({ load: 600, capacity: PACK_CAPACITY_G });
    expect(h.toasts).toEqual([]);
    h.pack.load = PACK_CAPACITY_G + 10_000;
    await h.actions.refreshInventory();
    expect(h.toasts.map((t) => t.title)).toEqual(['Your pack is heavy']);
    expect(h.toasts[0]!.description).toContain('75% speed');
    await h.actions.refreshInventory();
    h.pack.load = carryLimit(PACK_CAPACITY_G);
    await h.actions.refreshInventory();
    h.pack.load = 100;
    await h.actions.refreshInventory();
    expect(h.toasts.map((t) => t.title)).toEqual(['Your pack is heavy', 'Your pack is full']);
  });
});
