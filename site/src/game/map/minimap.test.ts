import { expect, test } from 'bun:test';
import { blockExplored } from './minimap.ts';

test('minimap blocks count as explored when any of their 4 × 4 tiles is', () => {
  const bits = new Uint8Array(2048);
  const i = 6 * 128 + 7; // tile (7, 6): block (1, 1)
  bits[i >> 3] = 1 << (i & 7);
  expect(blockExplored(bits, 1, 1)).toBe(true);
  expect(blockExplored(bits, 0, 0)).toBe(false);
  expect(blockExplored(bits, 2, 1)).toBe(false);
});
