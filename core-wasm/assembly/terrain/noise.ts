/**
 * 2D simplex noise, four samples at a time with hand-written f32x4/i32x4 SIMD (AssemblyScript does not vectorise
 * by itself). Lattice gradients come from an integer hash of the lattice point instead of a permutation table, so
 * the whole kernel stays in vector registers (no gathers).
 *
 * Every lane is computed independently with the same operations, so a tile's value does not depend on which lane
 * or which call computes it: chunks, arbitrary windows and single-tile samples agree bit for bit, in every engine
 * (WebAssembly float arithmetic is deterministic).
 *
 * Gradients: 8 directions (±1, ±0.5) and (±0.5, ±1) chosen by the hash's top three bits (swap, sign of u, sign of
 * v). Output is within about ±0.66 (SIMPLEX_SCALE = 60); the thresholds in worldgen-params.ts are tuned to that.
 *
 * Lattice coordinates must stay below 2^22 in magnitude (tiles ≤ 2^19 times frequencies ≤ 1/64: far below).
 */
import { SIMPLEX_SCALE } from '../generated/constants';

/** Skew and unskew factors for 2D simplex: (√3 − 1) / 2 and (3 − √3) / 6. */
const F2: f32 = 0.36602540378443865;
const G2: f32 = 0.21132486540518713;
/** Lattice hash multipliers for i and j. */
const PRIME_X: i32 = 0x27d4eb2d;
const PRIME_Y: i32 = 0x165667b1;
const MIX: i32 = 0x2c1b3c6d;
/** 1.5 · 2^23: adding it to a small integral float puts the integer in the low mantissa bits. */
const MAGIC: f32 = 12582912.0;

/** Hash of lattice points whose coordinates are already multiplied by PRIME_X / PRIME_Y: one multiply, top bits used. */
@inline function latticeHash(px: v128, py: v128, seed: v128): v128 {
  return i32x4.mul(v128.xor(v128.xor(px, py), seed), i32x4.splat(MIX));
}

/** Contribution of one simplex corner at offset (x, y) with hash h. */
@inline function corner(h: v128, x: v128, y: v128): v128 {
  // Gradient dot product: bit 31 swaps (u, v) = (y, x), bits 30 and 29 flip their signs, v is weighted 0.5.
  const swap = i32x4.shr_s(h, 31);
  const u = v128.bitselect(y, x, swap);
  const v = v128.bitselect(x, y, swap);
  const signU = v128.and(i32x4.shl(h, 1), i32x4.splat(0x80000000));
  const signV = v128.and(i32x4.shl(h, 2), i32x4.splat(0x80000000));
  const dot = f32x4.add(v128.xor(u, signU), f32x4.mul(v128.xor(v, signV), f32x4.splat(0.5)));
  // Radial falloff (0.5 − r²)⁴, zero outside the corner's circle.
  let t = f32x4.sub(f32x4.splat(0.5), f32x4.add(f32x4.mul(x, x), f32x4.mul(y, y)));
  t = f32x4.max(t, f32x4.splat(0));
  t = f32x4.mul(t, t);
  return f32x4.mul(f32x4.mul(t, t), dot);
}

/** Simplex noise at four points (x, y in lattice units), roughly in [-1, 1]. */
@inline export function simplex4(x: v128, y: v128, seed: v128): v128 {
  const s = f32x4.mul(f32x4.add(x, y), f32x4.splat(F2));
  const fi = f32x4.floor(f32x4.add(x, s));
  const fj = f32x4.floor(f32x4.add(y, s));
  const t = f32x4.mul(f32x4.add(fi, fj), f32x4.splat(G2));
  const x0 = f32x4.sub(x, f32x4.sub(fi, t));
  const y0 = f32x4.sub(y, f32x4.sub(fj, t));
  // Which triangle: lower (i1 = 1, j1 = 0) where x0 > y0, else upper (i1 = 0, j1 = 1).
  const lower = f32x4.gt(x0, y0);
  const one = f32x4.splat(1);
  const x1 = f32x4.add(f32x4.sub(x0, v128.and(lower, one)), f32x4.splat(G2));
  const y1 = f32x4.add(f32x4.sub(y0, v128.andnot(one, lower)), f32x4.splat(G2));
  const x2 = f32x4.add(x0, f32x4.splat(2 * G2 - 1));
  const y2 = f32x4.add(y0, f32x4.splat(2 * G2 - 1));

  // Lattice indices without a float→int conversion: for an integral |f| < 2^22 the bits of f + 1.5·2^23 are
  // 0x4B400000 + f. The constant offset is part of the hash (the TypeScript twin adds it explicitly).
  const px = i32x4.mul(f32x4.add(fi, f32x4.splat(MAGIC)), i32x4.splat(PRIME_X));
  const py = i32x4.mul(f32x4.add(fj, f32x4.splat(MAGIC)), i32x4.splat(PRIME_Y));
  const primeX = i32x4.splat(PRIME_X);
  const primeY = i32x4.splat(PRIME_Y);
  const h0 = latticeHash(px, py, seed);
  const h1 = latticeHash(i32x4.add(px, v128.and(lower, primeX)), i32x4.add(py, v128.andnot(primeY, lower)), seed);
  const h2 = latticeHash(i32x4.add(px, primeX), i32x4.add(py, primeY), seed);

  const n = f32x4.add(f32x4.add(corner(h0, x0, y0), corner(h1, x1, y1)), corner(h2, x2, y2));
  return f32x4.mul(n, f32x4.splat(<f32>SIMPLEX_SCALE));
}

/**
 * Fractal sum of `octaves` simplex layers (lacunarity 2, gain 0.5), normalised by the total amplitude.
 * x and y are in the first octave's lattice units. Each octave has its own seed.
 */
@inline export function fbm4(x: v128, y: v128, seed: i32, octaves: i32): v128 {
  let sum = f32x4.splat(0);
  let amp: f32 = 1;
  let total: f32 = 0;
  for (let o = 0; o < octaves; o++) {
    const n = simplex4(x, y, i32x4.splat(seed + o * 0x632be5ab));
    sum = f32x4.add(sum, f32x4.mul(n, f32x4.splat(amp)));
    total += amp;
    amp *= 0.5;
    x = f32x4.add(x, x);
    y = f32x4.add(y, y);
  }
  return f32x4.mul(sum, f32x4.splat(1 / total));
}
