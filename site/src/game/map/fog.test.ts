import { describe, expect, test } from 'bun:test';
import { ExploredMap } from '../explored/explored.ts';
import {
  FOG_EXPLORED,
  FOG_UNKNOWN,
  FOG_VISIBLE,
  FULL_CHUNK,
  fogState,
  paintFog,
  rgba,
  unionRect,
  visibleTile,
  windowInChunk,
} from './fog.ts';

describe('fog of war', () => {
  const vis = { originTileX: 126, originTileY: -2, side: 5, mask: new Uint8Array(25).fill(1) };

  test('three states: visible now beats explored beats unknown', () => {
    const e = new ExploredMap();
    e.mergeVisibility({ originTileX: 0, originTileY: 0, side: 2, mask: new Uint8Array([1, 1, 1, 0]) });
    const bits = e.get(0, 0);
    const v = { originTileX: 1, originTileY: 0, side: 1, mask: new Uint8Array([1]) };
    expect(fogState(1, 0, 0, 0, bits, v)).toBe(2);
    expect(fogState(0, 0, 0, 0, bits, v)).toBe(1);
    expect(fogState(1, 1, 0, 0, bits, v)).toBe(0);
    expect(fogState(5, 5, 0, 0, undefined, null)).toBe(0);
    const hidden = { ...v, mask: new Uint8Array([0]) };
    expect(fogState(1, 0, 0, 0, bits, hidden)).toBe(1);
  });

  test('a world tile is in sight only inside the window and lit in the mask', () => {
    const v = { originTileX: -1, originTileY: 10, side: 2, mask: new Uint8Array([1, 0, 0, 1]) };
    expect(visibleTile(v, -1, 10)).toBe(true);
    expect(visibleTile(v, 0, 10)).toBe(false);
    expect(visibleTile(v, 0, 11)).toBe(true);
    expect(visibleTile(v, 1, 11)).toBe(false);
    expect(visibleTile(v, -1, 12)).toBe(false);
    expect(visibleTile(null, 0, 0)).toBe(false);
  });

  test('a visibility window is clipped to each chunk it crosses', () => {
    expect(windowInChunk(vis, 0, 0)).toEqual({ x0: 126, y0: 0, x1: 128, y1: 3 });
    expect(windowInChunk(vis, 1, -1)).toEqual({ x0: 0, y0: 126, x1: 3, y1: 128 });
    expect(windowInChunk(vis, 2, 0)).toBeNull();
    expect(unionRect({ x0: 1, y0: 2, x1: 3, y1: 4 }, { x0: 0, y0: 3, x1: 2, y1: 9 })).toEqual({ x0: 0, y0: 2, x1: 3, y1: 9 });
    expect(unionRect(null, FULL_CHUNK)).toBe(FULL_CHUNK);
  });

  test('painting writes only the dirty rectangle', () => {
    const px = new Uint32Array(128 * 128).fill(7);
    paintFog(px, { x0: 126, y0: 0, x1: 128, y1: 3 }, 0, 0, undefined, vis);
    expect(px[126]).toBe(FOG_VISIBLE);
    expect(px[2 * 128 + 127]).toBe(FOG_VISIBLE);
    expect(px[125]).toBe(7);
    expect(px[3 * 128 + 126]).toBe(7);
    paintFog(px, FULL_CHUNK, 5, 5, undefined, null);
    expect(px.every((p) => p === FOG_UNKNOWN)).toBe(true);
    expect(FOG_EXPLORED >>> 24).toBeLessThan(FOG_UNKNOWN >>> 24);
    expect(FOG_EXPLORED >>> 24).toBeLessThanOrEqual(128); // explored land stays readable: more shows than is hidden
    expect(rgba(1, 2, 3, 4)).toBe(0x04030201);
  });
});
