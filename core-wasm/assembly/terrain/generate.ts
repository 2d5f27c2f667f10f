/**
 * Terrain windows: natural biomes from the noise kernel, then towns and roads laid over them. A chunk is the window
 * (chunkX·128, chunkY·128, 128, 128); any other window of the same tiles holds the same bytes, which is what makes
 * chunks join seamlessly (core-wasm/terrain.test.ts checks windows that straddle chunk borders).
 */
import { CHUNK_SIZE } from '../generated/constants';
import { ROW_SCRATCH } from '../buffers';
import { naturalBiome4 } from './biome';
import { layRuins } from './ruins';

/** Natural biome codes of 16 consecutive tiles starting at (wx, wy), stored as bytes at dst. */
@inline function natural16(seed: u32, wx: i32, wy: i32, dst: usize): void {
  const y = i32x4.splat(wy);
  const a = naturalBiome4(i32x4(wx, wx + 1, wx + 2, wx + 3), y, seed);
  const b = naturalBiome4(i32x4(wx + 4, wx + 5, wx + 6, wx + 7), y, seed);
  const c = naturalBiome4(i32x4(wx + 8, wx + 9, wx + 10, wx + 11), y, seed);
  const d = naturalBiome4(i32x4(wx + 12, wx + 13, wx + 14, wx + 15), y, seed);
  v128.store(dst, i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(a, b), i16x8.narrow_i32x4_u(c, d)));
}

/** Natural (pre-ruins) biome of one tile. */
export function naturalBiomeAt(seed: u32, wx: i32, wy: i32): i32 {
  return i32x4.extract_lane(naturalBiome4(i32x4.splat(wx), i32x4.splat(wy), seed), 0);
}

/**
 * Fills a w × h window whose top-left tile is (x0, y0) (w, h ≤ 128) into dst with row stride `stride`.
 * features (0 = not wanted) receives 0 nature / 1 town / 2 road per tile, same stride.
 */
export function generateWindow(seed: u32, x0: i32, y0: i32, w: i32, h: i32, dst: usize, stride: i32, features: usize): void {
  for (let row = 0; row < h; row++) {
    const wy = y0 + row;
    for (let col = 0; col < w; col += 16) natural16(seed, x0 + col, wy, ROW_SCRATCH + <usize>col);
    memory.copy(dst + <usize>(row * stride), ROW_SCRATCH, <usize>w);
    if (features) memory.fill(features + <usize>(row * stride), 0, <usize>w);
  }
  layRuins(seed, x0, y0, w, h, dst, stride, features);
}

/** Fills any w × h window (w, h unbounded) block by block: used for line-of-sight windows up to 351 tiles wide. */
export function generateLargeWindow(seed: u32, x0: i32, y0: i32, w: i32, h: i32, dst: usize, stride: i32): void {
  for (let by = 0; by < h; by += CHUNK_SIZE) {
    const bh = min(CHUNK_SIZE, h - by);
    for (let bx = 0; bx < w; bx += CHUNK_SIZE) {
      const bw = min(CHUNK_SIZE, w - bx);
      generateWindow(seed, x0 + bx, y0 + by, bw, bh, dst + <usize>(by * stride + bx), stride, 0);
    }
  }
}
