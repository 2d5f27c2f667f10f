import { describe, expect, test } from 'bun:test';
import { MAX_CHUNK_COORD, createCore, loadCoreForBun, seedFromString } from './index.ts';

const core = await loadCoreForBun();

describe('the wrapper rejects bad input with a clear error', () => {
  const badNumbers: [unknown, ErrorConstructor, RegExp][] = [
    [Number.NaN, TypeError, /must be a number, got NaN/],
    ['3', TypeError, /must be a number, got "3"/],
    [undefined, TypeError, /must be a number, got undefined/],
    [1.5, TypeError, /must be an integer, got 1.5/],
    [Number.POSITIVE_INFINITY, RangeError, /must be finite/],
  ];

  test('chunk coordinates: NaN, strings, fractions, infinities, out of range', () => {
    for (const [bad, type, message] of badNumbers) {
      expect(() => core.generateChunk(1, bad as number, 0)).toThrow(type);
      expect(() => core.generateChunk(1, 0, bad as number)).toThrow(message);
    }
    expect(() => core.generateChunk(1, MAX_CHUNK_COORD + 1, 0)).toThrow(RangeError);
    expect(() => core.generateChunk(1, 0, -MAX_CHUNK_COORD - 1)).toThrow(/chunkY must be between -4096 and 4096, got -4097/);
    expect(() => core.pois(1, Number.NaN, 0)).toThrow(TypeError);
  });

  test('seeds: unsigned 32-bit integers only', () => {
    expect(() => core.generateChunk(-1, 0, 0)).toThrow(RangeError);
    expect(() => core.generateChunk(2 ** 32, 0, 0)).toThrow(/seed must be between 0 and 4294967295/);
    expect(() => core.generateChunk(0.5, 0, 0)).toThrow(TypeError);
    expect(() => core.biomeAt(Number.NaN, 0, 0)).toThrow(TypeError);
    expect(core.generateChunk(2 ** 32 - 1, 0, 0).biomes.length).toBe(128 * 128);
    expect(seedFromString('wasteland')).toBe(seedFromString('wasteland'));
    expect(seedFromString('a')).not.toBe(seedFromString('b'));
  });

  test('tiles and windows', () => {
    expect(() => core.biomeAt(1, 0.5, 0)).toThrow(TypeError);
    expect(() => core.biomeAt(1, 10 ** 7, 0)).toThrow(RangeError);
    expect(() => core.tileWindow(1, 0, 0, 0, 10)).toThrow(/width must be between 1 and 128/);
    expect(() => core.tileWindow(1, 0, 0, 10, 129)).toThrow(RangeError);
  });

  test('world positions', () => {
    expect(() => core.terrainInfo(1, Number.NaN, 0)).toThrow(TypeError);
    expect(() => core.terrainInfo(1, 0, Number.NEGATIVE_INFINITY)).toThrow(RangeError);
    expect(() => core.terrainInfo(1, 1e12, 0)).toThrow(/worldX must be between/);
    expect(core.terrainInfo(1, 0.25, -0.25).tileY).toBe(-1);
  });

  test('vision and line of sight', () => {
    expect(() => core.visionRadius({ binoculars: 'yes' as unknown as boolean })).toThrow(TypeError);
    expect(() => core.visionRadius({ dayNightMultiplier: 2 })).toThrow(RangeError);
    expect(() => core.visionRadius({ dayNightMultiplier: Number.NaN })).toThrow(TypeError);
    expect(() => core.visionRadius(null as unknown as object)).toThrow(TypeError);
    expect(() => core.visibility({ seed: 1, tileX: 0, tileY: 0, radius: 176 })).toThrow(/radius must be between 0 and 175/);
    expect(() => core.visibility({ seed: 1, tileX: 0, tileY: 0, radius: Number.NaN })).toThrow(TypeError);
    expect(() => core.visibility({ seed: 1, tileX: 0.5, tileY: 0, radius: 10 })).toThrow(TypeError);
    expect(() => core.visibility({ seed: 1, tileX: 0, tileY: 0, radius: 10, budget: -1 })).toThrow(RangeError);
    expect(() => core.visibility({ seed: 1, tileX: 0, tileY: 0, radius: 10, chunks: () => new Uint8Array(3) })).toThrow(
      /must return 16384 biome bytes/,
    );
    expect(() =>
      core.visibility({ seed: 1, tileX: 0, tileY: 0, radius: 10, chunks: () => new Uint8Array(16384).fill(9) }),
    ).toThrow(/biome code 9/);
    expect(() => core.visibilityOfTerrain({ terrain: new Uint8Array(10), radius: 1 })).toThrow(/side odd/);
    expect(() => core.visibilityOfTerrain({ terrain: new Uint8Array(9).fill(8), radius: 1 })).toThrow(/not a biome code/);
    expect(() => core.visibilityOfTerrain({ terrain: new Uint8Array(9), radius: 2 })).toThrow(RangeError);
    expect(() => core.visibilityOfTerrain({ terrain: [0] as unknown as Uint8Array, radius: 0 })).toThrow(TypeError);
  });

  test('a module that is not the core is refused', async () => {
    // A valid module without the core's exports.
    const empty = new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])));
    expect(() => createCore(empty)).toThrow(/ABI unknown/);
    await expect(loadCoreForBun('/nonexistent/core.wasm')).rejects.toThrow(/missing: run `bun run build:wasm`/);
  });
});
