/**
 * Fog of war, three states per tile: visible now (from the WASM core's visibility mask), explored before (the
 * bitsets), unknown. Painted into one 128 × 128 RGBA overlay per chunk, one pixel per tile; only the tiles whose
 * state may have changed (the old and new visibility windows) are repainted.
 */
import { CHUNK_SIZE } from './geometry.ts';
import type { VisibilityMask } from '../explored/explored.ts';

/** Packed little-endian RGBA (what a Uint32Array over ImageData holds). */
export const rgba = (r: number, g: number, b: number, a: number) => ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;

/**
 * Fog is a dust haze, not darkness: unknown land shows its shapes faintly through a warm grey veil (about a third of
 * the terrain shows), land explored before but out of sight now is only slightly veiled, and what is in sight is
 * clear. A near-black fog made the day screen average 28–39/255 (most of it is unknown to a new player) and read as
 * a dark, empty map; the haze keeps the three states apart by contrast and colour while the map stays light
 * (site/e2e/map-light.spec.ts measures it).
 */
export const FOG_UNKNOWN = rgba(92, 85, 74, 178);
export const FOG_EXPLORED = rgba(40, 35, 29, 70);
export const FOG_VISIBLE = 0;
/** Background outside the loaded chunks: the unknown haze over nothing. */
export const FOG_UNKNOWN_CSS = 'rgb(64 59 52)';

/** A rectangle of tiles inside one chunk (chunk-local, x1/y1 exclusive). */
export interface TileRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export const FULL_CHUNK: TileRect = { x0: 0, y0: 0, x1: CHUNK_SIZE, y1: CHUNK_SIZE };

export function unionRect(a: TileRect | null, b: TileRect | null): TileRect | null {
  if (!a) return b;
  if (!b) return a;
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}

/** The part of a visibility window that falls into chunk (cx, cy), chunk-local; null if none. */
export function windowInChunk(
  v: Pick<VisibilityMask, 'originTileX' | 'originTileY' | 'side'>,
  cx: number,
  cy: number,
): TileRect | null {
  const x0 = Math.max(0, v.originTileX - cx * CHUNK_SIZE);
  const y0 = Math.max(0, v.originTileY - cy * CHUNK_SIZE);
  const x1 = Math.min(CHUNK_SIZE, v.originTileX + v.side - cx * CHUNK_SIZE);
  const y1 = Math.min(CHUNK_SIZE, v.originTileY + v.side - cy * CHUNK_SIZE);
  return x0 >= x1 || y0 >= y1 ? null : { x0, y0, x1, y1 };
}

/** Whether a world tile is in sight now (inside the visibility window and lit in its mask). */
export function visibleTile(vis: VisibilityMask | null, tileX: number, tileY: number): boolean {
  if (!vis) return false;
  const vx = tileX - vis.originTileX;
  const vy = tileY - vis.originTileY;
  return vx >= 0 && vy >= 0 && vx < vis.side && vy < vis.side && vis.mask[vy * vis.side + vx] !== 0;
}

/** The fog state of one tile: 2 visible, 1 explored, 0 unknown. */
export function fogState(
  localX: number,
  localY: number,
  cx: number,
  cy: number,
  explored: Uint8Array | undefined,
  vis: VisibilityMask | null,
): 0 | 1 | 2 {
  if (vis) {
    const vx = cx * CHUNK_SIZE + localX - vis.originTileX;
    const vy = cy * CHUNK_SIZE + localY - vis.originTileY;
    if (vx >= 0 && vy >= 0 && vx < vis.side && vy < vis.side && vis.mask[vy * vis.side + vx] !== 0) return 2;
  }
  if (explored) {
    const i = localY * CHUNK_SIZE + localX;
    if ((explored[i >> 3]! & (1 << (i & 7))) !== 0) return 1;
  }
  return 0;
}

/** Paints `rect` of chunk (cx, cy)'s fog overlay (128 × 128 packed RGBA pixels). */
export function paintFog(
  pixels: Uint32Array,
  rect: TileRect,
  cx: number,
  cy: number,
  explored: Uint8Array | undefined,
  vis: VisibilityMask | null,
): void {
  const colours = [FOG_UNKNOWN, FOG_EXPLORED, FOG_VISIBLE] as const;
  for (let y = rect.y0; y < rect.y1; y++) {
    const row = y * CHUNK_SIZE;
    for (let x = rect.x0; x < rect.x1; x++) pixels[row + x] = colours[fogState(x, y, cx, cy, explored, vis)];
  }
}
