import { beforeEach, describe, expect, test } from 'bun:test';
import { $raidWarnings, type RaidWarning, resetRaidStores } from '../../stores/raids.ts';
import { bannerOf, fromFrame, prune, settle, warn } from './warnings.ts';

const T = Date.parse('2026-03-01T20:00:00.000Z');
const w = (settlementId: string, inMs: number, over: Partial<RaidWarning> = {}): RaidWarning => ({
  settlementId,
  settlementName: `Haven ${settlementId}`,
  x: 10,
  y: 20,
  arriveAt: T + inMs,
  strength: 30,
  ...over,
});

beforeEach(() => resetRaidStores());

describe('the raid banner’s state', () => {
  test('a frame becomes a warning; an arrival time that is no time is dropped', () => {
    const frame = {
      settlementId: '7',
      settlementName: 'Rust Haven',
      x: 1,
      y: 2,
      arriveAt: '2026-03-01T20:01:30.000Z',
      strength: 42,
    };
    expect(fromFrame(frame)).toEqual({ ...frame, arriveAt: T + 90_000 });
    expect(fromFrame({ ...frame, arriveAt: 'soon' })).toBeNull();
  });

  test('the soonest raid heads the banner, with how many more are coming; one per settlement', () => {
    warn(w('a', 120_000), T);
    warn(w('b', 60_000), T);
    warn(w('a', 90_000, { strength: 50 }), T); // a second warning for the same settlement replaces the first
    expect($raidWarnings.get().map((x) => [x.settlementId, x.arriveAt - T])).toEqual([
      ['b', 60_000],
      ['a', 90_000],
    ]);
    expect(bannerOf($raidWarnings.get(), T)).toEqual({ warning: w('b', 60_000), others: 1 });
    expect(bannerOf($raidWarnings.get(), T + 60_000)).toEqual({ warning: w('a', 90_000, { strength: 50 }), others: 0 });
    expect(bannerOf($raidWarnings.get(), T + 90_000)).toBeNull(); // gone at arrival
  });

  test('a warning already past when it comes is not shown', () => {
    warn(w('a', -1), T);
    expect($raidWarnings.get()).toEqual([]);
  });

  test('the result settles its settlement’s warning; the others stay', () => {
    warn(w('a', 60_000), T);
    warn(w('b', 90_000), T);
    settle('a');
    expect($raidWarnings.get().map((x) => x.settlementId)).toEqual(['b']);
    settle('zzz');
    expect($raidWarnings.get().map((x) => x.settlementId)).toEqual(['b']);
  });

  test('prune drops the arrived ones and says when the next arrives', () => {
    warn(w('a', 60_000), T);
    warn(w('b', 90_000), T);
    expect(prune(T)).toBe(T + 60_000);
    expect(prune(T + 60_000)).toBe(T + 90_000);
    expect($raidWarnings.get().map((x) => x.settlementId)).toEqual(['b']);
    expect(prune(T + 90_000)).toBeNull();
    expect($raidWarnings.get()).toEqual([]);
  });
});
