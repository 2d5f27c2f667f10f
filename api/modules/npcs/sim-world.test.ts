import { describe, expect, test } from 'bun:test';
import { CHUNK_WORLD_UNITS, chunkOfWorld } from '../../../core-wasm/index.ts';
import { loadConfig } from '../../config.ts';
import { chunksAlong } from './sim-world.ts';
import { tickMsFor } from './simulation.ts';

describe('NPC simulation plumbing', () => {
  test('a journey is told to every chunk it crosses, each once, from its start to its end', () => {
    const from = { x: 10, y: 10 };
    const to = { x: 10 + 3.2 * CHUNK_WORLD_UNITS, y: 10 - 1.5 * CHUNK_WORLD_UNITS };
    const cells = chunksAlong(from, to);
    expect(cells[0]).toEqual([chunkOfWorld(from.x), chunkOfWorld(from.y)]);
    expect(cells.at(-1)).toEqual([chunkOfWorld(to.x), chunkOfWorld(to.y)]);
    expect(new Set(cells.map((c) => c.join())).size).toBe(cells.length);
    // Consecutive chunks touch (sideways or corner to corner): no chunk along the way is skipped.
    for (let i = 1; i < cells.length; i++) {
      expect(Math.abs(cells[i]![0] - cells[i - 1]![0])).toBeLessThanOrEqual(1);
      expect(Math.abs(cells[i]![1] - cells[i - 1]![1])).toBeLessThanOrEqual(1);
    }
    expect(chunksAlong(from, from)).toEqual([[0, 0]]);
  });

  test('NPC_TIME_SCALE: a positive number (default 1); the tick follows it between 50 ms and a second', () => {
    expect(loadConfig({}).npcTimeScale).toBe(1);
    expect(loadConfig({ NPC_TIME_SCALE: '0.02' }).npcTimeScale).toBe(0.02);
    for (const bad of ['0', '-1', 'fast', 'Infinity'])
      expect(() => loadConfig({ NPC_TIME_SCALE: bad })).toThrow(/NPC_TIME_SCALE/);
    expect(tickMsFor(1)).toBe(1000);
    expect(tickMsFor(0.5)).toBe(500);
    expect(tickMsFor(0.02)).toBe(50);
    expect(tickMsFor(10)).toBe(1000);
  });
});
