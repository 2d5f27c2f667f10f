/**
 * Every buffer the module uses, reserved once in static memory (`memory.data`). Nothing is allocated per call, so
 * the linear memory never grows (the build also pins it: --initialMemory = --maximumMemory). The TypeScript
 * wrapper reads and writes these through the pointers exported by index.ts.
 */
import { CHUNK_SIZE, MAX_VISION_RADIUS, PATH_MAX_EXPANDED, PATH_MAX_SIDE } from './generated/constants';

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

/** Pathfinding (path/astar.ts): the search window's biome codes, row stride = its width (≤ PATH_MAX_SIDE). */
export const PATH_TERRAIN: usize = memory.data((PATH_MAX_SIDE * PATH_MAX_SIDE + 15) & ~15, 16);
/** Nodes the search may create: the start plus at most 8 neighbours per expanded tile. */
export const PATH_NODE_CAPACITY: i32 = 8 * PATH_MAX_EXPANDED + 8;
/** Per node: its window tile index, its cost so far, its parent node (−1 for the start), whether it is expanded. */
export const PATH_NODE_TILE: usize = memory.data(PATH_NODE_CAPACITY * 4, 16);
export const PATH_NODE_G: usize = memory.data(PATH_NODE_CAPACITY * 4, 16);
export const PATH_NODE_PARENT: usize = memory.data(PATH_NODE_CAPACITY * 4, 16);
export const PATH_NODE_CLOSED: usize = memory.data(PATH_NODE_CAPACITY, 16);
/** The open set: a binary min-heap of (key, node), pushed again when a node's cost improves (stale entries skipped). */
export const PATH_HEAP_KEY: usize = memory.data(PATH_NODE_CAPACITY * 4, 16);
export const PATH_HEAP_NODE: usize = memory.data(PATH_NODE_CAPACITY * 4, 16);
/** Tile → node: open addressing over PATH_SLOTS slots, a slot counting only when its stamp is the current search's. */
export const PATH_SLOT_BITS: i32 = 15;
export const PATH_SLOTS: i32 = 1 << PATH_SLOT_BITS;
export const PATH_SLOT_STAMP: usize = memory.data(PATH_SLOTS * 4, 16);
export const PATH_SLOT_TILE: usize = memory.data(PATH_SLOTS * 4, 16);
export const PATH_SLOT_NODE: usize = memory.data(PATH_SLOTS * 4, 16);
/** Output: the path's tiles from start to goal as (x, y) i32 pairs in window coordinates. */
export const PATH_OUT: usize = memory.data((PATH_MAX_EXPANDED + 2) * 8, 16);
/** One chunk's biome codes staged by the wrapper, to be copied into PATH_TERRAIN row by row (blitPathChunk). */
export const PATH_CHUNK_STAGE: usize = memory.data(CHUNK_TILES, 16);
