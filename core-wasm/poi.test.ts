import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  BIOME_NAMES,
  Biome,
  CHUNK_SIZE,
  POI_LANDMARK_SIGNIFICANCE_MAX,
  POI_LANDMARK_SIGNIFICANCE_MIN,
  POI_SIGNIFICANCE_TABLE,
  POI_TYPES,
  TILE_SIZE,
  loadCoreForBun,
} from './index.ts';
import { chunkPoiNames, POI_NAME_UNIQUE_DISTANCE } from './poi-names.ts';

const core = await loadCoreForBun();
const seedArb = fc.integer({ min: 0, max: 0xffff_ffff });
const chunkArb = fc.integer({ min: -200, max: 200 });

describe('points of interest', () => {
  test('never on water, always inside their chunk, on a tile of their biome', () => {
    fc.assert(
      fc.property(seedArb, chunkArb, chunkArb, (seed, cx, cy) => {
        const { biomes, pois } = core.generateChunk(seed, cx, cy);
        for (const p of pois) {
          const lx = p.tileX - cx * CHUNK_SIZE;
          const ly = p.tileY - cy * CHUNK_SIZE;
          if (lx < 0 || ly < 0 || lx >= CHUNK_SIZE || ly >= CHUNK_SIZE) return false;
          const biome = biomes[ly * CHUNK_SIZE + lx];
          if (biome === Biome.water || Biome[p.biome] !== biome) return false;
          if (p.chunkX !== cx || p.chunkY !== cy) return false;
        }
        return true;
      }),
      { numRuns: 40 },
    );
  });

  test('ids and coordinates: stable from seed and tile, one POI per tile, world = tile × 5 + 2.5', () => {
    const { pois } = core.generateChunk(1234, -3, 2);
    expect(pois.length).toBeGreaterThan(0);
    expect(new Set(pois.map((p) => p.id)).size).toBe(pois.length);
    for (const p of pois) {
      expect(p.id).toBe(`poi_1234_${p.tileX}_${p.tileY}`);
      expect(p.worldX).toBe(p.tileX * TILE_SIZE + 2.5);
      expect(p.worldY).toBe(p.tileY * TILE_SIZE + 2.5);
    }
    // The same chunk generated again, by another call path or after other chunks, gives the same list.
    core.generateChunk(99, 0, 0);
    expect(core.generateChunk(1234, -3, 2).pois).toEqual(pois);
    expect(core.pois(1234, -3, 2)).toEqual(pois);
  });

  test('significance: ordinary POIs 3–8 (mostly 4), landmarks 40–60; types valid; names match their templates', () => {
    let ordinary = 0;
    let fours = 0;
    let landmarks = 0;
    const types = new Set<string>();
    for (let cy = -3; cy <= 3; cy++) {
      for (let cx = -3; cx <= 3; cx++) {
        for (const p of core.generateChunk(5, cx, cy).pois) {
          types.add(p.type);
          expect(p.type).not.toBe('basic_shelter');
          expect(POI_TYPES).toContain(p.type);
          expect(p.name.length).toBeGreaterThan(3);
          expect(p.name).not.toContain('{');
          if (p.landmark) {
            landmarks++;
            expect(p.significance).toBeGreaterThanOrEqual(POI_LANDMARK_SIGNIFICANCE_MIN);
            expect(p.significance).toBeLessThanOrEqual(POI_LANDMARK_SIGNIFICANCE_MAX);
          } else {
            ordinary++;
            expect(POI_SIGNIFICANCE_TABLE as readonly number[]).toContain(p.significance);
            if (p.significance === 4) fours++;
          }
        }
      }
    }
    expect(fours / ordinary).toBeGreaterThan(0.3);
    expect(landmarks).toBeGreaterThan(0);
    expect(landmarks / (landmarks + ordinary)).toBeLessThan(0.1);
    expect(types.size).toBeGreaterThan(15);
  });

  test('density: far denser in ruins than in the wild, sparse on mountains', () => {
    const tiles = new Array(8).fill(0);
    const pois = new Array(8).fill(0);
    for (const seed of [1, 2, 3]) {
      for (let cy = -3; cy <= 3; cy++) {
        for (let cx = -3; cx <= 3; cx++) {
          const c = core.generateChunk(seed, cx, cy);
          for (const b of c.biomes) tiles[b]++;
          for (const p of c.pois) pois[Biome[p.biome]]++;
        }
      }
    }
    const density = (b: number) => pois[b] / tiles[b];
    expect(pois[Biome.water]).toBe(0);
    expect(density(Biome.ruins)).toBeGreaterThan(5 * density(Biome.plains));
    expect(density(Biome.mountains)).toBeLessThan(density(Biome.plains) / 2);
  });

  test('the POI-only generation gives exactly the POIs of a whole chunk, towns and roads included', async () => {
    // Two instances: `alone` never generates a whole chunk, so its POIs cannot come from a shared cache.
    const alone = await loadCoreForBun();
    const same = (seed: number, cx: number, cy: number) =>
      expect(alone.pois(seed, cx, cy)).toEqual(core.generateChunk(seed, cx, cy).pois);
    let inRuins = 0;
    for (const seed of [1, 1234, 0xdeadbeef]) {
      for (let cy = -3; cy <= 3; cy++)
        for (let cx = -3; cx <= 3; cx++) {
          same(seed, cx, cy);
          inRuins += alone.pois(seed, cx, cy).filter((p) => p.biome === 'ruins').length;
        }
    }
    expect(inRuins).toBeGreaterThan(50); // the sweep crossed towns and roads, where the ruins overlay decides
    fc.assert(
      fc.property(seedArb, chunkArb, chunkArb, (seed, cx, cy) => {
        same(seed, cx, cy);
      }),
      { numRuns: 200 },
    );
  });

  test('no two POIs closer than POI_NAME_UNIQUE_DISTANCE share a name, over seeds and regions', () => {
    // Every pair of POIs that close lies in one 3 × 3 block of chunks, so checking all pairs inside random blocks
    // covers every kind of neighbourhood: one chunk, a shared edge, a shared corner.
    const closeSameName = (seed: number, cx: number, cy: number) => {
      const all = [];
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) all.push(...core.pois(seed, cx + dx, cy + dy));
      const clashes: string[] = [];
      for (let i = 0; i < all.length; i++) {
        for (let j = i + 1; j < all.length; j++) {
          const a = all[i]!;
          const b = all[j]!;
          if (a.name !== b.name) continue;
          const d = Math.hypot(a.worldX - b.worldX, a.worldY - b.worldY);
          if (d < POI_NAME_UNIQUE_DISTANCE) clashes.push(`${a.name} at ${a.id} and ${b.id}, ${d.toFixed(0)} apart`);
        }
      }
      return clashes;
    };
    expect(POI_NAME_UNIQUE_DISTANCE).toBeGreaterThanOrEqual(500);
    expect(closeSameName(12345, 0, 0)).toEqual([]); // around spawn of the seed the probe played
    fc.assert(
      fc.property(seedArb, chunkArb, chunkArb, (seed, cx, cy) => {
        expect(closeSameName(seed, cx, cy)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  test('names are stable per seed: the same POI gets the same name from a fresh core and in any order of reads', async () => {
    const fresh = await loadCoreForBun();
    const names = (c: typeof core, cx: number, cy: number) => c.pois(77, cx, cy).map((p) => `${p.id} ${p.name}`);
    const before = [names(core, 1, 1), names(core, 2, 1), names(core, -1, -2)];
    expect([names(fresh, -1, -2), names(fresh, 2, 1), names(fresh, 1, 1)].reverse()).toEqual(before);
    expect(fresh.generateChunk(77, 2, 1).pois.map((p) => `${p.id} ${p.name}`)).toEqual(before[1]!);
  });

  test('every type has a name for ordinary and landmark POIs', () => {
    for (const type of POI_TYPES) {
      for (const landmark of [false, true]) {
        const [name] = chunkPoiNames(0, 0, [{ type, landmark, nameSeed: 0x12345678 }]);
        expect(name).not.toMatch(/[{}]/);
        expect(chunkPoiNames(0, 0, [{ type, landmark, nameSeed: 0x12345678 }])).toEqual([name as string]);
      }
    }
  });
});

describe('terrain info', () => {
  test('biome and cost of the tile under a world position, negative positions included', () => {
    for (const [x, y] of [
      [12.5, 7.5],
      [-0.1, -0.1],
      [-1234.9, 555],
      [0, 0],
    ] as const) {
      const info = core.terrainInfo(7, x, y);
      expect(info.tileX).toBe(Math.floor(x / 5));
      expect(info.tileY).toBe(Math.floor(y / 5));
      expect(info.chunkX).toBe(Math.floor(info.tileX / 128));
      expect(info.biomeCode).toBe(core.biomeAt(7, info.tileX, info.tileY));
      expect(info.biome).toBe(BIOME_NAMES[info.biomeCode]!);
      expect(info.cost).toBe([0.8, 0.8, 1.2, 1.8, 2.5, 3, 4, 5][info.biomeCode]!);
    }
  });

  test('finds the POI in range: at its centre, up to max(40, radius) away, and not beyond', () => {
    const poi = core.generateChunk(7, 0, 0).pois[0]!;
    expect(core.terrainInfo(7, poi.worldX, poi.worldY).poi).toMatchObject({ id: poi.id, distance: 0 });
    const reach = Math.max(40, poi.radius);
    const near = core.terrainInfo(7, poi.worldX + reach - 0.5, poi.worldY).poi;
    expect(near).not.toBeNull();
    expect(near!.distance).toBeLessThanOrEqual(Math.max(40, near!.radius));
    // Far from every POI: nothing.
    const far = core.terrainInfo(7, poi.worldX + 10_000, poi.worldY + 10_000);
    if (far.poi) expect(far.poi.distance).toBeLessThanOrEqual(Math.max(40, far.poi.radius));
  });

  test('sees POIs of the neighbouring chunk across a border', () => {
    // A POI near a chunk edge is found from the other side of the border.
    for (let cx = -5; cx <= 5; cx++) {
      for (const poi of core.generateChunk(11, cx, 0).pois) {
        const lx = poi.tileX - cx * CHUNK_SIZE;
        if (lx > 2) continue;
        const x = cx * CHUNK_SIZE * TILE_SIZE - 10; // just west of the border
        const info = core.terrainInfo(11, x, poi.worldY);
        expect(info.chunkX).toBe(cx - 1);
        expect(info.poi).not.toBeNull();
        return;
      }
    }
    throw new Error('no POI near a chunk border in the sample');
  });
});
