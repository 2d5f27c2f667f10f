/**
 * Chunks the map has generated, each rasterised once: terrain pixels (fixed), a fog overlay (repainted where the
 * fog changes) and the composite of both that the renderer draws (one image per chunk per frame). Least recently
 * used chunks are dropped beyond the capacity, never the ones the map currently wants.
 */
import type { Poi } from '../../../../core-wasm/index.ts';
import { CHUNK_SIZE, chunkKey } from './geometry.ts';
import { FULL_CHUNK, unionRect, type TileRect } from './fog.ts';
import { rasterTerrain } from './terrain-raster.ts';
import { context2d, makeSurface, type Surface, type Surface2D } from './canvas.ts';

export const CHUNK_CACHE_CAPACITY = 64;

export interface ChunkEntry {
  cx: number;
  cy: number;
  key: string;
  biomes: Uint8Array;
  pois: Poi[];
  terrain: Surface;
  fogPixels: ImageData;
  fogWords: Uint32Array;
  fog: Surface;
  fogCtx: Surface2D;
  /** Terrain with fog on top: what a frame draws. */
  image: Surface;
  imageCtx: Surface2D;
  /** Tiles whose fog must be repainted before the next draw (null: up to date). */
  fogDirty: TileRect | null;
}

export class ChunkCache {
  private readonly entries = new Map<string, ChunkEntry>();
  private pinned = new Set<string>();

  constructor(private readonly capacity = CHUNK_CACHE_CAPACITY) {}

  get size(): number {
    return this.entries.size;
  }

  get(cx: number, cy: number): ChunkEntry | undefined {
    return this.entries.get(chunkKey(cx, cy));
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  values(): IterableIterator<ChunkEntry> {
    return this.entries.values();
  }

  /** Marks a chunk used (most recent last). */
  touch(entry: ChunkEntry): void {
    this.entries.delete(entry.key);
    this.entries.set(entry.key, entry);
  }

  /** The chunks the map needs now: never evicted. */
  pin(keys: Set<string>): void {
    this.pinned = keys;
  }

  /** Rasterises a generated chunk and stores it; its fog starts fully dirty. */
  add(cx: number, cy: number, biomes: Uint8Array, pois: Poi[]): ChunkEntry {
    const key = chunkKey(cx, cy);
    const terrain = makeSurface(CHUNK_SIZE, CHUNK_SIZE);
    const tctx = context2d(terrain);
    const pixels = tctx.createImageData(CHUNK_SIZE, CHUNK_SIZE);
    rasterTerrain(biomes, cx, cy, new Uint32Array(pixels.data.buffer));
    tctx.putImageData(pixels, 0, 0);
    const fog = makeSurface(CHUNK_SIZE, CHUNK_SIZE);
    const fogCtx = context2d(fog);
    const fogPixels = fogCtx.createImageData(CHUNK_SIZE, CHUNK_SIZE);
    const image = makeSurface(CHUNK_SIZE, CHUNK_SIZE);
    const entry: ChunkEntry = {
      cx,
      cy,
      key,
      biomes,
      pois,
      terrain,
      fogPixels,
      fogWords: new Uint32Array(fogPixels.data.buffer),
      fog,
      fogCtx,
      image,
      imageCtx: context2d(image),
      fogDirty: FULL_CHUNK,
    };
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.evict();
    return entry;
  }

  /** Marks part of a chunk's fog for repainting. */
  dirty(entry: ChunkEntry, rect: TileRect): void {
    entry.fogDirty = unionRect(entry.fogDirty, rect);
  }

  private evict(): void {
    if (this.entries.size <= this.capacity) return;
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      if (!this.pinned.has(key)) this.entries.delete(key);
    }
  }
}
