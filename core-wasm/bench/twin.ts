/**
 * The terrain generator written again in plain TypeScript, scalar and in f64, for the benchmark (and a test that
 * it agrees with the WASM module on almost every tile). Same noise (hash-gradient simplex), same layers, same
 * rules, same towns and roads as core-wasm/assembly/terrain/*; it differs only where f64 and f32 round differently
 * near a threshold. The noise is pluggable so the benchmark can run the same octaves on the simplex-noise package.
 *
 * This is not a second implementation for the game: the game only ever calls the WASM module through
 * core-wasm/index.ts.
 */
import { Biome, CHUNK_SIZE } from '../constants.ts';
import * as P from '../worldgen-params.ts';

/** A 2D noise function (x, y in lattice units, layer seed) → about [-1, 1]. */
export type Noise2D = (x: number, y: number, seed: number) => number;

const F2 = 0.36602540378443865;
const G2 = 0.21132486540518713;
const PRIME_X = 0x27d4eb2d;
const PRIME_Y = 0x165667b1;
const MIX = 0x2c1b3c6d;

/** 0x4B400000: the module hashes the float bits of f + 1.5·2^23, which are this plus f. */
const LATTICE_OFFSET = 0x4b400000;

function latticeHash(px: number, py: number, seed: number): number {
  return Math.imul(px ^ py ^ seed, MIX);
}

function corner(h: number, x: number, y: number): number {
  let t = 0.5 - x * x - y * y;
  if (t <= 0) return 0;
  const swap = h < 0;
  const u = swap ? y : x;
  const v = swap ? x : y;
  t *= t;
  return t * t * ((h & 0x40000000 ? -u : u) + 0.5 * (h & 0x20000000 ? -v : v));
}

/** The WASM kernel's simplex noise, scalar. */
export const hashSimplex: Noise2D = (x, y, seed) => {
  const s = (x + y) * F2;
  const fi = Math.floor(x + s);
  const fj = Math.floor(y + s);
  const t = (fi + fj) * G2;
  const x0 = x - (fi - t);
  const y0 = y - (fj - t);
  const lower = x0 > y0;
  const px = Math.imul(fi + LATTICE_OFFSET, PRIME_X);
  const py = Math.imul(fj + LATTICE_OFFSET, PRIME_Y);
  const n0 = corner(latticeHash(px, py, seed), x0, y0);
  const n1 = lower
    ? corner(latticeHash(px + PRIME_X, py, seed), x0 - 1 + G2, y0 + G2)
    : corner(latticeHash(px, py + PRIME_Y, seed), x0 + G2, y0 - 1 + G2);
  const n2 = corner(latticeHash(px + PRIME_X, py + PRIME_Y, seed), x0 - 1 + 2 * G2, y0 - 1 + 2 * G2);
  return (n0 + n1 + n2) * P.SIMPLEX_SCALE;
};

function fbm(noise: Noise2D, x: number, y: number, seed: number, octaves: number): number {
  let sum = 0;
  let amp = 1;
  let total = 0;
  for (let o = 0; o < octaves; o++) {
    sum += noise(x, y, (seed + Math.imul(o, 0x632be5ab)) | 0) * amp;
    total += amp;
    amp *= 0.5;
    x += x;
    y += y;
  }
  return sum / total;
}

export function naturalBiome(noise: Noise2D, wx: number, wy: number, seed: number): number {
  const s = seed | 0;
  const continent = fbm(noise, wx * P.CONTINENT_FREQ, wy * P.CONTINENT_FREQ, s ^ P.SALT_CONTINENT, P.CONTINENT_OCTAVES);
  const rx = wx * P.RIDGE_FREQ;
  const ry = wy * P.RIDGE_FREQ;
  const r1 = Math.abs(noise(rx, ry, s ^ P.SALT_RIDGE));
  const r2 = Math.abs(noise(rx + rx, ry + ry, ((s ^ P.SALT_RIDGE) + 0x632be5ab) | 0));
  const ridge = 1 - (r1 * 0.7 + r2 * 0.3);
  const moisture = fbm(noise, wx * P.MOISTURE_FREQ, wy * P.MOISTURE_FREQ, s ^ P.SALT_MOISTURE, P.MOISTURE_OCTAVES);
  const lake = noise(wx * P.LAKE_FREQ, wy * P.LAKE_FREQ, s ^ P.SALT_LAKE);

  const hills = (continent > P.RANGE_MIN_CONTINENT && ridge > P.HILL_RIDGE) || continent > P.HIGHLAND_LEVEL;
  if (continent < P.SEA_LEVEL || (!hills && lake < P.LAKE_LEVEL)) return Biome.water;
  const coastMarsh = continent < P.SEA_LEVEL + P.COAST_BAND && moisture > P.COAST_MARSH_MOISTURE;
  const lakeMarsh = !hills && lake < P.LAKE_LEVEL + P.LAKE_RING && moisture > P.LAKE_MARSH_MOISTURE;
  if (coastMarsh || lakeMarsh) return Biome.marsh;
  if (continent > P.RANGE_MIN_CONTINENT && ridge > P.MOUNTAIN_RIDGE) return Biome.mountains;
  if (hills) return Biome.hills;
  if (moisture > P.FOREST_MOISTURE) return Biome.forest;
  if (moisture < P.DESERT_MOISTURE) return Biome.desert;
  return Biome.plains;
}

// ── Towns and roads (assembly/terrain/ruins.ts) ─────────────────────────────────────────────────────────────────

function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

export function hash2(seed: number, x: number, y: number, salt: number): number {
  return mix32(seed ^ mix32(Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1) ^ Math.imul(salt, 0x9e3779b9)));
}

interface Town {
  x: number;
  y: number;
  r: number;
}

function townInCell(noise: Noise2D, seed: number, cx: number, cy: number): Town | null {
  const h = hash2(seed, cx, cy, P.SALT_TOWN);
  if (h % 1000 >= P.TOWN_PER_MILLE) return null;
  const span = P.TOWN_CELL - 2 * P.TOWN_MARGIN;
  const h2 = mix32(h ^ 0x9e3779b9);
  const x = cx * P.TOWN_CELL + P.TOWN_MARGIN + ((h >>> 10) % span);
  const y = cy * P.TOWN_CELL + P.TOWN_MARGIN + (h2 % span);
  const natural = naturalBiome(noise, x, y, seed);
  if (natural !== Biome.plains && natural !== Biome.desert && natural !== Biome.forest && natural !== Biome.hills) return null;
  let r = P.TOWN_RADIUS_MIN + ((h2 >>> 12) % P.TOWN_RADIUS_SPREAD);
  if ((h2 >>> 20) % 1000 < P.CITY_PER_MILLE) r += P.CITY_RADIUS_BONUS;
  return { x, y, r };
}

const canBecomeRuins = (b: number) => b !== Biome.water && b !== Biome.mountains;

function layRoad(a: Town, b: Town, x0: number, y0: number, size: number, out: Uint8Array) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const xMajor = Math.abs(dx) >= Math.abs(dy);
  const aMaj = xMajor ? a.x : a.y;
  const bMaj = xMajor ? b.x : b.y;
  const aMin = xMajor ? a.y : a.x;
  let dMaj = xMajor ? dx : dy;
  let dMin = xMajor ? dy : dx;
  if (dMaj === 0) return;
  if (dMaj < 0) {
    dMaj = -dMaj;
    dMin = -dMin;
  }
  const lo = Math.max(Math.min(aMaj, bMaj), xMajor ? x0 : y0);
  const hi = Math.min(Math.max(aMaj, bMaj), (xMajor ? x0 : y0) + size - 1);
  for (let m = lo; m <= hi; m++) {
    const n = aMin + Math.floor((2 * (m - aMaj) * dMin + dMaj) / (2 * dMaj));
    const tx = xMajor ? m : n;
    const ty = xMajor ? n : m;
    if (tx < x0 || ty < y0 || tx >= x0 + size || ty >= y0 + size) continue;
    const at = (ty - y0) * size + (tx - x0);
    if (canBecomeRuins(out[at] as number)) out[at] = Biome.ruins;
  }
}

function layTown(seed: number, t: Town, x0: number, y0: number, size: number, out: Uint8Array) {
  const r2 = t.r * t.r;
  for (let ty = Math.max(t.y - t.r, y0); ty <= Math.min(t.y + t.r, y0 + size - 1); ty++) {
    for (let tx = Math.max(t.x - t.r, x0); tx <= Math.min(t.x + t.r, x0 + size - 1); tx++) {
      const d2 = (tx - t.x) ** 2 + (ty - t.y) ** 2;
      if (d2 > r2) continue;
      const chance = P.RUBBLE_CENTRE_PER_MILLE - Math.trunc(((P.RUBBLE_CENTRE_PER_MILLE - P.RUBBLE_RIM_PER_MILLE) * d2) / r2);
      if (d2 !== 0 && hash2(seed, tx, ty, P.SALT_RUBBLE) % 1000 >= chance) continue;
      const at = (ty - y0) * size + (tx - x0);
      if (canBecomeRuins(out[at] as number)) out[at] = Biome.ruins;
    }
  }
}

/** Biomes of chunk (chunkX, chunkY), 128 × 128 row-major, like the module's generateChunk. */
export function twinChunk(
  noise: Noise2D,
  seed: number,
  chunkX: number,
  chunkY: number,
  out = new Uint8Array(CHUNK_SIZE * CHUNK_SIZE),
): Uint8Array {
  const x0 = chunkX * CHUNK_SIZE;
  const y0 = chunkY * CHUNK_SIZE;
  for (let y = 0; y < CHUNK_SIZE; y++) {
    for (let x = 0; x < CHUNK_SIZE; x++) out[y * CHUNK_SIZE + x] = naturalBiome(noise, x0 + x, y0 + y, seed);
  }
  const cx0 = Math.floor(x0 / P.TOWN_CELL) - 1;
  const cy0 = Math.floor(y0 / P.TOWN_CELL) - 1;
  const n = CHUNK_SIZE / P.TOWN_CELL + 2;
  const towns: (Town | null)[] = [];
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) towns.push(townInCell(noise, seed, cx0 + i, cy0 + j));
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const t = towns[j * n + i];
      if (!t) continue;
      const east = i + 1 < n ? towns[j * n + i + 1] : null;
      const south = j + 1 < n ? towns[(j + 1) * n + i] : null;
      if (east) layRoad(t, east, x0, y0, CHUNK_SIZE, out);
      if (south) layRoad(t, south, x0, y0, CHUNK_SIZE, out);
    }
  }
  for (const t of towns) if (t) layTown(seed, t, x0, y0, CHUNK_SIZE, out);
  return out;
}
