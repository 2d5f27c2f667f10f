/**
 * Tuning of the terrain generator: noise frequencies, thresholds, towns and roads. Like constants.ts this is the
 * one definition: core-wasm/build.ts writes it into the AssemblyScript module, and the TypeScript twin
 * (core-wasm/bench/twin.ts) reads it directly. Changing a value changes every world: update the golden fixtures
 * (`bun core-wasm/fixtures/update.ts`) in the same commit.
 *
 * All frequencies are powers of two, so tile → noise coordinate scaling is exact in f32.
 *
 * Layers, each simplex noise in world-tile coordinates (so chunks join seamlessly):
 * - continent (4 octaves, 1/512): sea below SEA_LEVEL gives oceans and coastlines;
 * - ridge (2 octaves, 1/256, folded |n|): long ridge lines; on land they raise mountain ranges, hills around them;
 * - moisture (3 octaves, 1/256): forest when wet, desert when dry, marsh when wet and low;
 * - lakes (1 octave, 1/128): inland pits become lakes, ringed with marsh where it is wet enough.
 * Ruins are not noise: towns sit at jittered points of a 64-tile lattice and roads join neighbouring towns.
 */

/** Salts give every layer its own lattice hash. */
export const SALT_CONTINENT = 0x1b873593;
export const SALT_RIDGE = 0x2f5a7c1d;
export const SALT_MOISTURE = 0x5bd1e995;
export const SALT_LAKE = 0x68e31da4;
export const SALT_TOWN = 0x3c6ef372;
export const SALT_RUBBLE = 0x7f4a7c15;
export const SALT_POI = 0x4cf5ad43;

export const CONTINENT_FREQ = 1 / 512;
export const CONTINENT_OCTAVES = 4;
export const RIDGE_FREQ = 1 / 256;
export const MOISTURE_FREQ = 1 / 256;
export const MOISTURE_OCTAVES = 3;
export const LAKE_FREQ = 1 / 128;

/** Simplex output scale: brings the kernel's sum of three corners to about [-1, 1]. */
export const SIMPLEX_SCALE = 60;

/** continent < SEA_LEVEL: water. */
export const SEA_LEVEL = -0.2;
/** SEA_LEVEL ≤ continent < SEA_LEVEL + COAST_BAND and moisture > COAST_MARSH_MOISTURE: coastal marsh. */
export const COAST_BAND = 0.05;
export const COAST_MARSH_MOISTURE = 0.0;
/** lake noise < LAKE_LEVEL on land below the ranges: lake; below LAKE_LEVEL + LAKE_RING and wet: marsh. */
export const LAKE_LEVEL = -0.6;
export const LAKE_RING = 0.08;
export const LAKE_MARSH_MOISTURE = -0.1;
/** Ridges only rise where the continent is at least this high (no ranges on the beach). */
export const RANGE_MIN_CONTINENT = 0.0;
/** ridge > MOUNTAIN_RIDGE: mountains; ridge > HILL_RIDGE: hills at their feet. */
export const MOUNTAIN_RIDGE = 0.91;
export const HILL_RIDGE = 0.81;
/** continent > HIGHLAND_LEVEL: rolling highland hills. */
export const HIGHLAND_LEVEL = 0.5;
export const FOREST_MOISTURE = 0.08;
export const DESERT_MOISTURE = -0.28;

/** Towns: one candidate per TOWN_CELL × TOWN_CELL tiles, centre jittered TOWN_MARGIN..TOWN_CELL-TOWN_MARGIN. */
export const TOWN_CELL = 64;
export const TOWN_MARGIN = 12;
export const TOWN_PER_MILLE = 550;
/** Town radius in tiles: TOWN_RADIUS_MIN + (0..TOWN_RADIUS_SPREAD-1); cities add CITY_RADIUS_BONUS. */
export const TOWN_RADIUS_MIN = 5;
export const TOWN_RADIUS_SPREAD = 6;
export const CITY_PER_MILLE = 150;
export const CITY_RADIUS_BONUS = 6;
/** Rubble chance at a town's centre and at its rim (per mille); it falls off linearly in between. */
export const RUBBLE_CENTRE_PER_MILLE = 900;
export const RUBBLE_RIM_PER_MILLE = 450;
