/**
 * Integer hashes: every random-looking choice in the world (towns, rubble, POIs, noise gradients) is a pure
 * function of the seed and a world position, so any chunk can be generated alone and in any order.
 * The TypeScript twin (core-wasm/bench/twin.ts) mirrors these with Math.imul.
 */

/** A 32-bit finaliser (lowbias32): good avalanche for two multiplies. */
@inline export function mix32(h: u32): u32 {
  h ^= h >>> 16;
  h *= 0x7feb352d;
  h ^= h >>> 15;
  h *= 0x846ca68b;
  h ^= h >>> 16;
  return h;
}

/** Hash of (seed, x, y, salt): the one scalar hash used for world features. */
@inline export function hash2(seed: u32, x: i32, y: i32, salt: u32): u32 {
  return mix32(seed ^ mix32((<u32>x * 0x27d4eb2d) ^ (<u32>y * 0x165667b1) ^ (salt * 0x9e3779b9)));
}

/** Floor division for possibly negative numerators (d > 0). */
@inline export function floorDiv(n: i32, d: i32): i32 {
  const q = n / d;
  return (n % d != 0 && n < 0) ? q - 1 : q;
}
