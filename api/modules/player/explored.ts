import { EXPLORED_BITS_BYTES, type ExploredChunk } from '../../../db/repos/world.ts';
import type { ExploredTilesWire } from '../../contract/world.ts';

export function encodeExplored(rows: ExploredChunk[]): ExploredTilesWire {
  return rows.map((r) => ({ chunkX: r.chunkX, chunkY: r.chunkY, bits: Buffer.from(r.bits).toString('base64') }));
}

export function decodeExplored(wire: ExploredTilesWire): { ok: true; chunks: ExploredChunk[] } | { ok: false; message: string } {
  const chunks: ExploredChunk[] = [];
  for (const c of wire) {
    const bits = new Uint8Array(Buffer.from(c.bits, 'base64'));
    if (bits.length !== EXPLORED_BITS_BYTES) {
      return {
        ok: false,
        message: `Explored chunk ${c.chunkX},${c.chunkY}: bits must be ${EXPLORED_BITS_BYTES} bytes of base64`,
      };
    }
    chunks.push({ chunkX: c.chunkX, chunkY: c.chunkY, bits });
  }
  return { ok: true, chunks };
}
