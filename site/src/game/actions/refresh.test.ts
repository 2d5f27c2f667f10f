import { expect, test } from 'bun:test';
import { coalesced } from './refresh.ts';

test('requests during a refresh collapse into one more refresh after it', async () => {
  let runs = 0;
  let release: () => void = () => {};
  const refresh = coalesced(async () => {
    runs++;
    await new Promise<void>((r) => (release = r));
  });
  const first = refresh();
  void refresh();
  void refresh();
  expect(runs).toBe(1);
  release();
  await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
  expect(runs).toBe(2);
  release();
  await first;
  expect(runs).toBe(2);
  void refresh();
  expect(runs).toBe(3);
  release();
});

test('a failing refresh does not wedge it', async () => {
  let runs = 0;
  const refresh = coalesced(async () => {
    runs++;
    throw new Error('nope');
  });
  await refresh();
  await refresh();
  expect(runs).toBe(2);
});
