import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { hashSimplex, twinChunk } from './bench/twin.ts';
import { BIOME_COUNT, BIOME_NAMES, CHUNK_SIZE, MAX_CHUNK_COORD, loadCoreForBun } from './index.ts';

const core = await loadCoreForBun();
const seedArb = fc.integer({ min: 0, max: 0xffff_ffff });

describe('terrain', () => {
  test('a chunk is 128 × 128 valid biome codes and deterministic across instances', async () => {
    const other = await loadCoreForBun();
    for (const [x, y] of [
      [0, 0],
      [-3, 7],
      [MAX_CHUNK_COORD, -MAX_CHUNK_COORD],
    ] as const) {
      const a = core.generateChunk(42, x, y).biomes;
      expect(a.length).toBe(CHUNK_SIZE * CHUNK_SIZE);
      expect(a.every((b) => b < BIOME_COUNT)).toBe(true);
      expect(other.generateChunk(42, x, y).biomes).toEqual(a);
    }
  });

  test('different seeds give different worlds', () => {
    expect(core.generateChunk(1, 0, 0).biomes).not.toEqual(core.generateChunk(2, 0, 0).biomes);
  });

  test('seams: a window straddling four chunks holds exactly those chunks’ tiles', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.integer({ min: -60, max: 60 }),
        fc.integer({ min: -60, max: 60 }),
        fc.integer({ min: 1, max: CHUNK_SIZE - 1 }),
        fc.integer({ min: 1, max: CHUNK_SIZE - 1 }),
        (seed, cx, cy, ox, oy) => {
          const x0 = cx * CHUNK_SIZE + ox;
          const y0 = cy * CHUNK_SIZE + oy;
          const window = core.tileWindow(seed, x0, y0, CHUNK_SIZE, CHUNK_SIZE);
          const chunks = [0, 1].map((j) => [0, 1].map((i) => core.generateChunk(seed, cx + i, cy + j).biomes));
          for (let y = 0; y < CHUNK_SIZE; y++) {
            for (let x = 0; x < CHUNK_SIZE; x++) {
              const tx = ox + x;
              const ty = oy + y;
              const chunk = chunks[ty >= CHUNK_SIZE ? 1 : 0]![tx >= CHUNK_SIZE ? 1 : 0]!;
              const expected = chunk[(ty % CHUNK_SIZE) * CHUNK_SIZE + (tx % CHUNK_SIZE)];
              if (window[y * CHUNK_SIZE + x] !== expected) return false;
            }
          }
          return true;
        },
      ),
      { numRuns: 12 },
    );
  });

  test('seams: biomeAt agrees with the chunk on both sides of every border', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: 0, max: 127 }),
        (seed, cx, cy, k) => {
          const chunk = core.generateChunk(seed, cx, cy).biomes;
          const x0 = cx * CHUNK_SIZE;
          const y0 = cy * CHUNK_SIZE;
          // The four edges of the chunk, and the tiles just outside them from the neighbours.
          const edges: [number, number][] = [
            [0, k],
            [CHUNK_SIZE - 1, k],
            [k, 0],
            [k, CHUNK_SIZE - 1],
          ];
          for (const [x, y] of edges) if (core.biomeAt(seed, x0 + x, y0 + y) !== chunk[y * CHUNK_SIZE + x]) return false;
          const west = core.generateChunk(seed, cx - 1, cy).biomes;
          return core.biomeAt(seed, x0 - 1, y0 + k) === west[k * CHUNK_SIZE + CHUNK_SIZE - 1];
        },
      ),
      { numRuns: 15 },
    );
  });

  test('every biome occurs within 4 chunks of the origin', () => {
    // Spiral outwards from the origin and stop once all eight are seen.
    const order: [number, number][] = [];
    for (let cy = -4; cy <= 4; cy++) for (let cx = -4; cx <= 4; cx++) order.push([cx, cy]);
    order.sort((a, b) => Math.max(Math.abs(a[0]), Math.abs(a[1])) - Math.max(Math.abs(b[0]), Math.abs(b[1])));
    fc.assert(
      fc.property(seedArb, (seed) => {
        const seen = new Set<number>();
        for (const [cx, cy] of order) {
          for (const b of core.generateChunk(seed, cx, cy).biomes) seen.add(b);
          if (seen.size === BIOME_COUNT) return true;
        }
        throw new Error(`seed ${seed}: missing ${BIOME_NAMES.filter((_, i) => !seen.has(i)).join(', ')}`);
      }),
      { numRuns: 8, examples: [[0], [1], [0xffff_ffff]] },
    );
  });

  test('mountains have hills around them, marsh lies next to water', () => {
    // Over a region: mountain tiles at a range's edge touch hills; marsh lies in bands along shores (up to ~10 tiles
    // wide) with a few bogs inland.
    let mountainEdges = 0;
    let mountainEdgesByHills = 0;
    let marsh = 0;
    let marshNearWater = 0;
    for (let cy = -2; cy <= 2; cy++) {
      for (let cx = -2; cx <= 2; cx++) {
        const b = core.generateChunk(9, cx, cy).biomes;
        const at = (x: number, y: number) => b[y * CHUNK_SIZE + x] as number;
        for (let y = 10; y < CHUNK_SIZE - 10; y++) {
          for (let x = 10; x < CHUNK_SIZE - 10; x++) {
            const v = at(x, y);
            if (v === 7) {
              const around = [at(x - 1, y), at(x + 1, y), at(x, y - 1), at(x, y + 1)];
              if (around.some((n) => n !== 7 && n !== 5)) {
                mountainEdges++;
                if (around.includes(3)) mountainEdgesByHills++;
              }
            } else if (v === 4) {
              marsh++;
              let near = false;
              for (let dy = -10; dy <= 10 && !near; dy++)
                for (let dx = -10; dx <= 10 && !near; dx++) near = at(x + dx, y + dy) === 1;
              if (near) marshNearWater++;
            }
          }
        }
      }
    }
    expect(mountainEdges).toBeGreaterThan(0);
    expect(mountainEdgesByHills / mountainEdges).toBeGreaterThan(0.9);
    expect(marsh).toBeGreaterThan(0);
    expect(marshNearWater / marsh).toBeGreaterThan(0.8);
  });

  test('the TypeScript twin (benchmark only) computes the same tiles', () => {
    let same = 0;
    let total = 0;
    for (const [cx, cy] of [
      [0, 0],
      [-2, 1],
      [5, -7],
    ] as const) {
      const a = core.generateChunk(77, cx, cy).biomes;
      const b = twinChunk(hashSimplex, 77, cx, cy);
      for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++;
      total += a.length;
    }
    // f64 (twin) and f32 (module) may round differently right at a threshold; nothing else may differ.
    expect(same / total).toBeGreaterThan(0.999);
  });

  test('linear memory does not grow: 100 chunks later it is the same size', () => {
    const before = core.memoryBytes();
    for (let i = 0; i < 100; i++) core.generateChunk(i, i - 50, 50 - i);
    core.visibility({ seed: 3, tileX: 0, tileY: 0, radius: 175 });
    expect(core.memoryBytes()).toBe(before);
  });
});
