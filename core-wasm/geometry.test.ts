import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  CHUNK_SIZE,
  CHUNK_WORLD_UNITS,
  chunkKey,
  chunkOfTile,
  chunkOfWorld,
  inPoiReach,
  INTERACTION_RADIUS,
  loadCoreForBun,
  MAX_POI_REACH,
  nearestPoiInReach,
  parseChunkKey,
  type Poi,
  poiReach,
  TILE_SIZE,
  tileCentre,
  tileIndexInChunk,
  tileOfWorld,
} from './index.ts';

const core = await loadCoreForBun();
const worldArb = fc.double({ min: -1e6, max: 1e6, noNaN: true });

describe('geometry: world units, tiles and chunks', () => {
  test('floor division everywhere, negative coordinates included', () => {
    expect([tileOfWorld(0), tileOfWorld(4.999), tileOfWorld(5), tileOfWorld(-0.001), tileOfWorld(-5)]).toEqual([0, 0, 1, -1, -1]);
    expect([chunkOfTile(127), chunkOfTile(128), chunkOfTile(-1), chunkOfTile(-128), chunkOfTile(-129)]).toEqual([
      0, 1, -1, -1, -2,
    ]);
    expect(CHUNK_WORLD_UNITS).toBe(CHUNK_SIZE * TILE_SIZE);
    fc.assert(
      fc.property(
        worldArb,
        (w) => chunkOfWorld(w) === chunkOfTile(tileOfWorld(w)) && tileOfWorld(tileCentre(tileOfWorld(w))) === tileOfWorld(w),
      ),
    );
  });

  test('chunk keys round-trip', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (cx, cy) => {
        const back = parseChunkKey(chunkKey(cx, cy));
        return back.cx === cx && back.cy === cy;
      }),
    );
  });

  test("tileIndexInChunk addresses the tile's byte in its chunk, as the core lays chunks out", () => {
    for (const [tx, ty] of [
      [0, 0],
      [127, 5],
      [-1, -1],
      [-128, 130],
      [300, -257],
    ] as const) {
      const { biomes } = core.generateChunk(9, chunkOfTile(tx), chunkOfTile(ty));
      expect(biomes[tileIndexInChunk(tx, ty)]).toBe(core.biomeAt(9, tx, ty));
    }
  });
});

describe('geometry: the reach of a point of interest', () => {
  const poi = (id: string, x: number, y: number, radius = 10) => ({ id, worldX: x, worldY: y, radius });

  test('reach is max(INTERACTION_RADIUS, radius), boundary included', () => {
    expect(poiReach({ radius: 10 })).toBe(INTERACTION_RADIUS);
    expect(poiReach({ radius: 60 })).toBe(60);
    expect(inPoiReach(poi('a', 0, 0), INTERACTION_RADIUS, 0)).toBe(true);
    expect(inPoiReach(poi('a', 0, 0), INTERACTION_RADIUS + 1e-9, 0)).toBe(false);
    expect(inPoiReach(poi('b', 0, 0, 60), 0, -60)).toBe(true);
    expect(MAX_POI_REACH).toBeGreaterThanOrEqual(INTERACTION_RADIUS);
  });

  test('the nearest POI in reach wins; the first listed wins a tie; none in reach is null', () => {
    const list = [poi('far', 0, 0), poi('near', 30, 0), poi('twin', 30, 0), poi('big', 200, 0, 60)];
    expect(nearestPoiInReach(list, 25, 0)).toMatchObject({ id: 'near', distance: 5 });
    expect(nearestPoiInReach(list, 150, 0)).toMatchObject({ id: 'big', distance: 50 });
    expect(nearestPoiInReach(list, 100, 0)).toBeNull();
  });

  test("the core's terrainInfo picks the same POI as nearestPoiInReach over the chunks around the point", () => {
    const seed = 4242;
    const pois: Poi[] = [];
    for (let cy = -1; cy <= 1; cy++) for (let cx = -1; cx <= 1; cx++) pois.push(...core.pois(seed, cx, cy));
    const inner = pois.filter((p) => Math.abs(p.worldX) < CHUNK_WORLD_UNITS / 2 && Math.abs(p.worldY) < CHUNK_WORLD_UNITS / 2);
    expect(inner.length).toBeGreaterThan(0);
    for (const p of inner.slice(0, 40)) {
      for (const [dx, dy] of [
        [0, 0],
        [poiReach(p), 0],
        [0, -poiReach(p) - 0.01],
        [25, 25],
      ] as const) {
        const x = p.worldX + dx;
        const y = p.worldY + dy;
        expect(core.terrainInfo(seed, x, y).poi?.id ?? null).toBe(nearestPoiInReach(pois, x, y)?.id ?? null);
      }
    }
  });
});
