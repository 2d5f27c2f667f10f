import { describe, expect, test } from 'bun:test';
import { type Poi, chunkHash, loadCoreForBun } from './index.ts';
import golden from './fixtures/golden.json';
import { GOLDEN_CHUNKS, GOLDEN_SEEDS } from './fixtures/golden-cases.ts';

/**
 * Fixed seeds give fixed worlds. When a generator change is meant to change them, regenerate the fixtures with
 * `bun core-wasm/fixtures/update.ts` and commit both. The browser parity spec (site/e2e/core-wasm.spec.ts) checks
 * the same hashes in Chromium.
 */
const core = await loadCoreForBun();
const cases = golden.chunks as { seed: number; chunkX: number; chunkY: number; sha256: string; pois: Poi[] }[];

describe('golden worlds', () => {
  test('the fixtures cover every golden case', () => {
    expect(cases.map((c) => [c.seed, c.chunkX, c.chunkY])).toEqual(
      GOLDEN_SEEDS.flatMap((s) => GOLDEN_CHUNKS.map(([x, y]) => [s, x, y])),
    );
  });

  for (const c of cases) {
    test(`seed ${c.seed} chunk (${c.chunkX}, ${c.chunkY})`, async () => {
      const chunk = core.generateChunk(c.seed, c.chunkX, c.chunkY);
      expect(await chunkHash(chunk.biomes)).toBe(c.sha256);
      expect(chunk.pois).toEqual(c.pois);
    });
  }
});
