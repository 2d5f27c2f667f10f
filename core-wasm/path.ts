/**
 * Paths in the WASM core's wrapper (createCore adds findPath to the Core): picks the search window around start and
 * goal, fills it (from the caller's chunks, or generated from the seed), runs the module's bounded A*
 * (assembly/path/astar.ts) and copies the tiles out. World units, waypoints and the walking rule are the game's:
 * api/game/paths.ts turns these tiles into a walk.
 */
import {
  BIOME_COUNT,
  CHUNK_SIZE,
  MAX_TILE_COORD,
  MIN_TILE_COORD,
  PATH_MAX_EXPANDED,
  PATH_MAX_SIDE,
  PATH_WINDOW_MARGIN,
} from './constants.ts';
import { CHUNK_TILES, chunkOfTile } from './geometry.ts';

/** Gets a chunk's 128 × 128 biome codes (same as index.ts ChunkSource). */
type ChunkSource = (chunkX: number, chunkY: number) => Uint8Array;

export interface PathInput {
  seed: number;
  /** World tiles of the start and the goal. */
  fromTileX: number;
  fromTileY: number;
  toTileX: number;
  toTileY: number;
  /** Biome codes no walker may enter (the game passes IMPASSABLE: water and mountains). */
  blocked: Iterable<number>;
  /** Where the terrain comes from (e.g. a chunk cache); generated from the seed when absent. */
  chunks?: ChunkSource;
}

/**
 * A path over tiles: every tile from start to goal (consecutive tiles are 8-neighbours, no corner is cut), or why
 * there is none: `unreachable` (the goal is impassable or walled off), `too-far` (not found within
 * PATH_MAX_EXPANDED expanded tiles, or beyond the search window). `expanded` counts the tiles the search expanded.
 */
export type TilePath =
  | { status: 'found'; tiles: { x: number; y: number }[]; expanded: number }
  | { status: 'unreachable' | 'too-far'; expanded: number };

/** The module's path exports (assembly/index.ts). */
export interface RawPathCore {
  memory: WebAssembly.Memory;
  pathTerrainPtr(): number;
  pathOutPtr(): number;
  pathChunkStagePtr(): number;
  blitPathChunk(srcX: number, srcY: number, w: number, h: number, dstX: number, dstY: number, stride: number): void;
  pathExpandedCount(): number;
  fillPathTerrain(seed: number, tileX: number, tileY: number, w: number, h: number): void;
  findPath(w: number, h: number, sx: number, sy: number, gx: number, gy: number, blockedMask: number): number;
}

export const RAW_PATH_FUNCTIONS = [
  'pathTerrainPtr',
  'pathOutPtr',
  'pathChunkStagePtr',
  'blitPathChunk',
  'pathExpandedCount',
  'fillPathTerrain',
  'findPath',
] as const;

/** One axis of the window: the span of a and b plus the margin, at most PATH_MAX_SIDE, inside the world. */
function axis(a: number, b: number): { start: number; size: number } | null {
  const lo = Math.min(a, b);
  const span = Math.abs(a - b) + 1;
  if (span > PATH_MAX_SIDE) return null;
  const margin = Math.min(PATH_WINDOW_MARGIN, Math.floor((PATH_MAX_SIDE - span) / 2));
  const start = Math.max(MIN_TILE_COORD, lo - margin);
  const end = Math.min(MAX_TILE_COORD, lo + span - 1 + margin);
  return { start, size: end - start + 1 };
}

/**
 * The tiles a search from one tile to another reads: the window findPath fills (tile x0, y0, w × h), or null when
 * the goal is beyond the search and nothing is read. A caller with a chunk cache can make these chunks first.
 */
export function pathWindow(
  fromTileX: number,
  fromTileY: number,
  toTileX: number,
  toTileY: number,
): { x0: number; y0: number; w: number; h: number } | null {
  if (Math.max(Math.abs(toTileX - fromTileX), Math.abs(toTileY - fromTileY)) > PATH_MAX_EXPANDED) return null;
  const ax = axis(fromTileX, toTileX);
  const ay = axis(fromTileY, toTileY);
  return ax && ay ? { x0: ax.start, y0: ay.start, w: ax.size, h: ay.size } : null;
}

/** The findPath of a core: `check` validates one tile coordinate and `checkSeed` the seed (index.ts's validators). */
export function bindFindPath(
  raw: RawPathCore,
  checkSeed: (seed: unknown) => number,
  checkTile: (name: string, v: unknown) => number,
): (input: PathInput) => TilePath {
  const outPtr = raw.pathOutPtr();

  const stagePtr = raw.pathChunkStagePtr();
  /** Chunk arrays already checked for biome codes (a chunk cache hands out the same arrays again and again). */
  const checked = new WeakSet<Uint8Array>();

  // One copy of each chunk into the module and one call to place its rows: copying row by row from JavaScript into
  // the module's memory costs milliseconds per window (a typed-array view per row), this a few microseconds a chunk.
  function fillFromChunks(chunks: ChunkSource, x0: number, y0: number, w: number, h: number) {
    for (let cy = chunkOfTile(y0); cy <= chunkOfTile(y0 + h - 1); cy++) {
      for (let cx = chunkOfTile(x0); cx <= chunkOfTile(x0 + w - 1); cx++) {
        const biomes = chunks(cx, cy);
        if (!(biomes instanceof Uint8Array) || biomes.length !== CHUNK_TILES)
          throw new TypeError(`chunks(${cx}, ${cy}) must return ${CHUNK_TILES} biome bytes`);
        if (!checked.has(biomes)) {
          for (let i = 0; i < biomes.length; i++) {
            if ((biomes[i] as number) >= BIOME_COUNT)
              throw new RangeError(`chunks returned biome code ${biomes[i]} (codes are 0..${BIOME_COUNT - 1})`);
          }
          checked.add(biomes);
        }
        new Uint8Array(raw.memory.buffer, stagePtr, CHUNK_TILES).set(biomes);
        const xa = Math.max(x0, cx * CHUNK_SIZE);
        const xb = Math.min(x0 + w, (cx + 1) * CHUNK_SIZE);
        const ya = Math.max(y0, cy * CHUNK_SIZE);
        const yb = Math.min(y0 + h, (cy + 1) * CHUNK_SIZE);
        raw.blitPathChunk(xa - cx * CHUNK_SIZE, ya - cy * CHUNK_SIZE, xb - xa, yb - ya, xa - x0, ya - y0, w);
      }
    }
  }

  return function findPath(input: PathInput): TilePath {
    if (input === null || typeof input !== 'object') throw new TypeError('path input must be an object');
    const seed = checkSeed(input.seed);
    const fx = checkTile('fromTileX', input.fromTileX);
    const fy = checkTile('fromTileY', input.fromTileY);
    const tx = checkTile('toTileX', input.toTileX);
    const ty = checkTile('toTileY', input.toTileY);
    let mask = 0;
    for (const code of input.blocked) {
      if (!Number.isInteger(code) || code < 0 || code >= BIOME_COUNT)
        throw new RangeError(`blocked must hold biome codes 0..${BIOME_COUNT - 1}, got ${code}`);
      mask |= 1 << code;
    }
    // Every step expands at least one tile: a goal farther than the bound in steps is too far without searching.
    const win = pathWindow(fx, fy, tx, ty);
    if (!win) return { status: 'too-far', expanded: 0 };
    const ax = { start: win.x0, size: win.w };
    const ay = { start: win.y0, size: win.h };
    if (input.chunks === undefined) raw.fillPathTerrain(seed | 0, ax.start, ay.start, ax.size, ay.size);
    else if (typeof input.chunks !== 'function') throw new TypeError('chunks must be a function');
    else fillFromChunks(input.chunks, ax.start, ay.start, ax.size, ay.size);
    const n = raw.findPath(ax.size, ay.size, fx - ax.start, fy - ay.start, tx - ax.start, ty - ay.start, mask);
    const expanded = raw.pathExpandedCount();
    if (n === -1) return { status: 'unreachable', expanded };
    if (n <= 0) return { status: 'too-far', expanded };
    const out = new Int32Array(raw.memory.buffer, outPtr, n * 2);
    const tiles: { x: number; y: number }[] = new Array(n);
    for (let i = 0; i < n; i++) tiles[i] = { x: (out[2 * i] as number) + ax.start, y: (out[2 * i + 1] as number) + ay.start };
    return { status: 'found', tiles, expanded };
  };
}
