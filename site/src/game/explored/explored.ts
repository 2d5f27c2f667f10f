/**
 * The survivor's explored land as one bitset per chunk, exactly the wire format (api/contract/world.ts):
 * 2048 bytes, bit (ty · 128 + tx) = tile (tx, ty) of the chunk explored, least significant bit first.
 * Visibility masks from the WASM core are OR-ed in; changed chunks are remembered for saving and fog redraws.
 */
import type { ExploredTilesWire } from '../../../../api/contract/world.ts';
import { EXPLORED_CHUNKS_PER_REQUEST } from '../../../../api/game/world.ts';
import { CHUNK_SIZE, CHUNK_TILES, chunkKey, chunkOfTileCoord, tileIndexInChunk } from '../map/geometry.ts';

export const EXPLORED_BYTES = CHUNK_TILES / 8;

/** A visibility mask as the core returns it (core-wasm Visibility). */
export interface VisibilityMask {
  originTileX: number;
  originTileY: number;
  side: number;
  mask: Uint8Array;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x2000) s += String.fromCharCode(...bytes.subarray(i, i + 0x2000));
  return btoa(s);
}

export function base64ToBytes(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export class ExploredMap {
  private readonly chunks = new Map<string, Uint8Array>();
  /** Chunks changed since the last save. */
  private readonly unsaved = new Set<string>();

  /** The chunk's bitset, if any tile of it is explored. */
  get(cx: number, cy: number): Uint8Array | undefined {
    return this.chunks.get(chunkKey(cx, cy));
  }

  get size(): number {
    return this.chunks.size;
  }

  keys(): IterableIterator<string> {
    return this.chunks.keys();
  }

  has(tileX: number, tileY: number): boolean {
    const cx = chunkOfTileCoord(tileX);
    const cy = chunkOfTileCoord(tileY);
    const bits = this.chunks.get(chunkKey(cx, cy));
    if (!bits) return false;
    const i = tileIndexInChunk(tileX, tileY);
    return (bits[i >> 3]! & (1 << (i & 7))) !== 0;
  }

  private bitsFor(cx: number, cy: number): Uint8Array {
    const key = chunkKey(cx, cy);
    let bits = this.chunks.get(key);
    if (!bits) this.chunks.set(key, (bits = new Uint8Array(EXPLORED_BYTES)));
    return bits;
  }

  /** ORs a visibility mask in; returns the keys of chunks that gained tiles (they are also marked unsaved). */
  mergeVisibility(v: VisibilityMask): Set<string> {
    const changed = new Set<string>();
    const { originTileX: x0, originTileY: y0, side, mask } = v;
    const cx0 = chunkOfTileCoord(x0);
    const cx1 = chunkOfTileCoord(x0 + side - 1);
    const cy0 = chunkOfTileCoord(y0);
    const cy1 = chunkOfTileCoord(y0 + side - 1);
    for (let cy = cy0; cy <= cy1; cy++) {
      const ya = Math.max(y0, cy * CHUNK_SIZE);
      const yb = Math.min(y0 + side, (cy + 1) * CHUNK_SIZE);
      for (let cx = cx0; cx <= cx1; cx++) {
        const xa = Math.max(x0, cx * CHUNK_SIZE);
        const xb = Math.min(x0 + side, (cx + 1) * CHUNK_SIZE);
        let bits: Uint8Array | undefined;
        let gained = false;
        for (let ty = ya; ty < yb; ty++) {
          const row = (ty - y0) * side - x0;
          const base = (ty - cy * CHUNK_SIZE) * CHUNK_SIZE - cx * CHUNK_SIZE;
          for (let tx = xa; tx < xb; tx++) {
            if (mask[row + tx] === 0) continue;
            bits ??= this.bitsFor(cx, cy);
            const i = base + tx;
            const bit = 1 << (i & 7);
            const byte = bits[i >> 3]!;
            if ((byte & bit) === 0) {
              bits[i >> 3] = byte | bit;
              gained = true;
            }
          }
        }
        if (gained) {
          const key = chunkKey(cx, cy);
          changed.add(key);
          this.unsaved.add(key);
        }
      }
    }
    return changed;
  }

  /** ORs in what the server remembers (GET /api/player/explored-tiles); returns the keys that changed. Not unsaved. */
  mergeWire(wire: ExploredTilesWire): Set<string> {
    const changed = new Set<string>();
    for (const c of wire) {
      let incoming: Uint8Array;
      try {
        incoming = base64ToBytes(c.bits);
      } catch {
        continue;
      }
      if (incoming.length !== EXPLORED_BYTES) continue;
      const bits = this.bitsFor(c.chunkX, c.chunkY);
      let gained = false;
      for (let i = 0; i < EXPLORED_BYTES; i++) {
        const merged = bits[i]! | incoming[i]!;
        if (merged !== bits[i]) {
          bits[i] = merged;
          gained = true;
        }
      }
      if (gained) changed.add(chunkKey(c.chunkX, c.chunkY));
    }
    return changed;
  }

  get unsavedCount(): number {
    return this.unsaved.size;
  }

  /**
   * Takes the unsaved chunks as POST bodies of at most 16 chunks each. They count as saved from now on: call
   * `restore` with a batch whose request failed.
   */
  takeUnsaved(): ExploredTilesWire[] {
    const batches: ExploredTilesWire[] = [];
    let batch: ExploredTilesWire = [];
    for (const key of this.unsaved) {
      const bits = this.chunks.get(key);
      if (!bits) continue;
      const [x, y] = key.split(',').map(Number) as [number, number];
      batch.push({ chunkX: x, chunkY: y, bits: bytesToBase64(bits) });
      if (batch.length === EXPLORED_CHUNKS_PER_REQUEST) {
        batches.push(batch);
        batch = [];
      }
    }
    if (batch.length) batches.push(batch);
    this.unsaved.clear();
    return batches;
  }

  /** Marks a batch unsaved again (its request failed). */
  restore(batch: ExploredTilesWire): void {
    for (const c of batch) this.unsaved.add(chunkKey(c.chunkX, c.chunkY));
  }
}
