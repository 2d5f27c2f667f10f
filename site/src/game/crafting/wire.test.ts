import { afterEach, beforeEach, expect, test } from 'bun:test';
import { $toast } from '../../stores/toast.ts';
import { $craftQueue, resetCraftingStores } from '../../stores/crafting.ts';
import { $gameLog, resetGameStores } from '../../stores/game.ts';
import { $hereIds, $settlements, resetSettlementStores } from '../../stores/settlements.ts';
import { flush } from '../actions/test-timers.ts';
import { LiveEvents } from '../live/events.ts';
import type { GameSession } from '../session/context.ts';
import { settlementView } from '../settlements/test-settlements.ts';
import { $craftActions, wireCrafting } from './wire.ts';
import { craftJob, craftQueue } from './test-crafting.ts';

const stops: (() => void)[] = [];
const asked: string[] = [];
let panels = 0;
let intervals: (() => unknown)[] = [];

function session(): LiveEvents {
  const live = new LiveEvents();
  const s = {
    worldId: 'default',
    live,
    interval: (fn: () => unknown) => intervals.push(fn),
    onStop: (fn: () => void) => stops.push(fn),
    failed: () => {},
  } as unknown as GameSession;
  wireCrafting(s, {
    refreshPanel: () => panels++,
    reads: {
      queue: async (id) => {
        asked.push(id);
        return craftQueue([craftJob()], 1);
      },
    },
    calls: {
      craft: async () => ({ job: { id: '2', readyAt: new Date().toISOString() }, message: 'Crafting 1 Portable Radio' }),
      cancel: async () => ({ message: 'Cancelled', refunded: { toPack: 1, toStorage: 0 } }),
    },
  });
  return live;
}

beforeEach(() => {
  resetGameStores();
  resetSettlementStores();
  resetCraftingStores();
  $toast.set(null);
  asked.length = 0;
  panels = 0;
  intervals = [];
  $settlements.set([settlementView({ id: '7' }), settlementView({ id: '8', name: 'Other', status: 'visible' })]);
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

const done = (settlementId: string, deliveredTo: 'pack' | 'storage') => ({
  settlementId,
  settlementName: 'Haven',
  jobId: '1',
  itemName: 'Portable Radio',
  quantity: 1,
  quality: 55,
  deliveredTo,
});

test('the queue of the settlement here loads as it is managed, and clears away from it', async () => {
  $hereIds.set({ settlementId: '7', shelterId: null });
  session();
  await flush();
  expect($craftQueue.get()).toEqual({ settlementId: '7', status: 'ready', value: craftQueue([craftJob()], 1) });
  $hereIds.set({ settlementId: '8', shelterId: null });
  await flush();
  expect($craftQueue.get()).toBeNull();
  expect(asked).toEqual(['7']);
});

test('a job done is a toast and a game-log line; the pack, storage and queue of the settlement here read again', async () => {
  $hereIds.set({ settlementId: '7', shelterId: null });
  const live = session();
  await flush();
  live.emit('craftDone', done('7', 'pack'));
  await flush();
  expect($toast.get()).toMatchObject({ title: 'Portable Radio ×1 is ready — in your pack' });
  expect($gameLog.get().map((e) => [e.type, e.message])).toEqual([
    ['craft', 'Portable Radio ×1 (Q55) crafted at Haven, in your pack'],
  ]);
  expect(panels).toBe(1);
  expect(asked).toEqual(['7', '7']);

  // Done at another settlement: the news, but no panel of it to reload.
  live.emit('craftDone', done('9', 'storage'));
  await flush();
  expect($toast.get()).toMatchObject({ title: "Portable Radio ×1 is ready — in Haven's storage" });
  expect(panels).toBe(1);
  expect(asked).toEqual(['7', '7']);
});

test('the queue reads again on its settlement’s events, the poll, and after the connection was down', async () => {
  $hereIds.set({ settlementId: '7', shelterId: null });
  const live = session();
  await flush();
  live.emit('settlementChanged', { id: '7' } as never, false);
  await flush();
  live.emit('settlementChanged', { id: '8' } as never, false);
  await flush();
  expect(asked).toEqual(['7', '7']);
  for (const fn of intervals) fn();
  await flush();
  expect(asked).toEqual(['7', '7', '7']);
  live.emit('status', 'reconnecting', {});
  live.emit('connected', 'me');
  await flush();
  expect(asked).toEqual(['7', '7', '7', '7']);
});

test('a craft from the section refreshes the panel and the queue; the actions go with the session', async () => {
  $hereIds.set({ settlementId: '7', shelterId: null });
  session();
  await flush();
  expect(await $craftActions.get()!.craft('portable-radio', 1)).toBe(true);
  await flush();
  expect(panels).toBe(1);
  expect(asked).toEqual(['7', '7']);
  for (const stop of stops.splice(0)) stop();
  expect($craftActions.get()).toBeNull();
});
