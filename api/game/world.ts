import { Biome } from '../../core-wasm/constants.ts';

/** Spec section 9 and our own movement rules; the server enforces them, the islands mirror them. */
export const DEFAULT_WORLD_ID = 'default';

/** A random non-negative 31-bit integer (a terrain seed, a name pick). */
export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! >>> 1;
}

/** The terrain seed of a world opened now: WORLD_SEED when set (reproducible worlds), else random. */
export function newWorldSeed(worldSeed: number | undefined): number {
  return worldSeed ?? randomSeed();
}
/** 1 world unit per 60 Hz frame. */
export const PLAYER_SPEED_UNITS_PER_SECOND = 60;
/** The client walks until it is this close to its target. */
export const ARRIVAL_THRESHOLD = 1;
/**
 * Latency slack of the server's movement budget (api/game/movement.ts): it refills at speed × factor per second
 * up to speed × factor × MOVE_BURST_SECONDS + MOVE_SLACK_UNITS, and each accepted step spends its length.
 */
export const MOVE_SLACK_FACTOR = 1.25;
export const MOVE_SLACK_UNITS = 40;
export const MOVE_BURST_SECONDS = 3;
/** POST /api/player/move per user: the client sends at most 10 a second; a burst covers a reconnect's catch-up. */
export const REST_MOVES_PER_SECOND = 12;
export const REST_MOVES_BURST = 24;
/** Water and mountains stop a walker; every other biome is walked at full speed (wiki: Exploration, Walking). */
export const IMPASSABLE = new Set<number>([Biome.water, Biome.mountains]);
export const DAY_CYCLE_MS = 20 * 60 * 1000;
export const TIME_UPDATE_INTERVAL_MS = 10_000;
export const EXPLORED_SAVE_INTERVAL_MS = 30_000;
export const NAV_MARKER_MS = 10_000;
export const ZOOM_MIN = 0.3;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 1.1;
/** Chunks fetched around the player: 1, +1 below zoom 0.8, +1 wider than 2560 px, at most 2. */
export const MAX_CHUNK_RADIUS = 2;
export const SETTLEMENT_CHUNK_RADIUS = 3;
/**
 * The terrain reads of a region (the chunks call, poi-state) answer around the caller's survivor only: the region's
 * centre at most this many chunks from the survivor's chunk (either way), as far as the map's chunks ever reach
 * round it, so what they serve lies within MAX_CHUNK_RADIUS more.
 */
export const TERRAIN_READ_REACH_CHUNKS = MAX_CHUNK_RADIUS;

export function chunkRadiusFor(zoom: number, viewportWidth: number): number {
  let r = 1;
  if (zoom < 0.8) r += 1;
  if (viewportWidth > 2560) r += 1;
  return Math.min(r, MAX_CHUNK_RADIUS);
}

/** Explored tiles travel as one bitset per chunk: bit (ty * 128 + tx) set = tile explored; base64 of 2048 bytes. */
export const EXPLORED_CHUNKS_PER_REQUEST = 16;
/** Sectors kept per player and world (2 KiB each: at most 8 MiB a player); an honest walker needs hours to fill it. */
export const EXPLORED_CHUNKS_PER_PLAYER = 4096;
/** Saves per user: the page saves every 30 s and on leaving; a burst covers a backlog of several batches. */
export const EXPLORED_SAVES_PER_SECOND = 1 / 3;
export const EXPLORED_SAVES_BURST = 10;
