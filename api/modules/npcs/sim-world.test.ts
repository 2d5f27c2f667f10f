import { describe, expect, test } from 'bun:test';
import { Biome, CHUNK_WORLD_UNITS, chunkOfWorld, loadCoreForBun, tileCentre, tileOfWorld } from '../../../core-wasm/index.ts';
import { loadConfig } from '../../config.ts';
import { walkPath } from '../../game/walking.ts';
import { walkLength } from '../../game/paths.ts';
import { IMPASSABLE } from '../../game/world.ts';
import { CoreTerrain } from '../world/terrain.ts';
import { chunksAlong, PoiAtlas } from './sim-world.ts';
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

  test('an NPC journey across water walks round it: every point of the walk on passable ground', async () => {
    const terrain = new CoreTerrain(await loadCoreForBun(), 6161);
    const atlas = new PoiAtlas(terrain);
    const open = (tx: number, ty: number) => !IMPASSABLE.has(terrain.biomeAtTile(tx, ty));
    // The first water tile out from the origin with open ground 20 tiles either side of it, east and west.
    let crossing: { from: { x: number; y: number }; to: { x: number; y: number } } | null = null;
    for (let r = 0; r < 400 && !crossing; r++) {
      for (let tx = -r; tx <= r && !crossing; tx++) {
        for (const ty of [-r, r]) {
          if (terrain.biomeAtTile(tx, ty) !== Biome.water || !open(tx - 20, ty) || !open(tx + 20, ty)) continue;
          const from = { x: tileCentre(tx - 20) + 1.3, y: tileCentre(ty) - 0.7 };
          const to = { x: tileCentre(tx + 20) - 0.4, y: tileCentre(ty) + 1.1 };
          if (atlas.route(from, to)) crossing = { from, to };
          break;
        }
      }
    }
    if (!crossing) throw new Error('no water with a way round it near the origin of world 6161');
    const { from, to } = crossing;
    expect(walkPath(from, to, terrain.moveRules.isPassable).blocked).toBe(true);
    const walk = atlas.route(from, to)!;
    expect(walk[0]).toEqual(from);
    expect(walk.at(-1)).toEqual(to);
    expect(walk.length).toBeGreaterThan(2);
    expect(walkLength(walk)).toBeGreaterThan(Math.hypot(to.x - from.x, to.y - from.y));
    // Every leg looked at every tenth of a unit (far finer than the walking rule's half tile): never on water or rock.
    for (let i = 1; i < walk.length; i++) {
      const a = walk[i - 1]!;
      const b = walk[i]!;
      const steps = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) * 10);
      for (let k = 0; k <= steps; k++) {
        const x = a.x + ((b.x - a.x) * k) / steps;
        const y = a.y + ((b.y - a.y) * k) / steps;
        expect(open(tileOfWorld(x), tileOfWorld(y))).toBe(true);
      }
    }
    // Asked again (now from the cache), the same walk, and a copy the caller may change.
    const again = atlas.route(from, to)!;
    expect(again).toEqual(walk);
    again[1]!.x += 100;
    expect(atlas.route(from, to)).toEqual(walk);
    // A straight walk stays a straight walk: no search when nothing is in the way.
    const near = { x: from.x + 3, y: from.y };
    if (!walkPath(from, near, terrain.moveRules.isPassable).blocked) expect(atlas.route(from, near)).toEqual([from, near]);
  });
});
