/**
 * The one typed entry to the WASM core, for Bun and for the browser. Nobody calls the module's raw exports but this
 * file: it validates arguments (TypeError / RangeError with a message), passes them to the module, and copies
 * results out of the module's static buffers.
 *
 * - Bun:      `const core = await loadCoreForBun()`                      (reads core-wasm/build/core.wasm)
 * - Browser:  `const core = await loadCoreInBrowser()` from ./browser.ts (Vite-emitted URL, instantiateStreaming)
 * - Worker:   ./worker.ts + ./worker-client.ts generate chunks off the main thread.
 * Both loaders end in createCore(instance), so every runtime runs the same wrapper.
 *
 * A Core is not re-entrant (one shared set of buffers) but JavaScript never re-enters it. Returned arrays are copies:
 * they stay valid after the next call.
 */
import {
  BIOME_COUNT,
  BIOME_NAMES,
  CHUNK_SIZE,
  LOS_BUDGET_LIMIT_TENTHS,
  MAX_CHUNK_COORD,
  MAX_SEED,
  MAX_TILE_COORD,
  MAX_VISION_RADIUS,
  MIN_TILE_COORD,
  POI_TYPES,
  TERRAIN_COST,
  TILE_SIZE,
  VISION_DAY_MULTIPLIER,
  VISION_NIGHT_MULTIPLIER,
  VisionFlag,
  type BiomeCode,
  type BiomeName,
  type PoiType,
} from './constants.ts';
import { CHUNK_TILES, chunkOfTile, MAX_POI_REACH, nearestPoiInReach, tileCentre, tileOfWorld } from './geometry.ts';
import { chunkPoiNames } from './poi-names.ts';
import { bindFindPath, RAW_PATH_FUNCTIONS, type PathInput, type RawPathCore, type TilePath } from './path.ts';
export { pathWindow } from './path.ts';

export * from './constants.ts';
export * from './geometry.ts';
export { chunkPoiNames, POI_NAME_UNIQUE_DISTANCE } from './poi-names.ts';
export type { PathInput, TilePath } from './path.ts';

/** The ABI this wrapper speaks (assembly/index.ts CORE_ABI_VERSION). */
export const CORE_ABI_VERSION = 3;

// ── Public types ─────────────────────────────────────────────────────────────────────────────────────────────────

export interface Poi {
  /** Stable from seed and tile: `poi_<seed>_<tileX>_<tileY>` (one POI per tile at most). */
  id: string;
  name: string;
  type: PoiType;
  biome: BiomeName;
  /** Landmarks are rare, large POIs with high starting significance (40–60). */
  landmark: boolean;
  chunkX: number;
  chunkY: number;
  /** World tile coordinates. */
  tileX: number;
  tileY: number;
  /** World-unit coordinates of the tile's centre: tile × 5 + 2.5. */
  worldX: number;
  worldY: number;
  /** Interaction radius in world units. */
  radius: number;
  /** Starting significance (ordinary 3–8, mostly 4; landmarks 40–60). */
  significance: number;
}

export interface Chunk {
  seed: number;
  chunkX: number;
  chunkY: number;
  /** 128 × 128 biome codes, row-major: biomes[y * 128 + x] is tile (chunkX·128 + x, chunkY·128 + y). */
  biomes: Uint8Array;
  pois: Poi[];
}

export interface VisionInput {
  binoculars?: boolean;
  onHills?: boolean;
  /** Night: binoculars do not work. */
  night?: boolean;
  /** A flagged viewer cannot use binoculars. */
  flagged?: boolean;
  /** A moving viewer cannot use binoculars. */
  moving?: boolean;
  /** The day/night multiplier (TimeInfo.visionMultiplier); default VISION_NIGHT_MULTIPLIER at night, else day. */
  dayNightMultiplier?: number;
}

export interface Visibility {
  /** World tile at the mask's top-left corner: (viewerX − half, viewerY − half). */
  originTileX: number;
  originTileY: number;
  /** The mask is side × side, side = 2·half + 1, half = ⌊radius⌋, the viewer at (half, half). */
  half: number;
  side: number;
  radius: number;
  /** The LOS budget used, in cost units (20 at base vision). */
  budget: number;
  /** 1 where visible, row-major (mask[y * side + x]). */
  mask: Uint8Array;
  visibleCount: number;
}

export interface TerrainInfo {
  tileX: number;
  tileY: number;
  chunkX: number;
  chunkY: number;
  biome: BiomeName;
  biomeCode: BiomeCode;
  /** Movement and vision cost of the tile (0.8 … 5). */
  cost: number;
  /** The nearest POI whose interaction range (max(40, radius) world units) covers the position, if any. */
  poi: (Poi & { distance: number }) | null;
}

/** Gets a chunk's biomes for visibility(); e.g. from a cache of Chunk objects. */
export type ChunkSource = (chunkX: number, chunkY: number) => Uint8Array;

export interface Core {
  /** Biomes and POIs of one chunk. */
  generateChunk(seed: number, chunkX: number, chunkY: number): Chunk;
  /** POIs of one chunk (memoised per core: the last 64 chunks). */
  pois(seed: number, chunkX: number, chunkY: number): Poi[];
  /** Biomes of any w × h window (w, h in 1..128) from world tile (tileX, tileY); equals the chunks' bytes. */
  tileWindow(seed: number, tileX: number, tileY: number, width: number, height: number): Uint8Array;
  /** Biome code of one world tile. */
  biomeAt(seed: number, tileX: number, tileY: number): BiomeCode;
  /** Vision radius in tiles (see RULES.md). */
  visionRadius(input: VisionInput): number;
  /** Default LOS budget for a radius: 20 × radius / 35, rounded to tenths. */
  losBudget(radius: number): number;
  /**
   * Visibility mask around the viewer's tile. Terrain comes from `chunks` when given (no generation), else it is
   * generated from the seed. `budget` defaults to losBudget(radius).
   */
  visibility(input: {
    seed: number;
    tileX: number;
    tileY: number;
    radius: number;
    budget?: number;
    chunks?: ChunkSource;
  }): Visibility;
  /** Visibility over a caller's terrain: side × side biome codes (side odd, ≤ 351) with the viewer at the centre. */
  visibilityOfTerrain(input: {
    terrain: Uint8Array;
    radius: number;
    budget?: number;
  }): Omit<Visibility, 'originTileX' | 'originTileY'>;
  /** Biome, cost and nearby POI at a world position (world units). */
  terrainInfo(seed: number, worldX: number, worldY: number): TerrainInfo;
  /**
   * The shortest walk between two world tiles around water and mountains (pass `blocked: IMPASSABLE` from
   * api/game/world.ts): A* in the module, 8-connected without cutting corners, bounded to PATH_MAX_EXPANDED tiles.
   * Returns every tile of the path (world tiles, start first) or `unreachable` / `too-far`. Terrain comes from
   * `chunks` when given (e.g. the page's loaded chunks: no generation), else it is generated from the seed.
   * For a walk in world units with waypoints at most 3 tiles apart, use planPath in api/game/paths.ts on top.
   */
  findPath(input: PathInput): TilePath;
  /** Bytes of the module's linear memory (constant: buffers are static). */
  memoryBytes(): number;
}

// ── Validation ───────────────────────────────────────────────────────────────────────────────────────────────────

function describe(v: unknown): string {
  return typeof v === 'number' ? String(v) : typeof v === 'string' ? JSON.stringify(v) : typeof v;
}

function checkNumber(name: string, v: unknown): number {
  if (typeof v !== 'number' || Number.isNaN(v)) throw new TypeError(`${name} must be a number, got ${describe(v)}`);
  if (!Number.isFinite(v)) throw new RangeError(`${name} must be finite, got ${v}`);
  return v;
}

function checkInt(name: string, v: unknown, min: number, max: number): number {
  const n = checkNumber(name, v);
  if (!Number.isInteger(n)) throw new TypeError(`${name} must be an integer, got ${n}`);
  if (n < min || n > max) throw new RangeError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function checkRange(name: string, v: unknown, min: number, max: number): number {
  const n = checkNumber(name, v);
  if (n < min || n > max) throw new RangeError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

const checkSeed = (seed: unknown) => checkInt('seed', seed, 0, MAX_SEED);
const checkChunk = (name: string, v: unknown) => checkInt(name, v, -MAX_CHUNK_COORD, MAX_CHUNK_COORD);
const checkTile = (name: string, v: unknown) => checkInt(name, v, MIN_TILE_COORD, MAX_TILE_COORD);
const checkRadius = (radius: unknown) => checkRange('radius', radius, 0, MAX_VISION_RADIUS);

function checkBudgetTenths(budget: unknown): number {
  const b = checkRange('budget', budget, 0, LOS_BUDGET_LIMIT_TENTHS / 10);
  return Math.round(b * 10);
}

function checkFlag(name: string, v: unknown): boolean {
  if (v === undefined) return false;
  if (typeof v !== 'boolean') throw new TypeError(`${name} must be a boolean, got ${describe(v)}`);
  return v;
}

/** A u32 world seed from any string (FNV-1a), for worlds configured with text seeds. */
export function seedFromString(text: string): number {
  if (typeof text !== 'string') throw new TypeError(`seed text must be a string, got ${describe(text)}`);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** SHA-256 (hex) of a chunk's biome bytes: the golden fixtures and the browser parity test compare these. */
export async function chunkHash(biomes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', biomes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// ── The wrapper ──────────────────────────────────────────────────────────────────────────────────────────────────

/** The module's raw exports (see assembly/index.ts). */
interface RawCore extends RawPathCore {
  memory: WebAssembly.Memory;
  CORE_ABI_VERSION: WebAssembly.Global;
  chunkBiomesPtr(): number;
  windowBiomesPtr(): number;
  poiRecordsPtr(): number;
  poiRecordBytes(): number;
  losTerrainPtr(): number;
  losMaskPtr(): number;
  losMaxHalf(): number;
  generateChunk(seed: number, chunkX: number, chunkY: number): number;
  generateChunkPois(seed: number, chunkX: number, chunkY: number): number;
  generateTileWindow(seed: number, tileX: number, tileY: number, w: number, h: number): void;
  biomeAt(seed: number, tileX: number, tileY: number): number;
  fillLosTerrain(seed: number, tileX: number, tileY: number, half: number): void;
  lineOfSight(half: number, radius: number, budgetTenths: number): number;
  visionRadius(flags: number, dayNightMultiplier: number): number;
  losBudgetTenths(radius: number): number;
}

const RAW_FUNCTIONS = [
  'chunkBiomesPtr',
  'windowBiomesPtr',
  'poiRecordsPtr',
  'poiRecordBytes',
  'losTerrainPtr',
  'losMaskPtr',
  'losMaxHalf',
  'generateChunk',
  'generateChunkPois',
  'generateTileWindow',
  'biomeAt',
  'fillLosTerrain',
  'lineOfSight',
  'visionRadius',
  'losBudgetTenths',
  ...RAW_PATH_FUNCTIONS,
] as const;

const POI_CACHE_SIZE = 64;
/** The farthest a POI's interaction range reaches, in tiles (to know which chunks terrainInfo must look at). */
const POI_REACH_TILES = Math.ceil(MAX_POI_REACH / TILE_SIZE) + 1;

/** Wraps an instance of core.wasm (from either loader). */
export function createCore(instance: WebAssembly.Instance): Core {
  const raw = instance.exports as unknown as RawCore;
  const abi = raw.CORE_ABI_VERSION instanceof WebAssembly.Global ? Number(raw.CORE_ABI_VERSION.value) : undefined;
  if (abi !== CORE_ABI_VERSION)
    throw new Error(
      `core.wasm speaks ABI ${abi ?? 'unknown'}, this wrapper ${CORE_ABI_VERSION}: rebuild it (bun run build:wasm)`,
    );
  for (const name of RAW_FUNCTIONS) {
    if (typeof raw[name] !== 'function') throw new Error(`core.wasm lacks the export ${name}: rebuild it (bun run build:wasm)`);
  }
  const bytes = (ptr: number, length: number) => new Uint8Array(raw.memory.buffer, ptr, length);
  const chunkPtr = raw.chunkBiomesPtr();
  const windowPtr = raw.windowBiomesPtr();
  const poiPtr = raw.poiRecordsPtr();
  const poiBytes = raw.poiRecordBytes();
  const losTerrainPtr = raw.losTerrainPtr();
  const losMaskPtr = raw.losMaskPtr();
  const losMaxHalf = raw.losMaxHalf();
  const poiCache = new Map<string, Poi[]>();

  function readPois(seed: number, chunkX: number, chunkY: number, count: number): Poi[] {
    const view = new DataView(raw.memory.buffer, poiPtr, count * poiBytes);
    const records = [];
    for (let i = 0; i < count; i++) {
      const o = i * poiBytes;
      records.push({
        tileX: view.getInt32(o, true),
        tileY: view.getInt32(o + 4, true),
        nameSeed: view.getUint32(o + 8, true),
        type: POI_TYPES[view.getUint8(o + 12)] as PoiType,
        biome: BIOME_NAMES[view.getUint8(o + 13)] as BiomeName,
        landmark: (view.getUint8(o + 15) & 1) === 1,
        significance: view.getInt32(o + 16, true),
        radius: view.getInt32(o + 20, true),
      });
    }
    const names = chunkPoiNames(chunkX, chunkY, records);
    return records.map(({ tileX, tileY, type, biome, landmark, significance, radius }, i) => ({
      id: `poi_${seed}_${tileX}_${tileY}`,
      name: names[i] as string,
      type,
      biome,
      landmark,
      chunkX,
      chunkY,
      tileX,
      tileY,
      worldX: tileCentre(tileX),
      worldY: tileCentre(tileY),
      radius,
      significance,
    }));
  }

  function remember(key: string, pois: Poi[]) {
    poiCache.delete(key);
    poiCache.set(key, pois);
    if (poiCache.size > POI_CACHE_SIZE) poiCache.delete(poiCache.keys().next().value as string);
  }

  function generateChunk(seed: number, chunkX: number, chunkY: number): Chunk {
    checkSeed(seed);
    checkChunk('chunkX', chunkX);
    checkChunk('chunkY', chunkY);
    const count = raw.generateChunk(seed | 0, chunkX, chunkY);
    const biomes = bytes(chunkPtr, CHUNK_TILES).slice();
    const pois = readPois(seed, chunkX, chunkY, count);
    remember(`${seed}:${chunkX}:${chunkY}`, pois);
    return { seed, chunkX, chunkY, biomes, pois: pois.map((p) => ({ ...p })) };
  }

  function pois(seed: number, chunkX: number, chunkY: number): Poi[] {
    checkSeed(seed);
    checkChunk('chunkX', chunkX);
    checkChunk('chunkY', chunkY);
    const key = `${seed}:${chunkX}:${chunkY}`;
    let list = poiCache.get(key);
    if (list) remember(key, list);
    else {
      // Only the POIs: a twentieth of a whole chunk's generation (a spawn search reads the POIs of 9 chunks).
      list = readPois(seed, chunkX, chunkY, raw.generateChunkPois(seed | 0, chunkX, chunkY));
      remember(key, list);
    }
    return list.map((p) => ({ ...p }));
  }

  function tileWindow(seed: number, tileX: number, tileY: number, width: number, height: number): Uint8Array {
    checkSeed(seed);
    checkTile('tileX', tileX);
    checkTile('tileY', tileY);
    checkInt('width', width, 1, CHUNK_SIZE);
    checkInt('height', height, 1, CHUNK_SIZE);
    checkTile('tileX + width - 1', tileX + width - 1);
    checkTile('tileY + height - 1', tileY + height - 1);
    raw.generateTileWindow(seed | 0, tileX, tileY, width, height);
    return bytes(windowPtr, width * height).slice();
  }

  function biomeAt(seed: number, tileX: number, tileY: number): BiomeCode {
    checkSeed(seed);
    checkTile('tileX', tileX);
    checkTile('tileY', tileY);
    return raw.biomeAt(seed | 0, tileX, tileY) as BiomeCode;
  }

  function visionRadius(input: VisionInput): number {
    if (input === null || typeof input !== 'object')
      throw new TypeError(`vision input must be an object, got ${describe(input)}`);
    const night = checkFlag('night', input.night);
    const flags =
      (checkFlag('binoculars', input.binoculars) ? VisionFlag.binoculars : 0) |
      (checkFlag('onHills', input.onHills) ? VisionFlag.onHills : 0) |
      (night ? VisionFlag.night : 0) |
      (checkFlag('flagged', input.flagged) ? VisionFlag.flagged : 0) |
      (checkFlag('moving', input.moving) ? VisionFlag.moving : 0);
    const fallback = night ? VISION_NIGHT_MULTIPLIER : VISION_DAY_MULTIPLIER;
    const multiplier =
      input.dayNightMultiplier === undefined ? fallback : checkRange('dayNightMultiplier', input.dayNightMultiplier, 0, 1);
    return raw.visionRadius(flags, multiplier);
  }

  function losBudget(radius: number): number {
    return raw.losBudgetTenths(checkRadius(radius)) / 10;
  }

  function runLos(half: number, radius: number, budget: number | undefined) {
    const budgetTenths = budget === undefined ? raw.losBudgetTenths(radius) : checkBudgetTenths(budget);
    const side = 2 * half + 1;
    const visibleCount = raw.lineOfSight(half, radius, budgetTenths);
    return { half, side, radius, budget: budgetTenths / 10, mask: bytes(losMaskPtr, side * side).slice(), visibleCount };
  }

  function visibility(input: {
    seed: number;
    tileX: number;
    tileY: number;
    radius: number;
    budget?: number;
    chunks?: ChunkSource;
  }): Visibility {
    if (input === null || typeof input !== 'object')
      throw new TypeError(`visibility input must be an object, got ${describe(input)}`);
    const { seed, tileX, tileY, chunks } = input;
    checkSeed(seed);
    const radius = checkRadius(input.radius);
    const half = Math.min(Math.floor(radius), losMaxHalf);
    checkTile('tileX - half', checkTile('tileX', tileX) - half);
    checkTile('tileY - half', checkTile('tileY', tileY) - half);
    checkTile('tileX + half', tileX + half);
    checkTile('tileY + half', tileY + half);
    const side = 2 * half + 1;
    const x0 = tileX - half;
    const y0 = tileY - half;
    if (chunks === undefined) {
      raw.fillLosTerrain(seed | 0, tileX, tileY, half);
    } else {
      if (typeof chunks !== 'function') throw new TypeError(`chunks must be a function, got ${describe(chunks)}`);
      // Copy the window row by row, one run per chunk the row crosses.
      const terrain = bytes(losTerrainPtr, side * side);
      for (let cy = chunkOfTile(y0); cy <= chunkOfTile(y0 + side - 1); cy++) {
        for (let cx = chunkOfTile(x0); cx <= chunkOfTile(x0 + side - 1); cx++) {
          const biomes = chunks(cx, cy);
          if (!(biomes instanceof Uint8Array) || biomes.length !== CHUNK_TILES) {
            throw new TypeError(`chunks(${cx}, ${cy}) must return ${CHUNK_TILES} biome bytes`);
          }
          const xa = Math.max(x0, cx * CHUNK_SIZE);
          const xb = Math.min(x0 + side, (cx + 1) * CHUNK_SIZE);
          const ya = Math.max(y0, cy * CHUNK_SIZE);
          const yb = Math.min(y0 + side, (cy + 1) * CHUNK_SIZE);
          for (let y = ya; y < yb; y++) {
            const src = (y - cy * CHUNK_SIZE) * CHUNK_SIZE + (xa - cx * CHUNK_SIZE);
            terrain.set(biomes.subarray(src, src + (xb - xa)), (y - y0) * side + (xa - x0));
          }
        }
      }
      for (let i = 0; i < terrain.length; i++) {
        if ((terrain[i] as number) >= BIOME_COUNT)
          throw new RangeError(`chunks returned biome code ${terrain[i]} (codes are 0..${BIOME_COUNT - 1})`);
      }
    }
    return { originTileX: x0, originTileY: y0, ...runLos(half, radius, input.budget) };
  }

  function visibilityOfTerrain(input: { terrain: Uint8Array; radius: number; budget?: number }) {
    if (input === null || typeof input !== 'object')
      throw new TypeError(`visibility input must be an object, got ${describe(input)}`);
    const { terrain } = input;
    if (!(terrain instanceof Uint8Array)) throw new TypeError(`terrain must be a Uint8Array, got ${describe(terrain)}`);
    const side = Math.sqrt(terrain.length);
    if (!Number.isInteger(side) || side % 2 !== 1 || side > 2 * losMaxHalf + 1) {
      throw new RangeError(
        `terrain must be side × side bytes with side odd and ≤ ${2 * losMaxHalf + 1}, got ${terrain.length} bytes`,
      );
    }
    for (let i = 0; i < terrain.length; i++) {
      if ((terrain[i] as number) >= BIOME_COUNT)
        throw new RangeError(`terrain[${i}] = ${terrain[i]} is not a biome code (0..${BIOME_COUNT - 1})`);
    }
    const half = (side - 1) / 2;
    const radius = checkRange('radius', input.radius, 0, half + 0.999999);
    bytes(losTerrainPtr, terrain.length).set(terrain);
    return runLos(half, radius, input.budget);
  }

  function terrainInfo(seed: number, worldX: number, worldY: number): TerrainInfo {
    checkSeed(seed);
    const limitLo = MIN_TILE_COORD * TILE_SIZE;
    const limitHi = (MAX_TILE_COORD + 1) * TILE_SIZE;
    checkRange('worldX', worldX, limitLo, limitHi - 1e-6);
    checkRange('worldY', worldY, limitLo, limitHi - 1e-6);
    const tileX = tileOfWorld(worldX);
    const tileY = tileOfWorld(worldY);
    const code = raw.biomeAt(seed | 0, tileX, tileY) as BiomeCode;
    const candidates: Poi[] = [];
    const cxa = Math.max(-MAX_CHUNK_COORD, chunkOfTile(tileX - POI_REACH_TILES));
    const cxb = Math.min(MAX_CHUNK_COORD, chunkOfTile(tileX + POI_REACH_TILES));
    const cya = Math.max(-MAX_CHUNK_COORD, chunkOfTile(tileY - POI_REACH_TILES));
    const cyb = Math.min(MAX_CHUNK_COORD, chunkOfTile(tileY + POI_REACH_TILES));
    for (let cy = cya; cy <= cyb; cy++) for (let cx = cxa; cx <= cxb; cx++) candidates.push(...pois(seed, cx, cy));
    const best = nearestPoiInReach(candidates, worldX, worldY);
    return {
      tileX,
      tileY,
      chunkX: chunkOfTile(tileX),
      chunkY: chunkOfTile(tileY),
      biome: BIOME_NAMES[code] as BiomeName,
      biomeCode: code,
      cost: TERRAIN_COST[code] as number,
      poi: best,
    };
  }

  return {
    generateChunk,
    pois,
    tileWindow,
    biomeAt,
    visionRadius,
    losBudget,
    visibility,
    visibilityOfTerrain,
    terrainInfo,
    findPath: bindFindPath(raw, checkSeed, checkTile),
    memoryBytes: () => raw.memory.buffer.byteLength,
  };
}

// ── Bun loader ───────────────────────────────────────────────────────────────────────────────────────────────────

const compiled = new Map<string, Promise<WebAssembly.Module>>();

/** Default location of the built module (bun run build:wasm). */
export function defaultWasmPath(): string {
  return `${import.meta.dir}/build/core.wasm`;
}

/**
 * Loads core.wasm from disk (compiled once per path, a fresh instance and memory per call).
 * Bun only: the browser uses loadCoreInBrowser from core-wasm/browser.ts.
 */
export async function loadCoreForBun(path: string = defaultWasmPath()): Promise<Core> {
  let module = compiled.get(path);
  if (!module) {
    module = (async () => {
      const file = Bun.file(path);
      if (!(await file.exists())) throw new Error(`${path} is missing: run \`bun run build:wasm\``);
      return WebAssembly.compile(await file.arrayBuffer());
    })();
    compiled.set(path, module);
    module.catch(() => compiled.delete(path));
  }
  return createCore(await WebAssembly.instantiate(await module));
}
