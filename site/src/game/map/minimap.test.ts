import { expect, test } from 'bun:test';
import { CHUNK_WORLD } from './geometry.ts';
import { blockExplored, MINIMAP_CHUNKS, minimapToWorld } from './minimap.ts';

test('minimap blocks count as explored when any of their 4 × 4 tiles is', () => {
  const bits = new Uint8Array(2048);
  const i = 6 * 128 + 7; // tile (7, 6): block (1, 1)
  bits[i >> 3] = 1 << (i & 7);
  expect(blockExplored(bits, 1, 1)).toBe(true);
  expect(blockExplored(bits, 0, 0)).toBe(false);
  expect(blockExplored(bits, 2, 1)).toBe(false);
});

test('a minimap click maps to the world around the survivor: the centre is the survivor, the edges 2.5 chunks out', () => {
  const me = { x: 100, y: -40 };
  expect(minimapToWorld(0.5, 0.5, me)).toEqual(me);
  const half = (MINIMAP_CHUNKS * CHUNK_WORLD) / 2;
  expect(minimapToWorld(0, 1, me)).toEqual({ x: 100 - half, y: -40 + half });
  expect(minimapToWorld(0.75, 0.25, me)).toEqual({ x: 100 + half / 2, y: -40 - half / 2 });
});
