import { describe, expect, test } from 'bun:test';
import { Biome, CHUNK_SIZE, loadCoreForBun, PATH_MAX_EXPANDED, PATH_WINDOW_MARGIN, type TilePath } from './index.ts';
import { referencePath } from './reference/path.ts';

/** Water and mountains: the game's IMPASSABLE (api/game/world.ts), spelled out so the core's tests need no api/. */
const BLOCKED = [Biome.water, Biome.mountains];
const MASK = (1 << Biome.water) | (1 << Biome.mountains);
const core = await loadCoreForBun();

/** A world drawn by a function of the tile: chunks built on demand. */
function drawn(biomeAt: (x: number, y: number) => number) {
  return (cx: number, cy: number) => {
    const bytes = new Uint8Array(CHUNK_SIZE * CHUNK_SIZE);
    for (let y = 0; y < CHUNK_SIZE; y++)
      for (let x = 0; x < CHUNK_SIZE; x++) bytes[y * CHUNK_SIZE + x] = biomeAt(cx * CHUNK_SIZE + x, cy * CHUNK_SIZE + y);
    return bytes;
  };
}

const path = (chunks: ReturnType<typeof drawn>, from: [number, number], to: [number, number]) =>
  core.findPath({ seed: 1, fromTileX: from[0], fromTileY: from[1], toTileX: to[0], toTileY: to[1], blocked: BLOCKED, chunks });

/** Tile-path cost in steps (straight 1, diagonal √2). */
function cost(tiles: { x: number; y: number }[]): number {
  let c = 0;
  for (let i = 1; i < tiles.length; i++) c += Math.hypot(tiles[i]!.x - tiles[i - 1]!.x, tiles[i]!.y - tiles[i - 1]!.y);
  return c;
}

/** Every tile passable, every step to an 8-neighbour, no diagonal step past an impassable tile. */
function expectWalkable(result: TilePath, biomeAt: (x: number, y: number) => number) {
  if (result.status !== 'found') throw new Error(`expected a path, got ${result.status}`);
  const open = (x: number, y: number) => !BLOCKED.includes(biomeAt(x, y) as never);
  for (const [i, t] of result.tiles.entries()) {
    expect(open(t.x, t.y)).toBe(true);
    if (i === 0) continue;
    const p = result.tiles[i - 1]!;
    expect(Math.max(Math.abs(t.x - p.x), Math.abs(t.y - p.y))).toBe(1);
    if (t.x !== p.x && t.y !== p.y) expect(open(t.x, p.y) && open(p.x, t.y)).toBe(true);
  }
}

describe('findPath: golden paths', () => {
  const plains = drawn(() => Biome.plains);

  test('a straight line on open ground is the straight run of tiles', () => {
    const r = path(plains, [3, -7], [43, -7]);
    expect(r.status).toBe('found');
    if (r.status !== 'found') return;
    expect(r.tiles).toEqual(Array.from({ length: 41 }, (_, i) => ({ x: 3 + i, y: -7 })));
    // Ties go towards the goal: the search walks the corridor, it does not flood the plain.
    expect(r.expanded).toBe(40);
    const diagonal = path(plains, [0, 0], [-12, 12]);
    expect(diagonal.status === 'found' && diagonal.tiles).toEqual(Array.from({ length: 13 }, (_, i) => ({ x: 0 - i, y: i })));
  });

  test('around a lake: the path skirts the water and stays close to the shortest walk', () => {
    // A round lake of radius 15 centred on (20, 0); start and goal on either side.
    const lake = (x: number, y: number) => ((x - 20) ** 2 + y ** 2 <= 15 ** 2 ? Biome.water : Biome.plains);
    const r = path(drawn(lake), [0, 0], [40, 0]);
    expectWalkable(r, lake);
    if (r.status !== 'found') return;
    expect(r.tiles[0]).toEqual({ x: 0, y: 0 });
    expect(r.tiles.at(-1)).toEqual({ x: 40, y: 0 });
    // Half way round a radius-15 circle is 47 tiles; the octile grid makes it a little longer, never much.
    const c = cost(r.tiles);
    expect(c).toBeGreaterThan(40);
    expect(c).toBeLessThan(1.5 * 40);
  });

  test('no corner cutting: two diagonal rocks make the walker go round them', () => {
    const rocks = (x: number, y: number) => ((x === 1 && y === 0) || (x === 0 && y === 1) ? Biome.mountains : Biome.plains);
    const r = path(drawn(rocks), [0, 0], [1, 1]);
    expectWalkable(r, rocks);
    expect(r.status === 'found' && r.tiles.length).toBeGreaterThan(2);
  });

  test('a target on water is unreachable, at once', () => {
    const lake = (x: number) => (x >= 10 && x < 30 ? Biome.water : Biome.plains);
    const r = path(drawn(lake), [0, 0], [20, 0]);
    expect(r).toEqual({ status: 'unreachable', expanded: 0 });
  });

  test('an enclosed target (a ring of mountains) is unreachable, not merely too far', () => {
    const ring = (x: number, y: number) => (Math.max(Math.abs(x - 30), Math.abs(y)) === 4 ? Biome.mountains : Biome.plains);
    const r = path(drawn(ring), [0, 0], [30, 0]);
    expect(r.status).toBe('unreachable');
    // The way out of the pocket is blocked too: a walker inside cannot leave.
    expect(path(drawn(ring), [30, 0], [0, 0]).status).toBe('unreachable');
  });

  test(`the bound: the search stops after ${PATH_MAX_EXPANDED} expanded tiles and says "too far"`, () => {
    // A wall 400 tiles long between start and goal, open only at its far end: the detour is beyond the bound.
    const wall = (x: number, y: number) => (x === 10 && y > -200 && y < 200 ? Biome.mountains : Biome.plains);
    const r = path(drawn(wall), [0, 0], [20, 0]);
    expect(r.status).toBe('too-far');
    expect(r.expanded).toBeGreaterThan(PATH_MAX_EXPANDED);
    expect(r.expanded).toBeLessThanOrEqual(2 * PATH_MAX_EXPANDED);
    // A goal farther than the bound in steps is refused without a search.
    expect(
      path(
        drawn(() => Biome.plains),
        [0, 0],
        [PATH_MAX_EXPANDED + 1, 0],
      ),
    ).toEqual({ status: 'too-far', expanded: 0 });
  });

  test('the window edge never passes for a wall: a detour beyond it says "too far"', () => {
    const m = PATH_WINDOW_MARGIN;
    const wall = (x: number, y: number) => (x === 10 && y > -m - 5 && y < m + 5 ? Biome.mountains : Biome.plains);
    expect(path(drawn(wall), [0, 0], [20, 0]).status).toBe('too-far');
  });
});

describe('findPath on generated terrain', () => {
  const seed = 4242;
  const cache = new Map<string, Uint8Array>();
  const chunks = (cx: number, cy: number) => {
    const key = `${cx},${cy}`;
    if (!cache.has(key)) cache.set(key, core.generateChunk(seed, cx, cy).biomes);
    return cache.get(key)!;
  };
  const biomeAt = (x: number, y: number) =>
    chunks(Math.floor(x / CHUNK_SIZE), Math.floor(y / CHUNK_SIZE))[
      (((y % CHUNK_SIZE) + CHUNK_SIZE) % CHUNK_SIZE) * CHUNK_SIZE + (((x % CHUNK_SIZE) + CHUNK_SIZE) % CHUNK_SIZE)
    ]!;

  test('the module and its TypeScript twin find the same tiles; every path is walkable', () => {
    let found = 0;
    let s = 99;
    const rand = (n: number) => ((s = (Math.imul(s, 1103515245) + 12345) | 0) >>> 8) % n;
    for (let i = 0; i < 40; i++) {
      const from: [number, number] = [rand(400) - 200, rand(400) - 200];
      const to: [number, number] = [from[0] + rand(160) - 80, from[1] + rand(160) - 80];
      const r = core.findPath({
        seed,
        fromTileX: from[0],
        fromTileY: from[1],
        toTileX: to[0],
        toTileY: to[1],
        blocked: BLOCKED,
        chunks,
      });
      // The same window the wrapper searched (generated, not from chunks: both sources agree).
      const generated = core.findPath({
        seed,
        fromTileX: from[0],
        fromTileY: from[1],
        toTileX: to[0],
        toTileY: to[1],
        blocked: BLOCKED,
      });
      expect(generated).toEqual(r);
      const x0 = Math.min(from[0], to[0]) - PATH_WINDOW_MARGIN;
      const y0 = Math.min(from[1], to[1]) - PATH_WINDOW_MARGIN;
      const w = Math.abs(from[0] - to[0]) + 1 + 2 * PATH_WINDOW_MARGIN;
      const h = Math.abs(from[1] - to[1]) + 1 + 2 * PATH_WINDOW_MARGIN;
      const terrain = new Uint8Array(w * h);
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) terrain[y * w + x] = biomeAt(x0 + x, y0 + y);
      const twin = referencePath(terrain, w, h, [from[0] - x0, from[1] - y0], [to[0] - x0, to[1] - y0], MASK);
      expect(twin.status).toBe(r.status);
      expect(twin.expanded).toBe(r.expanded);
      if (r.status === 'found' && twin.status === 'found') {
        expect(twin.tiles.map(([x, y]) => ({ x: x + x0, y: y + y0 }))).toEqual(r.tiles);
        expectWalkable(r, biomeAt);
        found++;
      }
    }
    expect(found).toBeGreaterThan(10);
  });

  test('an answer never depends on what was asked before: each query alone on a fresh core, or after the others', async () => {
    // Paths found, a target on water, a walled-off pocket, searches cut by the bound and by the window, and goals
    // refused unsearched: each leaves the module's search memory (slots, nodes, heap, path) in a different state.
    const wall = drawn((x, y) => (x === 10 && y > -200 && y < 200 ? Biome.mountains : Biome.plains));
    const ring = drawn((x, y) => (Math.max(Math.abs(x - 30), Math.abs(y)) === 4 ? Biome.mountains : Biome.plains));
    const lake = drawn((x, y) => ((x - 20) ** 2 + y ** 2 <= 15 ** 2 ? Biome.water : Biome.plains));
    const q = (from: [number, number], to: [number, number], c?: ReturnType<typeof drawn>) => ({
      seed,
      fromTileX: from[0],
      fromTileY: from[1],
      toTileX: to[0],
      toTileY: to[1],
      blocked: BLOCKED,
      chunks: c ?? chunks,
    });
    const queries = [
      q([0, 0], [40, 0], lake),
      q([0, 0], [20, 0], wall),
      q([0, 0], [30, 0], ring),
      q([0, 0], [20, 0], lake),
      q([0, 0], [PATH_MAX_EXPANDED + 1, 0]),
      q([-150, 60], [-80, 10]),
      q([120, -40], [60, 30]),
      q([5, 5], [5, 5]),
      q([-30, -170], [40, -120]),
      q([0, 0], [400, 300]),
    ];
    const alone: TilePath[] = [];
    for (const query of queries) alone.push((await loadCoreForBun()).findPath(query));
    expect(new Set(alone.map((a) => a.status))).toEqual(new Set(['found', 'unreachable', 'too-far']));
    const shared = await loadCoreForBun();
    for (let round = 0; round < 3; round++) {
      const order = queries.map((_, i) => i);
      if (round === 1) order.reverse();
      if (round === 2) order.sort((a, b) => ((a * 7) % queries.length) - ((b * 7) % queries.length));
      for (const i of order) expect(shared.findPath(queries[i]!)).toEqual(alone[i]!);
    }
  });

  test('bad input is refused with a message', () => {
    expect(() => core.findPath({ seed, fromTileX: 0.5, fromTileY: 0, toTileX: 1, toTileY: 1, blocked: BLOCKED })).toThrow(
      TypeError,
    );
    expect(() => core.findPath({ seed, fromTileX: 0, fromTileY: 0, toTileX: 1, toTileY: 1, blocked: [9] })).toThrow(RangeError);
  });
});
