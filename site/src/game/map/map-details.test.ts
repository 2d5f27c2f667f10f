import { describe, expect, test } from 'bun:test';
import { Biome } from '../../../../core-wasm/constants.ts';
import { $toast } from '../../islands/game/toast/toast-store.ts';
import { blockExplored } from './minimap.ts';
import { toSettlementMarkers } from '../settlements/markers.ts';
import { nightAlpha } from './sprites.ts';
import { isImpassableBiome } from './terrain-rules.ts';
import { BIOME_RGB, rasterTerrain, tileHash } from './terrain-raster.ts';
import { handleUnauthorized, LOGIN_REDIRECT_MS, resetUnauthorized } from '../session/unauthorized.ts';
import { isTap } from './input.ts';

describe('map details', () => {
  test('water and mountains block walkers, as on the server', () => {
    expect(isImpassableBiome(Biome.water)).toBe(true);
    expect(isImpassableBiome(Biome.mountains)).toBe(true);
    for (const b of [Biome.plains, Biome.desert, Biome.hills, Biome.marsh, Biome.ruins, Biome.forest])
      expect(isImpassableBiome(b)).toBe(false);
  });

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

  test('minimap blocks count as explored when any of their 4 × 4 tiles is', () => {
    const bits = new Uint8Array(2048);
    const i = 6 * 128 + 7; // tile (7, 6): block (1, 1)
    bits[i >> 3] = 1 << (i & 7);
    expect(blockExplored(bits, 1, 1)).toBe(true);
    expect(blockExplored(bits, 0, 0)).toBe(false);
    expect(blockExplored(bits, 2, 1)).toBe(false);
  });

  test('settlement markers keep only entries with a position', () => {
    expect(toSettlementMarkers(null)).toEqual([]);
    expect(toSettlementMarkers([{ x: 1, y: 2, name: 'Haven' }, { x: 'a' }, null, { x: 3, y: 4 }])).toEqual([
      { x: 1, y: 2, name: 'Haven' },
      { x: 3, y: 4, name: 'Settlement' },
    ]);
  });

  test('night darkens the map, noon does not', () => {
    expect(nightAlpha(0.5)).toBe(0);
    expect(nightAlpha(0)).toBeCloseTo(0.42, 5);
    expect(nightAlpha(0.25)).toBeGreaterThan(0);
    expect(nightAlpha(0.25)).toBeLessThan(nightAlpha(0.1));
  });

  test('a press that moves less than 6 px is a tap', () => {
    expect(isTap(3, 4)).toBe(true);
    expect(isTap(6, 0)).toBe(false);
  });

  test('unauthorized: the toast, then /api/login after 0.5 s, once', async () => {
    resetUnauthorized();
    const went: string[] = [];
    handleUnauthorized((url) => went.push(url));
    handleUnauthorized((url) => went.push(url));
    expect($toast.get()).toMatchObject({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    expect(went).toEqual([]);
    await Bun.sleep(LOGIN_REDIRECT_MS + 50);
    expect(went).toEqual(['/api/login']);
  });
});
