import { describe, expect, test } from 'bun:test';
import { type FirstLoads, prefetchFirstLoads, takeFirstLoads } from './first-loads.ts';

const loads = (tag: string) => ({ world: { id: tag } }) as unknown as FirstLoads;

describe('the map first loads, started early', () => {
  test('the session takes the early loads once; the next session (a retry) loads afresh', async () => {
    const calls: string[] = [];
    const load = async (worldId: string) => {
      calls.push(worldId);
      return loads(`load ${calls.length}`);
    };
    prefetchFirstLoads('default', load);
    prefetchFirstLoads('default', load); // a second start while one is out: still one
    expect(calls).toEqual(['default']);
    expect((await takeFirstLoads('default', load)).world.id).toBe('load 1');
    expect((await takeFirstLoads('default', load)).world.id).toBe('load 2');
    expect(calls).toEqual(['default', 'default']);
  });

  test('a refused early load (no seat yet, signed out) is asked again by the session, not passed on', async () => {
    let n = 0;
    const load = async () => {
      n += 1;
      if (n === 1) throw new Error('Not seated');
      return loads('second');
    };
    prefetchFirstLoads('default', load);
    expect((await takeFirstLoads('default', load)).world.id).toBe('second');
    expect(n).toBe(2);
  });

  test('early loads for another world are not used', async () => {
    const seen: string[] = [];
    const load = async (worldId: string) => {
      seen.push(worldId);
      return loads(worldId);
    };
    prefetchFirstLoads('default', load);
    expect((await takeFirstLoads('other', load)).world.id).toBe('other');
    expect(seen).toEqual(['default', 'other']);
  });
});
