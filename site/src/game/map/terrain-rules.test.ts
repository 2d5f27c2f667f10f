import { expect, test } from 'bun:test';
import { Biome } from '../../../../core-wasm/constants.ts';
import { isImpassableBiome } from './terrain-rules.ts';

test('water and mountains block walkers, as on the server', () => {
  expect(isImpassableBiome(Biome.water)).toBe(true);
  expect(isImpassableBiome(Biome.mountains)).toBe(true);
  for (const b of [Biome.plains, Biome.desert, Biome.hills, Biome.marsh, Biome.ruins, Biome.forest])
    expect(isImpassableBiome(b)).toBe(false);
});
