/**
 * World geometry the map needs. The conversions themselves live once, in core-wasm/geometry.ts (the server and the
 * core use the same functions); this re-exports them under the map's names and adds the map's chunk rectangles.
 */
import { CHUNK_SIZE, TILE_SIZE } from '../../../../core-wasm/constants.ts';
import {
  CHUNK_TILES,
  CHUNK_WORLD_UNITS,
  chunkKey,
  chunkOfTile,
  chunkOfWorld,
  parseChunkKey,
  tileIndexInChunk,
  tileKey,
  tileOfWorld,
} from '../../../../core-wasm/geometry.ts';

export { CHUNK_SIZE, CHUNK_TILES, chunkKey, chunkOfWorld, parseChunkKey, TILE_SIZE, tileIndexInChunk, tileKey };
/** World units per chunk side (128 tiles × 5 units). */
export const CHUNK_WORLD = CHUNK_WORLD_UNITS;
/** Tile of a world position. */
export const tileOf = tileOfWorld;
/** Chunk of a tile coordinate. */
export const chunkOfTileCoord = chunkOfTile;

/** Inclusive chunk rectangle. */
export interface ChunkRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function chunksInRect(r: ChunkRect): { cx: number; cy: number }[] {
  const out: { cx: number; cy: number }[] = [];
  for (let cy = r.y0; cy <= r.y1; cy++) for (let cx = r.x0; cx <= r.x1; cx++) out.push({ cx, cy });
  return out;
}

export function intersectRects(a: ChunkRect, b: ChunkRect): ChunkRect | null {
  const r = { x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) };
  return r.x0 > r.x1 || r.y0 > r.y1 ? null : r;
}

/** The square of chunks within `radius` of (cx, cy). */
export const squareAround = (cx: number, cy: number, radius: number): ChunkRect => ({
  x0: cx - radius,
  y0: cy - radius,
  x1: cx + radius,
  y1: cy + radius,
});
