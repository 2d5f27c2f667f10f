/**
 * Every buffer the module uses, reserved once in static memory (`memory.data`). Nothing is allocated per call, so
 * the linear memory never grows (the build also pins it: --initialMemory = --maximumMemory). The TypeScript
 * wrapper reads and writes these through the pointers exported by index.ts.
 */
import { CHUNK_SIZE, MAX_VISION_RADIUS } from './generated/constants';

export const CHUNK_TILES: i32 = CHUNK_SIZE * CHUNK_SIZE;

/** generateChunk: biome codes of the last chunk, row-major (index = y * 128 + x). */
export const CHUNK_BIOMES: usize = memory.data(CHUNK_TILES, 16);
/** generateChunk: what made each tile: 0 nature, 1 town, 2 road (internal; POIs use it). */
export const CHUNK_FEATURES: usize = memory.data(CHUNK_TILES, 16);
export const FEATURE_NATURE: u8 = 0;
export const FEATURE_TOWN: u8 = 1;
export const FEATURE_ROAD: u8 = 2;

/** generateWindow / biomeAt: an arbitrary window of up to 128 × 128 tiles (row stride = its width). */
export const WINDOW_BIOMES: usize = memory.data(CHUNK_TILES, 16);

/** One row of natural biome codes before it is copied to its window (128 tiles + one 16-lane block of slack). */
export const ROW_SCRATCH: usize = memory.data(CHUNK_SIZE + 16, 16);

/** generateChunk's POIs: POI_RECORD_BYTES each (layout in poi/poi.ts). */
export const POI_CAPACITY: i32 = 512;
export const POI_RECORD_BYTES: i32 = 32;
export const POI_RECORDS: usize = memory.data(POI_CAPACITY * POI_RECORD_BYTES, 16);

/** Line of sight: a square window of side 2h + 1 (h ≤ 175), the viewer at its centre, row stride = side. */
export const LOS_MAX_HALF: i32 = MAX_VISION_RADIUS;
export const LOS_MAX_SIDE: i32 = 2 * LOS_MAX_HALF + 1;
const LOS_BYTES: i32 = (LOS_MAX_SIDE * LOS_MAX_SIDE + 15) & ~15;
/** Input: biome codes (filled by fillLosTerrain or by the caller). */
export const LOS_TERRAIN: usize = memory.data(LOS_BYTES, 16);
/** Internal: terrain cost in tenths per tile. */
export const LOS_COST: usize = memory.data(LOS_BYTES, 16);
/**
 * Internal: costs re-laid for the 8-octant SIMD walk. Entry (i, r) for 0 ≤ i < LOS_MAX_HALF, 0 ≤ r ≤ i holds
 * 32 bytes: for each of the 8 octants the pair (cost at (i, r), cost at (i, r + 1)) as two i16, so one
 * i32x4.dot_i16x8_s weighs both tiles of a column for 4 octants. Row i starts at entry i(i + 1)/2.
 */
export const LOS_OCTANT_BYTES: i32 = 32;
export const LOS_OCTANT_COSTS: usize = memory.data((LOS_MAX_HALF * (LOS_MAX_HALF + 1) / 2 + 16) * LOS_OCTANT_BYTES, 16);
/** Output: 1 where visible, 0 elsewhere. */
export const LOS_MASK: usize = memory.data(LOS_BYTES, 16);
