/**
 * The one definition of the WASM core's game constants (spec section 9 plus our design choices).
 *
 * `bun run build:wasm` (core-wasm/build.ts) writes these values into
 * core-wasm/assembly/generated/constants.ts, so the AssemblyScript module and TypeScript read the same numbers;
 * core-wasm/constants.test.ts fails when the built module and this file disagree. The server and the islands import
 * them from core-wasm (never copy them).
 *
 * Plain data only: this file is imported by the browser bundle, the worker, the server and the build script.
 */

// ── Geometry ─────────────────────────────────────────────────────────────────────────────────────────────────────
/** Tiles per chunk side (spec: chunk 128 tiles). */
export const CHUNK_SIZE = 128;
/** World units per tile side (spec: tile 5 world units). A tile's centre is at tile * 5 + 2.5. */
export const TILE_SIZE = 5;
/**
 * Chunk coordinates accepted by the core: -MAX_CHUNK_COORD ≤ chunkX, chunkY ≤ MAX_CHUNK_COORD
 * (a world 1,048,704 tiles across). Noise runs in f32; beyond this its finest octave loses detail.
 */
export const MAX_CHUNK_COORD = 4096;
/** Tile coordinates accepted by the core: every tile of every accepted chunk. */
export const MIN_TILE_COORD = -MAX_CHUNK_COORD * CHUNK_SIZE;
export const MAX_TILE_COORD = (MAX_CHUNK_COORD + 1) * CHUNK_SIZE - 1;
/** World seeds are unsigned 32-bit integers (use seedFromString for text seeds). */
export const MAX_SEED = 0xffff_ffff;

// ── Biomes ───────────────────────────────────────────────────────────────────────────────────────────────────────
/** Biome codes as stored in a chunk's bytes (spec order). Wire values: never renumber. */
export const Biome = {
  plains: 0,
  water: 1,
  desert: 2,
  hills: 3,
  marsh: 4,
  ruins: 5,
  forest: 6,
  mountains: 7,
} as const;
export type BiomeName = keyof typeof Biome;
export type BiomeCode = (typeof Biome)[BiomeName];
/** Names indexed by code. */
export const BIOME_NAMES = [
  'plains',
  'water',
  'desert',
  'hills',
  'marsh',
  'ruins',
  'forest',
  'mountains',
] as const satisfies readonly BiomeName[];
export const BIOME_COUNT = BIOME_NAMES.length;

/**
 * Terrain cost per tile in tenths, indexed by biome code (spec: plains 0.8, water 0.8, desert 1.2, hills 1.8,
 * marsh 2.5, ruins 3, forest 4, mountains 5). The core sums integers, so "at most 20" is exact, never a rounding
 * accident. The same cost is the movement cost and the line-of-sight cost.
 */
export const TERRAIN_COST_TENTHS = [8, 8, 12, 18, 25, 30, 40, 50] as const;
/** The same costs as decimals (0.8 … 5). */
export const TERRAIN_COST: readonly number[] = TERRAIN_COST_TENTHS.map((t) => t / 10);

// ── Vision and line of sight ─────────────────────────────────────────────────────────────────────────────────────
/** Vision radius in tiles before multipliers (spec: 35). */
export const VISION_BASE_TILES = 35;
/** Binoculars (day only, stationary, not flagged) multiply the radius by 2.5. */
export const BINOCULARS_MULTIPLIER = 2.5;
/** Standing on a hills tile multiplies the radius by 2. */
export const HILLS_MULTIPLIER = 2;
/** Day/night vision multipliers (the server's TimeInfo.visionMultiplier is one of these). */
export const VISION_DAY_MULTIPLIER = 1;
export const VISION_NIGHT_MULTIPLIER = 0.5;
/** Largest radius the rules produce: 35 × 2.5 × 2 × 1 = 175 tiles. The LOS buffers are sized for it. */
export const MAX_VISION_RADIUS = VISION_BASE_TILES * BINOCULARS_MULTIPLIER * HILLS_MULTIPLIER * VISION_DAY_MULTIPLIER;
/** Bits of the core's visionRadius flags argument (the TypeScript wrapper takes named booleans). */
export const VisionFlag = { binoculars: 1, onHills: 2, night: 4, flagged: 8, moving: 16 } as const;
/** Line of sight is blocked when the summed terrain cost along the ray exceeds 20 (at base vision; see RULES.md). */
export const LOS_MAX_COST = 20;
export const LOS_MAX_COST_TENTHS = LOS_MAX_COST * 10;
/** Upper bound for a caller-chosen LOS budget, in tenths (keeps the core's exact i64 comparison in range). */
export const LOS_BUDGET_LIMIT_TENTHS = 20_000;

// ── Paths ────────────────────────────────────────────────────────────────────────────────────────────────────────
/**
 * Pathfinding (assembly/path/astar.ts): A* over tiles, 8-connected, no corner cutting, every passable tile equally
 * fast (walkers cross every passable biome at full speed), so the cheapest path is the shortest. The search stops
 * after this many expanded tiles, so a far click costs at most a fraction of a frame (goal: a 500-tile path ≤ 2 ms).
 */
export const PATH_MAX_EXPANDED = 2000;
/** Step costs: straight and diagonal (≈ 10·√2), integers so the module and its TypeScript twin agree exactly. */
export const PATH_STEP_STRAIGHT = 10;
export const PATH_STEP_DIAGONAL = 14;
/** The search sees a window around start and goal: their bounding box plus this margin, at most PATH_MAX_SIDE a side. */
export const PATH_WINDOW_MARGIN = 64;
export const PATH_MAX_SIDE = 640;
/** Waypoints a walker is given are at most this many tiles apart (api/game/paths.ts simplifies the tile path). */
export const PATH_WAYPOINT_TILES = 3;

// ── Points of interest ───────────────────────────────────────────────────────────────────────────────────────────
/** Distance (world units) within which a player interacts with a POI, unless the POI's own radius is larger. */
export const INTERACTION_RADIUS = 40;

/** POI types. Wire values: never renumber; append new ones. basic_shelter is built by players, never generated. */
export const POI_TYPES = [
  'abandoned_house',
  'gas_station',
  'supermarket',
  'hospital',
  'police_station',
  'factory',
  'military_outpost',
  'ranger_station',
  'farmstead',
  'radio_tower',
  'pharmacy',
  'school',
  'church',
  'motel',
  'warehouse',
  'hunting_cabin',
  'mine',
  'fishing_shack',
  'pumping_station',
  'water_tower',
  'bunker',
  'crash_site',
  'campground',
  'diner',
  'basic_shelter',
] as const;
export type PoiType = (typeof POI_TYPES)[number];
const T = (name: PoiType): number => POI_TYPES.indexOf(name);

/**
 * Interaction radius of each POI type in world units (index = type code). Landmarks add POI_LANDMARK_RADIUS_BONUS.
 * Small buildings stay below INTERACTION_RADIUS, so for them the 40-unit interaction radius applies.
 */
export const POI_RADIUS: readonly number[] = POI_TYPES.map(
  (t) =>
    ({
      farmstead: 20,
      factory: 25,
      military_outpost: 25,
      hospital: 20,
      supermarket: 15,
      crash_site: 20,
      mine: 15,
      campground: 15,
      school: 15,
    })[t as string] ?? 10,
);
export const POI_LANDMARK_RADIUS_BONUS = 20;

/**
 * Where a POI stands decides what it can be. A POI's context is its tile's biome, except that ruins split into
 * "town" (inside an old town) and "road" (on an old road). Indexed by PoiContext code.
 */
export const PoiContext = {
  plains: 0,
  water: 1,
  desert: 2,
  hills: 3,
  marsh: 4,
  road: 5,
  forest: 6,
  mountains: 7,
  town: 8,
  townLandmark: 9,
  wildLandmark: 10,
} as const;
export const POI_CONTEXT_COUNT = 11;

/**
 * Density: chance (per mille) that a POI candidate site becomes a POI, per context. One candidate site per 8×8-tile
 * cell (256 per chunk), jittered inside the cell. Ruins are dense, water never holds a POI, mountains are sparse.
 * On generated land this gives roughly 15–25 POIs per chunk, most of them inside towns and along roads.
 */
export const POI_CELL_SIZE = 8;
export const POI_DENSITY_PER_MILLE: readonly number[] = (() => {
  const d = new Array<number>(POI_CONTEXT_COUNT).fill(0);
  d[PoiContext.plains] = 70;
  d[PoiContext.water] = 0;
  d[PoiContext.desert] = 55;
  d[PoiContext.hills] = 55;
  d[PoiContext.marsh] = 40;
  d[PoiContext.road] = 160;
  d[PoiContext.forest] = 50;
  d[PoiContext.mountains] = 15;
  d[PoiContext.town] = 800;
  return d;
})();

/**
 * Chance (per mille) that a wilderness POI (not town, not road) is a landmark instead (military outposts, bunkers,
 * transmitters, crash sites). Town landmarks are the centres of towns with radius ≥ POI_TOWN_LANDMARK_MIN_RADIUS.
 */
export const POI_WILD_LANDMARK_PER_MILLE = 25;
export const POI_TOWN_LANDMARK_MIN_RADIUS = 11;
/** No candidate POI within this Chebyshev distance (tiles) of a town landmark. */
export const POI_LANDMARK_CLEARANCE = 3;

/**
 * Starting significance. Ordinary POIs draw from POI_SIGNIFICANCE_TABLE (3–8, mostly 4: the wiki's "starting
 * significance 4"); landmarks start at 40–60, high enough for the NPC rule (significance ≥ 40 can spawn a survivor).
 */
export const POI_SIGNIFICANCE_TABLE = [3, 4, 4, 4, 4, 4, 5, 5, 6, 7, 8] as const;
export const POI_LANDMARK_SIGNIFICANCE_MIN = 40;
export const POI_LANDMARK_SIGNIFICANCE_MAX = 60;

/** Weighted POI types per context: [type, weight] pairs. Water has none. */
export const POI_TYPE_WEIGHTS: readonly (readonly (readonly [number, number])[])[] = (() => {
  const w: [number, number][][] = Array.from({ length: POI_CONTEXT_COUNT }, () => []);
  const set = (ctx: number, pairs: [PoiType, number][]) => (w[ctx] = pairs.map(([t, n]) => [T(t), n]));
  set(PoiContext.plains, [
    ['farmstead', 35],
    ['abandoned_house', 30],
    ['water_tower', 10],
    ['church', 8],
    ['school', 5],
    ['gas_station', 7],
    ['campground', 5],
  ]);
  set(PoiContext.desert, [
    ['motel', 20],
    ['gas_station', 20],
    ['abandoned_house', 20],
    ['mine', 15],
    ['crash_site', 10],
    ['water_tower', 10],
    ['diner', 5],
  ]);
  set(PoiContext.hills, [
    ['mine', 25],
    ['radio_tower', 20],
    ['abandoned_house', 20],
    ['farmstead', 15],
    ['ranger_station', 10],
    ['water_tower', 10],
  ]);
  set(PoiContext.marsh, [
    ['fishing_shack', 45],
    ['pumping_station', 25],
    ['abandoned_house', 20],
    ['hunting_cabin', 10],
  ]);
  set(PoiContext.road, [
    ['gas_station', 40],
    ['motel', 20],
    ['diner', 20],
    ['abandoned_house', 10],
    ['warehouse', 10],
  ]);
  set(PoiContext.forest, [
    ['hunting_cabin', 40],
    ['ranger_station', 25],
    ['campground', 20],
    ['abandoned_house', 15],
  ]);
  set(PoiContext.mountains, [
    ['mine', 45],
    ['radio_tower', 25],
    ['bunker', 15],
    ['ranger_station', 15],
  ]);
  set(PoiContext.town, [
    ['abandoned_house', 34],
    ['supermarket', 9],
    ['pharmacy', 9],
    ['warehouse', 9],
    ['gas_station', 8],
    ['church', 7],
    ['school', 7],
    ['police_station', 5],
    ['diner', 6],
    ['hospital', 3],
    ['factory', 3],
  ]);
  set(PoiContext.townLandmark, [
    ['hospital', 30],
    ['police_station', 20],
    ['factory', 20],
    ['supermarket', 15],
    ['school', 15],
  ]);
  set(PoiContext.wildLandmark, [
    ['military_outpost', 35],
    ['bunker', 20],
    ['radio_tower', 20],
    ['crash_site', 15],
    ['factory', 10],
  ]);
  return w;
})();
