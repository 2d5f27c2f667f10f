import { expect, test } from 'bun:test';
import { BIOME_RGB, rasterTerrain, tileHash } from './terrain-raster.ts';

test('terrain pixels: every biome has a colour; the grain is deterministic per tile', () => {
  expect(BIOME_RGB.every((c) => c && c.length === 3)).toBe(true);
  const biomes = new Uint8Array(128 * 128).map((_, i) => i % 8);
  const a = new Uint32Array(128 * 128);
  const b = new Uint32Array(128 * 128);
  rasterTerrain(biomes, 3, -2, a);
  rasterTerrain(biomes, 3, -2, b);
  expect(a).toEqual(b);
  expect(a.every((p) => p >>> 24 === 255)).toBe(true);
  expect(tileHash(1, 2)).toBe(tileHash(1, 2));
  expect(tileHash(1, 2)).not.toBe(tileHash(2, 1));
});
