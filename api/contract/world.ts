import { type } from 'arktype';
import { BIOME_NAMES, MAX_CHUNK_COORD, POI_TYPES } from '../../core-wasm/constants.ts';
import { LivePlayer, SettlementSummary, TimeInfo, WorldEvent } from './protocol.ts';
import { text, worldIdText } from './text.ts';
import { DEFAULT_WORLD_ID, EXPLORED_CHUNKS_PER_REQUEST, MAX_CHUNK_RADIUS, SETTLEMENT_CHUNK_RADIUS } from '../game/world.ts';

/** The world's numbers live in api/game/world.ts (plain, for the page's first chunk); the server reads them here too. */
export * from '../game/world.ts';

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
/** GET /api/world/:worldId/path: from and to in world units. */
export const PathQuery = type({
  fromX: type('string.numeric.parse').to('number'),
  fromY: type('string.numeric.parse').to('number'),
  toX: type('string.numeric.parse').to('number'),
  toY: type('string.numeric.parse').to('number'),
});
/**
 * A walk around water and mountains (api/game/paths.ts): the start, waypoints at most 3 tiles apart, the target;
 * `length` in world units. 422 "No path" when the target cannot be reached (or only beyond the search's bound).
 */
export const PathAnswer = type({ path: type({ x: 'number', y: 'number' }).array(), length: 'number' });
export type PathAnswer = typeof PathAnswer.infer;
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
