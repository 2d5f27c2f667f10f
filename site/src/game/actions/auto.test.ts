import { expect, test } from 'bun:test';
import { AutoLoop, type AutoEnd } from './auto.ts';
import { FakeTimers, flush } from './test-timers.ts';

function setup(outcomes: (AutoEnd | null | Error)[], stepMs = 0) {
  const timers = new FakeTimers();
  const starts: number[] = [];
  const ends: [AutoEnd, unknown][] = [];
  let i = 0;
  const loop = new AutoLoop({
    intervalMs: 1500,
    timers,
    step: async () => {
      starts.push(timers.now());
      const o = outcomes[i++] ?? null;
      if (stepMs) await new Promise<void>((r) => timers.set(r, stepMs));
      if (o instanceof Error) throw o;
      return o as Exclude<AutoEnd, 'stopped' | 'error'> | null;
    },
    onEnd: (reason, err) => ends.push([reason, err]),
  });
  return { loop, timers, starts, ends };
}

test('a step at once, then one every 1.5 s, until a step says the place is depleted', async () => {
  const { loop, timers, starts, ends } = setup([null, null, 'depleted']);
  expect(loop.start()).toBe(true);
  await timers.advance(10_000);
  expect(starts).toEqual([0, 1500, 3000]);
  expect(ends).toEqual([['depleted', undefined]]);
  expect(loop.active).toBe(false);
  expect(timers.pending).toBe(0);
});

test('the interval counts from the start of a step: a slow answer does not stretch it, and steps never overlap', async () => {
  const { loop, timers, starts } = setup([null, null, null, 'depleted'], 600);
  loop.start();
  await timers.advance(3200);
  expect(starts).toEqual([0, 1500, 3000]);
  const slow = setup([null, null, 'depleted'], 2000);
  slow.loop.start();
  await slow.timers.advance(10_000);
  expect(slow.starts).toEqual([0, 2000, 4000]);
});

test('cannot start twice; stop ends it at once and no further step runs', async () => {
  const { loop, timers, starts, ends } = setup([]);
  loop.start();
  expect(loop.start()).toBe(false);
  await timers.advance(1600);
  expect(starts).toEqual([0, 1500]);
  loop.stop();
  loop.stop();
  await timers.advance(10_000);
  expect(starts).toEqual([0, 1500]);
  expect(ends).toEqual([['stopped', undefined]]);
  // It can run again afterwards.
  expect(loop.start()).toBe(true);
  await flush();
  expect(starts.length).toBe(3);
});

test('a failing step ends it with the error; a stop during a step in flight wins over its answer', async () => {
  const boom = new Error('503: down');
  const a = setup([null, boom]);
  a.loop.start();
  await a.timers.advance(5000);
  expect(a.ends).toEqual([['error', boom]]);

  const b = setup([null, null], 500);
  b.loop.start();
  await b.timers.advance(100);
  b.loop.stop();
  await b.timers.advance(5000);
  expect(b.starts).toEqual([0]);
  expect(b.ends).toEqual([['stopped', undefined]]);
});

test('a step may end it for walking away', async () => {
  const { loop, timers, ends } = setup([null, 'left']);
  loop.start();
  await timers.advance(2000);
  expect(ends).toEqual([['left', undefined]]);
});
