/**
 * `bun run bench` (or `bun core-wasm/bench/index.ts`): WASM core figures, measured in one run on one machine.
 *
 * 1. Chunk generation (128 × 128 tiles, 10 simplex octaves per tile plus towns and roads):
 *    - WASM: the module's generateChunk (it also generates the chunk's POIs), and the same through the wrapper
 *      (copy of the bytes, POI objects);
 *    - TypeScript twin: the same algorithm, scalar f64 (bench/twin.ts);
 *    - simplex-noise: the twin with the npm package's noise doing the same octaves.
 * 2. Vision + line of sight at radius 35, 87.5 and 175 (base, binoculars, binoculars on hills): the module's kernel
 *    against the straightforward TypeScript ray-caster (reference/los.ts), on generated terrain and on uniform
 *    plains (the worst case: nothing stops a ray early).
 * 3. Paths: a ~500-tile walk on generated terrain, the module's bounded A* against its TypeScript twin
 *    (reference/path.ts, the same algorithm), on the same window; and the wrapper's call with the window's fill.
 * 4. Memory: the module's linear memory before and after 100 chunks.
 * Benchmarks print; they never fail.
 */
import { cpus } from 'node:os';
import { Biome, loadCoreForBun } from '../index.ts';
import { referenceMask } from '../reference/los.ts';
import { referencePath } from '../reference/path.ts';
import { BENCH_SEED as seed } from './chunks.ts';

const core = await loadCoreForBun();
/** The module's raw exports, to time the kernels without the wrapper's copies. */
const rawInstance = await WebAssembly.instantiate(await Bun.file(`${import.meta.dir}/../build/core.wasm`).arrayBuffer());
const raw = rawInstance.instance.exports as unknown as {
  memory: WebAssembly.Memory;
  fillLosTerrain(seed: number, x: number, y: number, half: number): void;
  losTerrainPtr(): number;
  lineOfSight(half: number, radius: number, budgetTenths: number): number;
  fillPathTerrain(seed: number, x: number, y: number, w: number, h: number): void;
  pathTerrainPtr(): number;
  findPath(w: number, h: number, sx: number, sy: number, gx: number, gy: number, mask: number): number;
};

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(3));

const at = (i: number): [number, number] => [(i % 17) - 8, (Math.floor(i / 17) % 17) - 8];

/** Best of `rounds` rounds of `n` calls, in ms per call (after one warm-up round). */
function time(n: number, rounds: number, fn: (i: number) => void): number {
  for (let i = 0; i < Math.max(3, n >> 2); i++) fn(i);
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn(i + r * n);
    best = Math.min(best, (performance.now() - t0) / n);
  }
  return best;
}

console.log(`machine: ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, Bun ${Bun.version}`);

// ── 1. Chunks ────────────────────────────────────────────────────────────────────────────────────────────────────
// Each variant runs in its own process (bench/chunks.ts), three times, interleaved; the best time counts.
const variants = ['wasm', 'wasm-wrapped', 'wasm-pois', 'twin', 'simplex-noise'] as const;
const best: Record<string, number> = {};
for (let round = 0; round < 3; round++) {
  for (const v of variants) {
    const p = Bun.spawnSync(['bun', `${import.meta.dir}/chunks.ts`, v], { stdout: 'pipe', stderr: 'inherit' });
    const { ms } = JSON.parse(p.stdout.toString()) as { ms: number };
    best[v] = Math.min(best[v] ?? Number.POSITIVE_INFINITY, ms);
  }
}
const wasmRaw = best.wasm!;
const twin = best.twin!;
const npm = best['simplex-noise']!;
const bestTs = Math.min(twin, npm);
console.log('\nchunk generation (128 × 128 tiles, ms per chunk; best of 3 processes × 5 rounds)');
console.log(`  WASM module (SIMD, incl. POIs)      ${fmt(wasmRaw)}`);
console.log(`  WASM through core-wasm/index.ts     ${fmt(best['wasm-wrapped']!)}`);
console.log(
  `  WASM, the POIs alone (spawn search) ${fmt(best['wasm-pois']!)}   ${(wasmRaw / best['wasm-pois']!).toFixed(1)}× faster than the whole chunk`,
);
console.log(`  TypeScript twin (same algorithm)    ${fmt(twin)}   ${(twin / wasmRaw).toFixed(2)}× the WASM time`);
console.log(`  TypeScript + simplex-noise package  ${fmt(npm)}   ${(npm / wasmRaw).toFixed(2)}× the WASM time`);
console.log(`  WASM is ${(bestTs / wasmRaw).toFixed(2)}× faster than the best TypeScript variant (goal ≥ 2.5×)`);

// ── 2. Vision and line of sight ──────────────────────────────────────────────────────────────────────────────────
console.log('\nvision + line of sight (ms per computation; budget 20 × radius / 35)');
const viewers: [number, number][] = [
  [40, -20],
  [-300, 170],
  [900, 650],
  [-1200, -800],
  [5, 5],
  [260, -610],
];
for (const [label, radius] of [
  ['35 (base)', 35],
  ['87.5 (binoculars)', 87.5],
  ['175 (binoculars on hills)', 175],
] as const) {
  const half = Math.floor(radius);
  const side = 2 * half + 1;
  const budget = core.losBudget(radius) * 10;
  const terrainView = () => new Uint8Array(raw.memory.buffer, raw.losTerrainPtr(), side * side);
  // Generated terrain: fill once per viewer, then time the kernel alone.
  let kernel = 0;
  const windows: Uint8Array[] = [];
  for (const [x, y] of viewers) {
    raw.fillLosTerrain(seed, x, y, half);
    windows.push(terrainView().slice());
    kernel += time(20, 3, () => raw.lineOfSight(half, radius, budget));
  }
  kernel /= viewers.length;
  const fill = time(3, 2, (i) =>
    raw.fillLosTerrain(seed, viewers[i % viewers.length]![0], viewers[i % viewers.length]![1], half),
  );
  terrainView().fill(Biome.plains);
  const plains = time(20, 3, () => raw.lineOfSight(half, radius, budget));
  const plainsVisible = raw.lineOfSight(half, radius, budget);
  const literal = time(20, 3, () => raw.lineOfSight(half, radius, 200));
  // The straightforward TypeScript ray-caster, same rule (one DDA walk per tile).
  const refRuns = radius > 100 ? 1 : 3;
  const reference = time(refRuns, 1, (i) => referenceMask(windows[i % windows.length]!, radius, budget / 10));
  const plainsWindow = new Uint8Array(side * side).fill(Biome.plains);
  const referencePlains = time(refRuns, 1, () => referenceMask(plainsWindow, radius, budget / 10));
  const visible = core.visibility({ seed, tileX: viewers[0]![0], tileY: viewers[0]![1], radius }).visibleCount;
  console.log(`  radius ${label}: budget ${budget / 10}`);
  console.log(
    `    generated terrain   WASM ${fmt(kernel)}   TS ray-caster ${fmt(reference)}   ${(reference / kernel).toFixed(0)}×   (${visible} tiles visible at one viewer)`,
  );
  console.log(
    `    uniform plains      WASM ${fmt(plains)}   TS ray-caster ${fmt(referencePlains)}   ${(referencePlains / plains).toFixed(0)}×   (${plainsVisible} visible: the worst case)`,
  );
  console.log(`    fixed budget 20     WASM ${fmt(literal)} on plains (the spec's literal rule: rays stop by 26 tiles)`);
  console.log(`    terrain window generated in the module (${side}² tiles): ${fmt(fill)}`);
}

// ── 3. Paths ─────────────────────────────────────────────────────────────────────────────────────────────────────
{
  const blocked = [Biome.water, Biome.mountains];
  const mask = blocked.reduce((m, b) => m | (1 << b), 0);
  // The first of a few fixed walks of about 500 tiles that has a path within the bound on this seed.
  let walk: { from: [number, number]; to: [number, number]; tiles: number; expanded: number } | null = null;
  for (const [fx, fy, tx, ty] of [
    // Found by probing BENCH_SEED: the first bends round water (489 tiles, ~1,000 expanded), the next are straighter.
    [-200, -900, -200, -420],
    [-200, -800, -200, -320],
    [800, -800, 1280, -800],
  ] as const) {
    const r = core.findPath({ seed, fromTileX: fx, fromTileY: fy, toTileX: tx, toTileY: ty, blocked });
    if (r.status === 'found') {
      walk = { from: [fx, fy], to: [tx, ty], tiles: r.tiles.length, expanded: r.expanded };
      break;
    }
  }
  console.log('\npaths (bounded A*, ms per path)');
  if (!walk) console.log('  none of the fixed ~500-tile walks has a path within the bound on this seed');
  else {
    const { from, to } = walk;
    const margin = 64;
    const x0 = Math.min(from[0], to[0]) - margin;
    const y0 = Math.min(from[1], to[1]) - margin;
    const w = Math.abs(from[0] - to[0]) + 1 + 2 * margin;
    const h = Math.abs(from[1] - to[1]) + 1 + 2 * margin;
    raw.fillPathTerrain(seed, x0, y0, w, h);
    const window = new Uint8Array(raw.memory.buffer, raw.pathTerrainPtr(), w * h).slice();
    const s: [number, number] = [from[0] - x0, from[1] - y0];
    const g: [number, number] = [to[0] - x0, to[1] - y0];
    const wasm = time(20, 5, () => raw.findPath(w, h, s[0], s[1], g[0], g[1], mask));
    const twinMs = time(5, 5, () => referencePath(window, w, h, s, g, mask));
    const cache = new Map<string, Uint8Array>();
    const chunks = (cx: number, cy: number) => {
      const key = `${cx},${cy}`;
      if (!cache.has(key)) cache.set(key, core.generateChunk(seed, cx, cy).biomes);
      return cache.get(key)!;
    };
    const wrapped = time(20, 5, () =>
      core.findPath({ seed, fromTileX: from[0], fromTileY: from[1], toTileX: to[0], toTileY: to[1], blocked, chunks }),
    );
    console.log(`  (${from}) → (${to}): ${walk.tiles} tiles, ${walk.expanded} expanded, window ${w} × ${h} on seed ${seed}`);
    console.log(`    WASM module                     ${fmt(wasm)}   (goal ≤ 2 ms)`);
    console.log(`    TypeScript twin (same A*)       ${fmt(twinMs)}   ${(twinMs / wasm).toFixed(1)}× the WASM time (goal ≥ 5×)`);
    console.log(`    core.findPath (window from cached chunks + copy out)   ${fmt(wrapped)}`);
  }
}

// ── 4. Memory ────────────────────────────────────────────────────────────────────────────────────────────────────
const fresh = await loadCoreForBun();
const before = fresh.memoryBytes();
for (let i = 0; i < 100; i++) fresh.generateChunk(seed, ...at(i));
const after = fresh.memoryBytes();
console.log(
  `\nmemory: linear memory ${before / 1024} KiB before, ${after / 1024} KiB after 100 chunks (${after === before ? 'no growth' : 'GREW'})`,
);
