/**
 * One chunk-generation variant, measured in a process of its own so the JIT state of one variant (for example a
 * call site made polymorphic by another noise function) cannot slow another. Prints ms per chunk as JSON.
 *   bun core-wasm/bench/chunks.ts wasm|wasm-wrapped|wasm-pois|twin|simplex-noise
 */
import { createNoise2D } from 'simplex-noise';
import { loadCoreForBun } from '../index.ts';
import { hashSimplex, twinChunk, type Noise2D } from './twin.ts';

export const BENCH_SEED = 20_250_807;
const at = (i: number): [number, number] => [(i % 17) - 8, (Math.floor(i / 17) % 17) - 8];

/** Best of 5 rounds of n calls after a warm-up, ms per call. */
function time(n: number, fn: (i: number) => void): number {
  for (let i = 0; i < n; i++) fn(i);
  let best = Number.POSITIVE_INFINITY;
  for (let r = 1; r <= 5; r++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn(i + r * n);
    best = Math.min(best, (performance.now() - t0) / n);
  }
  return best;
}

if (import.meta.main) {
  const variant = process.argv[2];
  const out = new Uint8Array(128 * 128);
  let ms: number;
  if (variant === 'wasm-pois') {
    // A spawn search's read: the POIs alone, each chunk's first time (the wrapper caches a chunk's POIs).
    const { instance } = await WebAssembly.instantiate(await Bun.file(`${import.meta.dir}/../build/core.wasm`).arrayBuffer());
    const raw = instance.exports as unknown as { generateChunkPois(seed: number, x: number, y: number): number };
    ms = time(100, (i) => raw.generateChunkPois(BENCH_SEED, ...at(i)));
  } else if (variant === 'wasm' || variant === 'wasm-wrapped') {
    const core = await loadCoreForBun();
    if (variant === 'wasm') {
      const { instance } = await WebAssembly.instantiate(await Bun.file(`${import.meta.dir}/../build/core.wasm`).arrayBuffer());
      const raw = instance.exports as unknown as { generateChunk(seed: number, x: number, y: number): number };
      ms = time(100, (i) => raw.generateChunk(BENCH_SEED, ...at(i)));
    } else {
      ms = time(100, (i) => core.generateChunk(BENCH_SEED, ...at(i)));
    }
  } else if (variant === 'twin') {
    ms = time(25, (i) => twinChunk(hashSimplex, BENCH_SEED, ...at(i), out));
  } else if (variant === 'simplex-noise') {
    // The package's noise doing the same octaves: one seeded function, each layer/octave seed shifting the coordinates.
    let s = BENCH_SEED;
    const noise2D = createNoise2D(() => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const noise: Noise2D = (x, y, layer) => noise2D(x + ((layer >>> 0) % 4093), y + ((layer >>> 12) % 4091));
    ms = time(25, (i) => twinChunk(noise, BENCH_SEED, ...at(i), out));
  } else {
    throw new Error(`unknown variant ${variant}`);
  }
  console.log(JSON.stringify({ variant, ms }));
}
