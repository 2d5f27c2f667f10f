import { type } from 'arktype';
import { Biome, BIOME_NAMES, MAX_CHUNK_COORD, POI_TYPES } from '../../core-wasm/constants.ts';
import { LivePlayer, SettlementSummary, TimeInfo, WorldEvent } from './protocol.ts';
import { text, worldIdText } from './text.ts';

/** Spec section 9 and our own movement rules; the server enforces them, the islands mirror them. */
export const DEFAULT_WORLD_ID = 'default';
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

export function chunkRadiusFor(zoom: number, viewportWidth: number): number {
  let r = 1;
  if (zoom < 0.8) r += 1;
  if (viewportWidth > 2560) r += 1;
  return Math.min(r, MAX_CHUNK_RADIUS);
}

const chunkCoord = type('string.integer.parse').to(`${-MAX_CHUNK_COORD} <= number.integer <= ${MAX_CHUNK_COORD}`);

export const ChunksQuery = type({
  centerChunkX: chunkCoord,
  centerChunkY: chunkCoord,
  'chunkRadius?': type('string.integer.parse').to(`0 <= number.integer <= ${MAX_CHUNK_RADIUS}`),
});
export const RegionQuery = type({
  centerChunkX: chunkCoord,
  centerChunkY: chunkCoord,
  'chunkRadius?': type('string.integer.parse').to(`0 <= number.integer <= ${SETTLEMENT_CHUNK_RADIUS}`),
});
export const PositionQuery = type({
  x: type('string.numeric.parse').to('number'),
  y: type('string.numeric.parse').to('number'),
});
/**
 * How a call names its world, one way per route:
 * - /api/world/:worldId/… : the path (WorldParams);
 * - POST with a JSON body about the world (scavenge, forage, explored-tiles): `worldId` in the body, required;
 * - GET calls about the player in a world, and POST /api/player/move (whose body is the spec's bare `{x, y}`, like
 *   the socket's player_move): `?worldId=` (WorldIdQuery), the default world when absent.
 */
export const WorldParams = type({ worldId: worldIdText });
export const WorldIdQuery = type({ worldId: worldIdText.default(DEFAULT_WORLD_ID) });
export const MoveBody = type({ x: 'number', y: 'number' });
export type MoveBody = typeof MoveBody.infer;

// ── Answers (response schemas of api/modules/world and api/modules/player) ────────────────────────────────────────

export const WorldInfo = type({ id: 'string', name: 'string', tileSize: 'number', seed: 'number' });
export type WorldInfo = typeof WorldInfo.infer;

export { LivePlayer, TimeInfo, WorldEvent };
export type { WorldEventType } from './protocol.ts';

/** The signed-in survivor as GET /api/player/current returns it (its own e-mail only: never anyone else's). */
export const PlayerInfo = type({
  id: 'string',
  name: 'string',
  displayName: 'string | null',
  firstName: 'string | null',
  email: 'string | null',
  x: 'number',
  y: 'number',
  color: 'string',
  isOnline: 'boolean',
});
export type PlayerInfo = typeof PlayerInfo.infer;

export const MoveResult = type({
  accepted: 'boolean',
  /** The authoritative position: where the player is now, whether or not the report was accepted. */
  x: 'number',
  y: 'number',
  'reason?': 'string',
});
export type MoveResult = typeof MoveResult.infer;

/** A POI as the world calls return it: the generated base (core-wasm Poi) plus its current state. */
export const PoiView = type({
  id: 'string',
  name: 'string',
  type: type.enumerated(...POI_TYPES),
  biome: type.enumerated(...BIOME_NAMES),
  landmark: 'boolean',
  chunkX: 'number',
  chunkY: 'number',
  tileX: 'number',
  tileY: 'number',
  worldX: 'number',
  worldY: 'number',
  x: 'number',
  y: 'number',
  radius: 'number',
  significance: 'number',
  currentSignificance: 'number',
  hasShelter: 'boolean',
});
export type PoiView = typeof PoiView.infer;

/** GET /api/world/:worldId/chunks: the chunks (base64 of 128 × 128 biome codes, row-major) and what stands on them. */
export const Region = type({
  chunks: type({ x: 'number', y: 'number', tiles: 'string' }).array(),
  /** Biome names by code. */
  legend: 'string[]',
  pois: PoiView.array(),
  settlements: SettlementSummary.array(),
  shelters: type({ id: 'string', x: 'number', y: 'number' }).array(),
});
export type Region = typeof Region.infer;

/**
 * GET /api/world/:worldId/poi-state (same query as chunks): what players have changed about the region's POIs, for
 * the page, whose WASM core makes the terrain and the POIs themselves. Every POI of the region is listed.
 */
export const PoiStates = type({
  pois: type({ id: 'string', currentSignificance: 'number', hasShelter: 'boolean' }).array(),
});
export type PoiStates = typeof PoiStates.infer;

/** GET /api/world/:worldId/terrain-info: the tile under a position and the nearest POI in reach, if any. */
export const TerrainInfo = type({
  tileX: 'number',
  tileY: 'number',
  chunkX: 'number',
  chunkY: 'number',
  biome: type.enumerated(...BIOME_NAMES),
  biomeCode: 'number',
  cost: 'number',
  poi: PoiView.and({ distance: 'number' }).or('null'),
});
export type TerrainInfo = typeof TerrainInfo.infer;

export const LivePlayers = LivePlayer.array();
export const WorldEvents = WorldEvent.array();

/** Explored tiles travel as one bitset per chunk: bit (ty * 128 + tx) set = tile explored; base64 of 2048 bytes. */
export const EXPLORED_CHUNKS_PER_REQUEST = 16;
/** Sectors kept per player and world (2 KiB each: at most 8 MiB a player); an honest walker needs hours to fill it. */
export const EXPLORED_CHUNKS_PER_PLAYER = 4096;
/** Saves per user: the page saves every 30 s and on leaving; a burst covers a backlog of several batches. */
export const EXPLORED_SAVES_PER_SECOND = 1 / 3;
export const EXPLORED_SAVES_BURST = 10;
const ExploredChunkWire = type({
  chunkX: `${-MAX_CHUNK_COORD} <= number.integer <= ${MAX_CHUNK_COORD}`,
  chunkY: `${-MAX_CHUNK_COORD} <= number.integer <= ${MAX_CHUNK_COORD}`,
  bits: text(1, 2800),
});
export const ExploredTilesBody = type({
  worldId: worldIdText,
  exploredTiles: ExploredChunkWire.array().atMostLength(EXPLORED_CHUNKS_PER_REQUEST),
});
export type ExploredTilesWire = (typeof ExploredTilesBody.infer)['exploredTiles'];
/** GET /api/player/explored-tiles: every explored chunk of the player in the world. */
export const ExploredTiles = type({ exploredTiles: ExploredChunkWire.array() });
/** POST /api/player/explored-tiles: how many chunks were merged. */
export const ExploredSaved = type({ saved: 'number' });
