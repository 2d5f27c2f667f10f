import { expect, test } from 'bun:test';
import { batches, radioTracker } from './radio.ts';
import { FakeTimers } from '../actions/test-timers.ts';
import { throttled, withFreshness } from './stale.ts';

test('a load within its freshness window is skipped unless forced; a failed one leaves no freshness', async () => {
  let t = 0;
  let runs = 0;
  let ok = true;
  const load = withFreshness(
    async () => {
      runs++;
      return ok;
    },
    10_000,
    () => t,
  );
  await load();
  t = 9_999;
  await load();
  expect(runs).toBe(1);
  await load(true);
  expect(runs).toBe(2);
  t = 20_000;
  await load();
  expect(runs).toBe(3);
  ok = false;
  t = 40_000;
  await load();
  await load();
  expect(runs).toBe(5);
  load.invalidate();
});

test('batch equipment: only with a radio of ours, in calls of at most 100 ids; carriers of a radio are tracked', async () => {
  expect(batches(['1', '2', '3'], 2)).toEqual([['1', '2'], ['3']]);
  expect(batches(Array.from({ length: 250 }, (_, i) => String(i))).map((b) => b.length)).toEqual([100, 100, 50]);

  const world = { radio: false, t: 0 };
  const asked: string[][] = [];
  const tracked: string[][] = [];
  const track = radioTracker({
    radioOn: () => world.radio,
    ids: () => ['1', '2', '3'],
    batch: async (ids) => {
      asked.push(ids);
      return {
        '1': [{ itemName: 'Portable Radio' }],
        '2': [{ itemName: 'Binoculars' }],
        '3': [],
      };
    },
    set: (ids) => tracked.push(ids),
    onError: () => {},
    now: () => world.t,
  });
  await track();
  expect(asked).toEqual([]); // never asked without a radio (the server would answer 403)
  expect(tracked).toEqual([[]]);
  world.radio = true;
  await track();
  expect(asked).toEqual([['1', '2', '3']]);
  expect(tracked.at(-1)).toEqual(['1']);
  world.t = 29_000;
  await track(); // stale after 30 s
  expect(asked).toHaveLength(1);
  world.t = 31_000;
  await track();
  expect(asked).toHaveLength(2);
  world.radio = false;
  await track(true);
  expect(tracked.at(-1)).toEqual([]);
  expect(asked).toHaveLength(2);
});

test('a refused batch call is reported and tracks nothing new', async () => {
  const errors: unknown[] = [];
  const tracked: string[][] = [];
  const track = radioTracker({
    radioOn: () => true,
    ids: () => ['1'],
    batch: async () => Promise.reject(new Error('403: You need a Portable Radio equipped')),
    set: (ids) => tracked.push(ids),
    onError: (e) => errors.push(e),
  });
  await track();
  expect(errors).toHaveLength(1);
  expect(tracked).toEqual([]);
});

test('throttled: at once when idle, else one trailing run at the end of the window', async () => {
  const timers = new FakeTimers();
  let runs = 0;
  const t = throttled(() => runs++, 2000, timers);
  t();
  expect(runs).toBe(1);
  t();
  t();
  expect(runs).toBe(1);
  await timers.advance(1999);
  expect(runs).toBe(1);
  await timers.advance(1);
  expect(runs).toBe(2);
  await timers.advance(5000);
  t();
  expect(runs).toBe(3);
  t();
  t.cancel();
  await timers.advance(5000);
  expect(runs).toBe(3);
});
