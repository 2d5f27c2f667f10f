/**
 * The one home of the world's geometry: world units ↔ tiles ↔ chunks, chunk keys, and how far a point of interest
 * reaches. The server (api/), the core wrapper (./index.ts), the browser (site/src/game) and the tests all import
 * these; nobody divides by TILE_SIZE or CHUNK_SIZE on their own.
 *
 * Plain functions over ./constants.ts only (no WASM instance): safe in the browser bundle, the worker and Bun.
 */
import { CHUNK_SIZE, INTERACTION_RADIUS, POI_LANDMARK_RADIUS_BONUS, POI_RADIUS, TILE_SIZE } from './constants.ts';

// ── Tiles and chunks ─────────────────────────────────────────────────────────────────────────────────────────────

/** World units per chunk side (128 tiles × 5 units). */
export const CHUNK_WORLD_UNITS = CHUNK_SIZE * TILE_SIZE;
/** Tiles in one chunk (128 × 128). */
export const CHUNK_TILES = CHUNK_SIZE * CHUNK_SIZE;

/** Tile coordinate of a world position in world units (floor division: negative positions included). */
export function tileOfWorld(world: number): number {
  return Math.floor(world / TILE_SIZE);
}

/** Chunk coordinate of a world tile (floor division, negative tiles included). */
export function chunkOfTile(tile: number): number {
  return Math.floor(tile / CHUNK_SIZE);
}

/** Chunk coordinate of a world position in world units: the chunk of its tile, by definition. */
export function chunkOfWorld(world: number): number {
  return chunkOfTile(tileOfWorld(world));
}

/** World-unit coordinate of a tile's centre: tile × 5 + 2.5. */
export function tileCentre(tile: number): number {
  return tile * TILE_SIZE + TILE_SIZE / 2;
}

/** Index of world tile (tileX, tileY) in its chunk's row-major 128 × 128 bytes. */
export function tileIndexInChunk(tileX: number, tileY: number): number {
  return (tileY - chunkOfTile(tileY) * CHUNK_SIZE) * CHUNK_SIZE + (tileX - chunkOfTile(tileX) * CHUNK_SIZE);
}

/** The key of a chunk (a sector) in maps and sets: `"cx,cy"`. */
export function chunkKey(cx: number, cy: number): string {
  return `${cx},${cy}`;
}

/** The key of a tile in maps and sets: `"tileX,tileY"`. */
export function tileKey(tileX: number, tileY: number): string {
  return `${tileX},${tileY}`;
}

export function parseChunkKey(key: string): { cx: number; cy: number } {
  const [a, b] = key.split(',');
  return { cx: Number(a), cy: Number(b) };
}

// ── Reach of a point of interest ─────────────────────────────────────────────────────────────────────────────────

/** How far (world units) from its centre a POI can be searched: the interaction radius, or its own when larger. */
export function poiReach(poi: { radius: number }): number {
  return Math.max(INTERACTION_RADIUS, poi.radius);
}

/** Whether a survivor at (x, y) is close enough to search `poi` (the boundary counts as in reach). */
export function inPoiReach(poi: { worldX: number; worldY: number; radius: number }, x: number, y: number): boolean {
  return Math.hypot(poi.worldX - x, poi.worldY - y) <= poiReach(poi);
}

/** The farthest any POI reaches (a landmark of the widest type), in world units. */
export const MAX_POI_REACH = Math.max(INTERACTION_RADIUS, Math.max(...POI_RADIUS) + POI_LANDMARK_RADIUS_BONUS);

/**
 * The nearest POI whose reach covers (x, y), with its distance; the first listed wins a tie. Null when none does.
 * The caller passes every POI that could reach (those of the chunks within MAX_POI_REACH of the point).
 */
export function nearestPoiInReach<P extends { worldX: number; worldY: number; radius: number }>(
  pois: Iterable<P>,
  x: number,
  y: number,
): (P & { distance: number }) | null {
  let best: P | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const poi of pois) {
    const distance = Math.hypot(poi.worldX - x, poi.worldY - y);
    if (distance <= poiReach(poi) && distance < bestDistance) {
      best = poi;
      bestDistance = distance;
    }
  }
  return best === null ? null : { ...best, distance: bestDistance };
}
