import { expect, test } from 'bun:test';
import * as core from '../../../../core-wasm/geometry.ts';
import { walkPath } from '../../../../api/game/walking.ts';
import {
  CHUNK_TILES,
  CHUNK_WORLD,
  chunkKey,
  chunkOfTileCoord,
  chunkOfWorld,
  parseChunkKey,
  tileIndexInChunk,
  tileKey,
  tileOf,
} from './geometry.ts';
import { walkable } from './walker.ts';

test('the map uses the shared geometry and walking rule themselves, not copies', () => {
  expect(tileOf).toBe(core.tileOfWorld);
  expect(chunkOfTileCoord).toBe(core.chunkOfTile);
  expect(chunkOfWorld).toBe(core.chunkOfWorld);
  expect(chunkKey).toBe(core.chunkKey);
  expect(tileKey).toBe(core.tileKey);
  expect(tileIndexInChunk).toBe(core.tileIndexInChunk);
  expect(parseChunkKey).toBe(core.parseChunkKey);
  expect(CHUNK_WORLD).toBe(core.CHUNK_WORLD_UNITS);
  expect(CHUNK_TILES).toBe(core.CHUNK_TILES);
  expect(walkable).toBe(walkPath);
});
