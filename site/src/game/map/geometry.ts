/** World geometry the map needs, derived from the core's constants (never copied). */
import { CHUNK_SIZE, TILE_SIZE } from '../../../../core-wasm/constants.ts';

export { CHUNK_SIZE, TILE_SIZE };
/** World units per chunk side (128 tiles × 5 units). */
export const CHUNK_WORLD = CHUNK_SIZE * TILE_SIZE;
export const CHUNK_TILES = CHUNK_SIZE * CHUNK_SIZE;

export const tileOf = (world: number) => Math.floor(world / TILE_SIZE);
export const chunkOfTileCoord = (tile: number) => Math.floor(tile / CHUNK_SIZE);
export const chunkOfWorld = (world: number) => Math.floor(world / CHUNK_WORLD);

export const chunkKey = (cx: number, cy: number) => `${cx},${cy}`;

export function parseChunkKey(key: string): { cx: number; cy: number } {
  const [a, b] = key.split(',');
  return { cx: Number(a), cy: Number(b) };
}

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
