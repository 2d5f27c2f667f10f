import { beforeEach, expect, test } from 'bun:test';
import { $raidWarnings, resetRaidStores } from '../../stores/raids.ts';
import { RESTORE_MAX_SETTLEMENTS, restoreWarnings, warnFromDefence } from './restore.ts';
import { warn } from './warnings.ts';

const T = Date.parse('2026-03-01T20:00:00.000Z');
const place = (id: string) => ({ id, name: `Haven ${id}`, x: 1, y: 2 });
const iso = (ms: number) => new Date(ms).toISOString();

beforeEach(() => resetRaidStores());

test('a Defence answer with a raid on its way puts its warning up, without the scouts’ estimate', () => {
  warnFromDefence(place('a'), { nextRaidAt: iso(T + 60_000) }, T);
  warnFromDefence(place('b'), { nextRaidAt: null }, T);
  warnFromDefence(place('c'), { nextRaidAt: iso(T - 1) }, T); // already arrived
  expect($raidWarnings.get()).toEqual([
    { settlementId: 'a', settlementName: 'Haven a', x: 1, y: 2, arriveAt: T + 60_000, strength: null },
  ]);
});

test('the frame’s warning for the same arrival is kept (it knows the strength); a new arrival replaces it', () => {
  warn({ ...place('a'), settlementId: 'a', settlementName: 'Haven a', arriveAt: T + 60_000, strength: 42 }, T);
  warnFromDefence(place('a'), { nextRaidAt: iso(T + 60_000) }, T);
  expect($raidWarnings.get()[0]?.strength).toBe(42);
  warnFromDefence(place('a'), { nextRaidAt: iso(T + 90_000) }, T);
  expect($raidWarnings.get().map((w) => [w.arriveAt - T, w.strength])).toEqual([[90_000, null]]);
});

test('each settlement asked once, a few at most; a failure costs only its own', async () => {
  const asked: string[] = [];
  const failed: unknown[] = [];
  const places = Array.from({ length: RESTORE_MAX_SETTLEMENTS + 2 }, (_, i) => place(String(i)));
  await restoreWarnings(
    places,
    async (id) => {
      asked.push(id);
      if (id === '1') throw new Error('403: Not a member');
      return { nextRaidAt: id === '2' ? iso(T + 5_000) : null };
    },
    () => T,
    (err) => failed.push(err),
  );
  expect(asked.length).toBe(RESTORE_MAX_SETTLEMENTS);
  expect(failed.length).toBe(1);
  expect($raidWarnings.get().map((w) => w.settlementId)).toEqual(['2']);
});
