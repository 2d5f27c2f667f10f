import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { Biome, LOS_MAX_COST, type Chunk, loadCoreForBun } from './index.ts';
import { referenceCosts } from './reference/los.ts';

const core = await loadCoreForBun();
/** Below this distance from the budget the float reference cannot decide; the module's exact sums can. */
const EPS = 1e-7;

/** A square map of random biomes: uniform noise, sparse forest on plains, or patches. */
const terrainArb = fc
  .record({
    half: fc.integer({ min: 1, max: 30 }),
    style: fc.constantFrom('noise', 'sparse', 'patches', 'plains'),
    seed: fc.integer(),
  })
  .map(({ half, style, seed }) => {
    const side = 2 * half + 1;
    const terrain = new Uint8Array(side * side);
    let s = seed | 0;
    const rand = () => ((s = (Math.imul(s, 1103515245) + 12345) | 0) >>> 8) / 2 ** 24;
    const patch = Math.floor(rand() * 8);
    for (let i = 0; i < terrain.length; i++) {
      const x = i % side;
      const y = Math.floor(i / side);
      terrain[i] =
        style === 'noise'
          ? Math.floor(rand() * 8)
          : style === 'sparse'
            ? rand() < 0.1
              ? Biome.forest
              : Biome.plains
            : style === 'patches'
              ? ((x >> 2) + (y >> 2) + patch) % 3 === 0
                ? Math.floor(rand() * 8)
                : Biome.water
              : Biome.plains;
    }
    return { half, terrain };
  });

describe('line of sight', () => {
  test('agrees with the straightforward ray-caster: never grants a tile whose ray costs more than the budget', () => {
    fc.assert(
      fc.property(
        terrainArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 600 }),
        ({ half, terrain }, r, budgetTenths) => {
          const radius = r * (half + 0.99);
          const budget = budgetTenths / 10;
          const { mask } = core.visibilityOfTerrain({ terrain, radius, budget });
          const costs = referenceCosts(terrain, radius);
          const centre = half * (2 * half + 1) + half;
          for (let i = 0; i < costs.length; i++) {
            const c = costs[i] as number;
            if (Number.isNaN(c)) {
              if (mask[i] !== 0) throw new Error(`tile ${i} outside the radius is visible`);
            } else if (i === centre) {
              if (mask[i] !== 1) throw new Error('the viewer does not see its own tile');
            } else if (c > budget + EPS && mask[i] === 1) {
              throw new Error(`tile ${i} granted through cost ${c} > ${budget}`);
            } else if (c < budget - EPS && mask[i] === 0) {
              throw new Error(`tile ${i} denied at cost ${c} < ${budget}`);
            }
          }
          return true;
        },
      ),
      { numRuns: 120 },
    );
  });

  test('at base vision the budget is the spec’s 20: a uniform plain is seen out to ~26 tiles, as a disc', () => {
    const half = 35;
    const side = 2 * half + 1;
    const terrain = new Uint8Array(side * side).fill(Biome.plains);
    const v = core.visibilityOfTerrain({ terrain, radius: 35 });
    expect(v.budget).toBe(LOS_MAX_COST);
    const costs = referenceCosts(terrain, 35);
    let expected = 0;
    for (const c of costs) if (c <= 20 + EPS) expected++;
    expect(v.visibleCount).toBe(expected);
    // 0.8 per tile of length, leaving out the stretches inside the viewer's and the target's tiles: the cost to
    // (x, y) is 0.8 · d · (m − 1) / m with m = max(|x|, |y|), so plains are seen out to about 26 tiles.
    for (let y = -half; y <= half; y++) {
      for (let x = -half; x <= half; x++) {
        const m = Math.max(Math.abs(x), Math.abs(y));
        const cost = m === 0 ? 0 : (0.8 * Math.hypot(x, y) * (m - 1)) / m;
        if (Math.abs(cost - 20) < 1e-9) continue;
        expect(v.mask[(y + half) * side + (x + half)]).toBe(cost <= 20 ? 1 : 0);
      }
    }
    expect(v.mask[half * side + half + 26]).toBe(1);
    expect(v.mask[half * side + half + 27]).toBe(0);
  });

  test('symmetric: A sees B exactly when B sees A', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 0, max: 200 }),
        fc.array(fc.tuple(fc.integer({ min: 20, max: 80 }), fc.integer({ min: 20, max: 80 })), { minLength: 6, maxLength: 6 }),
        (seed, budgetTenths, points) => {
          // A 101 × 101 random map; windows of half 20 around each point.
          const n = 101;
          const map = new Uint8Array(n * n);
          let s = seed | 0;
          for (let i = 0; i < map.length; i++) map[i] = ((s = (Math.imul(s, 1103515245) + 12345) | 0) >>> 16) % 8;
          const half = 20;
          const side = 2 * half + 1;
          const sees = (ax: number, ay: number, bx: number, by: number) => {
            const terrain = new Uint8Array(side * side);
            for (let y = 0; y < side; y++)
              terrain.set(map.subarray((ay - half + y) * n + ax - half, (ay - half + y) * n + ax + half + 1), y * side);
            const { mask } = core.visibilityOfTerrain({ terrain, radius: 20, budget: budgetTenths / 10 });
            return mask[(by - ay + half) * side + (bx - ax + half)] === 1;
          };
          for (const [ax, ay] of points) {
            for (const [bx, by] of points) {
              if (Math.hypot(bx - ax, by - ay) > 20) continue;
              if (sees(ax, ay, bx, by) !== sees(bx, by, ax, ay)) return false;
            }
          }
          return true;
        },
      ),
      { numRuns: 25 },
    );
  });

  test('invariant under the 8 symmetries of the grid', () => {
    const half = 25;
    const side = 2 * half + 1;
    const terrain = new Uint8Array(side * side);
    let s = 7;
    for (let i = 0; i < terrain.length; i++) terrain[i] = ((s = (Math.imul(s, 1103515245) + 12345) | 0) >>> 16) % 8;
    const transforms: ((x: number, y: number) => [number, number])[] = [
      (x, y) => [x, y],
      (x, y) => [-x, y],
      (x, y) => [x, -y],
      (x, y) => [-x, -y],
      (x, y) => [y, x],
      (x, y) => [-y, x],
      (x, y) => [y, -x],
      (x, y) => [-y, -x],
    ];
    const base = core.visibilityOfTerrain({ terrain, radius: 25, budget: 12 }).mask;
    for (const t of transforms) {
      const moved = new Uint8Array(terrain.length);
      for (let y = -half; y <= half; y++) {
        for (let x = -half; x <= half; x++) {
          const [u, v] = t(x, y);
          moved[(v + half) * side + (u + half)] = terrain[(y + half) * side + (x + half)] as number;
        }
      }
      const mask = core.visibilityOfTerrain({ terrain: moved, radius: 25, budget: 12 }).mask;
      for (let y = -half; y <= half; y++) {
        for (let x = -half; x <= half; x++) {
          const [u, v] = t(x, y);
          expect(mask[(v + half) * side + (u + half)]).toBe(base[(y + half) * side + (x + half)] as number);
        }
      }
    }
  });

  test('a wall corner: what is behind it is hidden, what is beside it is seen, no gaps', () => {
    // Mountains along x = 3 for y ≥ 0 (a corner at (3, 0)); plains elsewhere; budget 20.
    const half = 15;
    const side = 2 * half + 1;
    const terrain = new Uint8Array(side * side).fill(Biome.plains);
    for (let y = 0; y <= half; y++) for (let x = 3; x <= 6; x++) terrain[(y + half) * side + (x + half)] = Biome.mountains;
    const { mask } = core.visibilityOfTerrain({ terrain, radius: 15, budget: 20 });
    const at = (x: number, y: number) => mask[(y + half) * side + (x + half)];
    expect(at(3, 5)).toBe(1); // the wall's face
    expect(at(12, 5)).toBe(0); // behind 4 tiles of mountains: 20 + plains
    expect(at(12, -5)).toBe(1); // past the corner, the open side
    // Rays that pass the corner on the open side cross at most a sliver of it: the open side stays seen, no gaps.
    for (let x = 1; x <= 12; x++) for (let y = -2; y >= -12; y--) if (x * x + y * y <= 225) expect(at(x, y)).toBe(1);
    // A ray grazing along the wall's edge (row −1 far out) crosses enough mountain to be blocked.
    expect(at(12, -1)).toBe(0);
  });

  test('terrain from the caller’s chunks gives the same mask as terrain generated from the seed', () => {
    const cache = new Map<string, Chunk>();
    const chunks = (cx: number, cy: number) => {
      const key = `${cx},${cy}`;
      if (!cache.has(key)) cache.set(key, core.generateChunk(21, cx, cy));
      return cache.get(key)!.biomes;
    };
    for (const [x, y, radius] of [
      [0, 0, 35],
      [-5, 127, 87.5],
      [128 * 3 - 1, -128, 60],
    ] as const) {
      const generated = core.visibility({ seed: 21, tileX: x, tileY: y, radius });
      const fromChunks = core.visibility({ seed: 21, tileX: x, tileY: y, radius, chunks });
      expect(fromChunks.mask).toEqual(generated.mask);
      expect(generated.originTileX).toBe(x - Math.floor(radius));
      expect(generated.side).toBe(2 * Math.floor(radius) + 1);
      expect(generated.mask[generated.half * generated.side + generated.half]).toBe(1);
    }
    expect(cache.size).toBeGreaterThan(1);
  });

  test('visibleCount counts the mask, also after a larger window', () => {
    const big = core.visibility({ seed: 1, tileX: 0, tileY: 0, radius: 175 });
    expect(big.visibleCount).toBe(big.mask.reduce((a, b) => a + b, 0));
    for (const radius of [0, 1, 2.5, 7, 35]) {
      const v = core.visibility({ seed: 1, tileX: 0, tileY: 0, radius });
      expect(v.visibleCount).toBe(v.mask.reduce((a, b) => a + b, 0));
    }
    // A 5 × 5 window seen whole, then a 3 × 3 one: the bytes past the small mask were 1 a moment ago.
    expect(core.visibilityOfTerrain({ terrain: new Uint8Array(25), radius: 2.9 }).visibleCount).toBe(25);
    expect(core.visibilityOfTerrain({ terrain: new Uint8Array(9), radius: 1.5 }).visibleCount).toBe(9);
  });

  test('radius 175 on generated terrain agrees with the reference', () => {
    const v = core.visibility({ seed: 3, tileX: 40, tileY: -20, radius: 175 });
    expect(v.side).toBe(351);
    expect(v.budget).toBe(100);
    const full = new Uint8Array(351 * 351);
    for (let by = 0; by < 351; by += 128) {
      for (let bx = 0; bx < 351; bx += 128) {
        const w = Math.min(128, 351 - bx);
        const h = Math.min(128, 351 - by);
        const block = core.tileWindow(3, 40 - 175 + bx, -20 - 175 + by, w, h);
        for (let y = 0; y < h; y++) full.set(block.subarray(y * w, (y + 1) * w), (by + y) * 351 + bx);
      }
    }
    const costs = referenceCosts(full, 175);
    let disagreements = 0;
    for (let i = 0; i < costs.length; i++) {
      const c = costs[i] as number;
      const expected = Number.isNaN(c) ? 0 : c <= 100 ? 1 : 0;
      if (Math.abs(c - 100) > EPS && v.mask[i] !== expected && i !== 175 * 351 + 175) disagreements++;
    }
    expect(disagreements).toBe(0);
    expect(v.visibleCount).toBeGreaterThan(100);
  });
});
