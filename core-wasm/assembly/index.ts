/**
 * The Wasteland core: terrain, points of interest, vision, line of sight and paths.
 *
 * Raw exports (no JS glue); the only caller is core-wasm/index.ts, which validates input and reads the buffers.
 * Every buffer is static (buffers.ts): pointers stay valid for the instance's lifetime and no call allocates.
 * Seeds are u32 (passed as i32 bit patterns); coordinates are world tiles.
 */
import { CHUNK_SIZE } from './generated/constants';
import {
  CHUNK_BIOMES, CHUNK_FEATURES, LOS_MASK, LOS_MAX_HALF, LOS_TERRAIN, POI_CAPACITY, POI_RECORD_BYTES, POI_RECORDS,
  WINDOW_BIOMES, PATH_CHUNK_STAGE, PATH_OUT, PATH_TERRAIN,
} from './buffers';
import { generateLargeWindow, generateWindow } from './terrain/generate';
import { generatePois, sampleChunkForPois } from './poi/poi';
import { computeLos } from './vision/los';
import { findPathInWindow } from './path/astar';

export * from './generated/constants';
export { visionRadius, losBudgetTenths } from './vision/vision';
export { pathExpandedCount } from './path/astar';

/** ABI version of this export list and the buffer layouts; core-wasm/index.ts refuses a module it does not know. */
export const CORE_ABI_VERSION: i32 = 3;

export function chunkBiomesPtr(): usize { return CHUNK_BIOMES; }
export function windowBiomesPtr(): usize { return WINDOW_BIOMES; }
export function poiRecordsPtr(): usize { return POI_RECORDS; }
export function poiRecordBytes(): i32 { return POI_RECORD_BYTES; }
export function poiCapacity(): i32 { return POI_CAPACITY; }
export function losTerrainPtr(): usize { return LOS_TERRAIN; }
export function losMaskPtr(): usize { return LOS_MASK; }
export function losMaxHalf(): i32 { return LOS_MAX_HALF; }
export function pathTerrainPtr(): usize { return PATH_TERRAIN; }
export function pathOutPtr(): usize { return PATH_OUT; }
export function pathChunkStagePtr(): usize { return PATH_CHUNK_STAGE; }

/**
 * Copies the w × h tiles at (srcX, srcY) of the staged chunk (PATH_CHUNK_STAGE) to (dstX, dstY) of PATH_TERRAIN (row
 * stride `stride`): the wrapper fills a path window from its chunks with one copy in and one call per chunk, where
 * copying row by row from JavaScript costs milliseconds.
 */
export function blitPathChunk(srcX: i32, srcY: i32, w: i32, h: i32, dstX: i32, dstY: i32, stride: i32): void {
  for (let r = 0; r < h; r++) {
    memory.copy(
      PATH_TERRAIN + <usize>((dstY + r) * stride + dstX),
      PATH_CHUNK_STAGE + <usize>((srcY + r) * CHUNK_SIZE + srcX),
      <usize>w,
    );
  }
}

/** Generates chunk (chunkX, chunkY): biomes into CHUNK_BIOMES, its POIs into POI_RECORDS; returns the POI count. */
export function generateChunk(seed: u32, chunkX: i32, chunkY: i32): i32 {
  generateWindow(seed, chunkX * CHUNK_SIZE, chunkY * CHUNK_SIZE, CHUNK_SIZE, CHUNK_SIZE, CHUNK_BIOMES, CHUNK_SIZE, CHUNK_FEATURES);
  return generatePois(seed, chunkX, chunkY, CHUNK_BIOMES, CHUNK_FEATURES);
}

/**
 * The POIs of chunk (chunkX, chunkY) into POI_RECORDS, the same as generateChunk's, without the chunk's biomes
 * (CHUNK_BIOMES holds scratch afterwards); returns the POI count. About 1/20 of a full chunk's work.
 */
export function generateChunkPois(seed: u32, chunkX: i32, chunkY: i32): i32 {
  sampleChunkForPois(seed, chunkX, chunkY, CHUNK_BIOMES, CHUNK_FEATURES);
  return generatePois(seed, chunkX, chunkY, CHUNK_BIOMES, CHUNK_FEATURES);
}

/** Biomes of the w × h tiles from (tileX, tileY) into WINDOW_BIOMES (row stride w); w, h in 1..128. */
export function generateTileWindow(seed: u32, tileX: i32, tileY: i32, w: i32, h: i32): void {
  generateWindow(seed, tileX, tileY, w, h, WINDOW_BIOMES, w, 0);
}

/** Biome of one tile. */
export function biomeAt(seed: u32, tileX: i32, tileY: i32): i32 {
  generateWindow(seed, tileX, tileY, 1, 1, WINDOW_BIOMES, 1, 0);
  return load<u8>(WINDOW_BIOMES);
}

/** Fills LOS_TERRAIN with the (2·half + 1)² tiles centred on (tileX, tileY). */
export function fillLosTerrain(seed: u32, tileX: i32, tileY: i32, half: i32): void {
  const side = 2 * half + 1;
  generateLargeWindow(seed, tileX - half, tileY - half, side, side, LOS_TERRAIN, side);
}

/** LOS_MASK from LOS_TERRAIN (see vision/los.ts); returns the number of visible tiles. */
export function lineOfSight(half: i32, radius: f64, budgetTenths: i32): i32 {
  return computeLos(half, radius, budgetTenths);
}

/** Fills PATH_TERRAIN with the w × h tiles from (tileX, tileY) (row stride w; w, h ≤ PATH_MAX_SIDE). */
export function fillPathTerrain(seed: u32, tileX: i32, tileY: i32, w: i32, h: i32): void {
  generateLargeWindow(seed, tileX, tileY, w, h, PATH_TERRAIN, w);
}

/**
 * Path over PATH_TERRAIN (a w × h window, w, h ≤ PATH_MAX_SIDE, filled by the caller) from window tile (sx, sy) to
 * (gx, gy); bit b of blockedMask marks biome code b impassable. Returns the tile count (tiles in PATH_OUT as (x, y)
 * i32 pairs, start first), −1 unreachable or −2 too far (see path/astar.ts).
 */
export function findPath(w: i32, h: i32, sx: i32, sy: i32, gx: i32, gy: i32, blockedMask: i32): i32 {
  return findPathInWindow(w, h, sx, sy, gx, gy, blockedMask);
}
