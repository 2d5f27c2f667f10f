import { beforeEach, expect, test } from 'bun:test';
import type { Poi } from '../../../../core-wasm/index.ts';
import { INTERACTION_RADIUS } from '../../../../core-wasm/constants.ts';
import { nearestPoiInReach } from '../../../../core-wasm/geometry.ts';
import { $exhausted, $nearbyPoi, $playerTile, resetActionStores } from '../../stores/actions.ts';
import { TERRAIN_POLL_MS, trackNearby, type NearbySource, type PoiState } from './nearby.ts';
import type { PositionUpdate } from '../map/walk.ts';
import type { NearbyPoi } from '../pois/layer.ts';
import { FakeTimers, flush } from './test-timers.ts';

const poi = (id: string, x: number, y: number, radius = 10, significance = 4): Poi => ({
  id,
  name: id,
  type: 'abandoned_house',
  biome: 'plains',
  landmark: false,
  chunkX: 0,
  chunkY: 0,
  tileX: Math.floor(x / 5),
  tileY: Math.floor(y / 5),
  worldX: x,
  worldY: y,
  radius,
  significance,
});

/** The engine's side of the contract, with the shared reach rule (core-wasm/geometry.ts). */
class FakeEngine implements NearbySource {
  pois = [poi('a', 100, 100), poi('b', 300, 100, 60)];
  state = new Map<string, number>();
  private fn: ((p: PositionUpdate) => void) | null = null;
  onPosition(fn: (p: PositionUpdate) => void) {
    this.fn = fn;
    fn(this.at);
    return () => (this.fn = null);
  }
  at: PositionUpdate = { x: 0, y: 0, walking: false };
  move(x: number, y: number, walking = false) {
    this.at = { x, y, walking };
    this.fn?.(this.at);
  }
  nearestPoi(x: number, y: number): NearbyPoi | null {
    const p = nearestPoiInReach(this.pois, x, y);
    return p ? { ...p, currentSignificance: this.state.get(p.id) ?? p.significance } : null;
  }
  setPoiSignificance(id: string, s: number) {
    this.state.set(id, s);
    this.fn?.(this.at); // the real engine re-notifies on its next frame
  }
}

function setup(server: Record<string, number> = {}) {
  const engine = new FakeEngine();
  const timers = new FakeTimers();
  const looks: string[] = [];
  const regions: string[] = [];
  const stop = trackNearby({
    engine,
    timers,
    terrainPoi: async (x, y) => {
      looks.push(`${x},${y}`);
      const p = engine.nearestPoi(x, y);
      return p ? ({ id: p.id, currentSignificance: server[p.id] ?? p.significance } satisfies PoiState) : null;
    },
    regionPois: async (cx, cy) => {
      regions.push(`${cx},${cy}`);
      return [];
    },
    onError: (err) => {
      throw err;
    },
  });
  return { engine, timers, looks, regions, stop };
}

beforeEach(() => resetActionStores());

test('the card follows the nearest POI in reach (40 units, or the POI’s own larger radius)', async () => {
  const { engine, stop } = setup();
  expect($nearbyPoi.get()).toBeNull();
  expect($playerTile.get()).toEqual({ tileX: 0, tileY: 0 });
  engine.move(100 + INTERACTION_RADIUS, 100, true);
  expect($nearbyPoi.get()?.id).toBe('a');
  engine.move(100 + INTERACTION_RADIUS + 1, 100, true);
  expect($nearbyPoi.get()).toBeNull();
  engine.move(300 - 55, 100, true); // b's radius is 60
  expect($nearbyPoi.get()?.id).toBe('b');
  expect($playerTile.get()).toEqual({ tileX: 49, tileY: 20 });
  stop();
});

test('standing still near a POI asks terrain-info for its current significance, then every 5 s; never while walking', async () => {
  const { engine, timers, looks, stop } = setup({ a: 1 });
  engine.move(90, 100, true);
  await flush();
  expect(looks).toEqual([]);
  expect($nearbyPoi.get()?.currentSignificance).toBe(4); // the core's starting value until the server answers
  engine.move(95, 100, false);
  await flush();
  expect(looks).toEqual(['95,100']);
  expect($nearbyPoi.get()?.currentSignificance).toBe(1);
  await timers.advance(TERRAIN_POLL_MS);
  expect(looks.length).toBe(2);
  engine.move(96, 100, true);
  await timers.advance(TERRAIN_POLL_MS);
  expect(looks.length).toBe(2);
  stop();
  engine.move(95, 100, false);
  await timers.advance(TERRAIN_POLL_MS * 3);
  expect(looks.length).toBe(2);
});

test('walking to another POI forgets the searched-out mark; entering a sector fetches its POIs once', async () => {
  const { engine, regions, stop } = setup();
  engine.move(100, 100);
  $exhausted.set({ poiId: 'a', significance: 0 });
  engine.move(101, 100);
  expect($exhausted.get()).not.toBeNull();
  engine.move(300, 100);
  expect($exhausted.get()).toBeNull();
  await flush();
  expect(regions).toEqual(['0,0']);
  engine.move(700, 100); // chunk 1 (640 units per chunk)
  engine.move(701, 100);
  await flush();
  expect(regions).toEqual(['0,0', '1,0']);
  stop();
});
