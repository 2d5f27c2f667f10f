import { describe, expect, test } from 'bun:test';
import { EXPLORED_CHUNKS_PER_REQUEST } from '../../../../api/game/world.ts';
import { base64ToBytes, bytesToBase64, EXPLORED_BYTES, ExploredMap } from './explored.ts';

/** A visibility mask of side × side with the given tiles (relative to the origin) visible. */
function mask(originTileX: number, originTileY: number, side: number, visible: [number, number][]) {
  const m = new Uint8Array(side * side);
  for (const [x, y] of visible) m[y * side + x] = 1;
  return { originTileX, originTileY, side, mask: m };
}

describe('explored bitsets', () => {
  test('a visibility mask sets bit ty·128 + tx of each chunk it covers, least significant bit first', () => {
    const e = new ExploredMap();
    // Tiles (-1,-1) (chunk -1,-1, local 127,127), (0,0) and (1,0) (chunk 0,0), (130, 2) (chunk 1,0, local 2,2).
    const changed = e.mergeVisibility(
      mask(-1, -1, 132, [
        [0, 0],
        [1, 1],
        [2, 1],
        [131, 3],
      ]),
    );
    expect([...changed].sort()).toEqual(['-1,-1', '0,0', '1,0']);
    expect(e.has(-1, -1) && e.has(0, 0) && e.has(1, 0) && e.has(130, 2)).toBe(true);
    expect(e.has(2, 0) || e.has(0, 1) || e.has(-1, 0)).toBe(false);
    const c00 = e.get(0, 0)!;
    expect(c00.length).toBe(EXPLORED_BYTES);
    expect(c00[0]).toBe(0b11);
    expect(e.get(-1, -1)![2047]).toBe(0b1000_0000);
    expect(e.get(1, 0)![(2 * 128 + 2) >> 3]).toBe(1 << ((2 * 128 + 2) & 7));
  });

  test('merging the same view twice changes nothing the second time', () => {
    const e = new ExploredMap();
    const v = mask(10, 10, 3, [[1, 1]]);
    expect(e.mergeVisibility(v).size).toBe(1);
    expect(e.mergeVisibility(v).size).toBe(0);
    expect(e.mergeVisibility(mask(10, 10, 3, [])).size).toBe(0);
    expect(e.size).toBe(1);
  });

  test('the wire format round-trips and merges with OR', () => {
    const a = new ExploredMap();
    a.mergeVisibility(mask(0, 0, 2, [[0, 0]]));
    const [batch] = a.takeUnsaved();
    expect(batch).toHaveLength(1);
    expect(base64ToBytes(batch![0]!.bits)).toEqual(a.get(0, 0)!);
    const b = new ExploredMap();
    b.mergeVisibility(mask(5, 0, 1, [[0, 0]]));
    const changed = b.mergeWire(batch!);
    expect([...changed]).toEqual(['0,0']);
    expect(b.has(0, 0) && b.has(5, 0)).toBe(true);
    expect(b.mergeWire(batch!).size).toBe(0);
    // Wrong lengths and bad base64 are skipped.
    expect(
      b.mergeWire([
        { chunkX: 3, chunkY: 3, bits: bytesToBase64(new Uint8Array(10)) },
        { chunkX: 4, chunkY: 4, bits: '!!' },
      ]).size,
    ).toBe(0);
  });

  test('only changed chunks are saved, at most 16 per request; a failed batch is saved again', () => {
    const e = new ExploredMap();
    for (let i = 0; i < 20; i++) e.mergeVisibility(mask(i * 128, 0, 1, [[0, 0]]));
    expect(e.unsavedCount).toBe(20);
    const batches = e.takeUnsaved();
    expect(batches.map((b) => b.length)).toEqual([EXPLORED_CHUNKS_PER_REQUEST, 4]);
    expect(e.unsavedCount).toBe(0);
    expect(e.takeUnsaved()).toEqual([]);
    e.restore(batches[1]!);
    expect(e.unsavedCount).toBe(4);
    e.mergeWire(batches[0]!); // from the server: not "unsaved"
    expect(e.unsavedCount).toBe(4);
  });

  test('base64 helpers handle a whole chunk', () => {
    const bytes = new Uint8Array(EXPLORED_BYTES).map((_, i) => (i * 37) & 0xff);
    const text = bytesToBase64(bytes);
    expect(text.length).toBe(2732);
    expect(base64ToBytes(text)).toEqual(bytes);
  });
});
