import { beforeEach, expect, test } from 'bun:test';
import { CRAFT_QUANTITY_MAX, CRAFT_TEXT } from '../../../../api/game/crafting.ts';
import type { ToastInput } from '../../stores/toast.ts';
import { $craftBusy, resetCraftingStores } from '../../stores/crafting.ts';
import { $hereIds, $settlements, resetSettlementStores } from '../../stores/settlements.ts';
import { settlementView } from '../settlements/test-settlements.ts';
import { type CraftCalls, createCraftActions } from './actions.ts';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');

function harness(calls: Partial<CraftCalls> = {}) {
  const toasts: ToastInput[] = [];
  const sent: unknown[] = [];
  let refreshes = 0;
  let unauthorized = 0;
  const actions = createCraftActions({
    calls: {
      craft: async (id, body) => {
        sent.push(['craft', id, body]);
        return { job: { id: '9', readyAt: new Date(NOW + 1_800).toISOString() }, message: 'Crafting 1 Portable Radio' };
      },
      cancel: async (id, jobId) => {
        sent.push(['cancel', id, jobId]);
        return { message: 'Cancelled Portable Radio', refunded: { toPack: 4, toStorage: 2 } };
      },
      ...calls,
    },
    toast: (t) => toasts.push(t),
    unauthorized: () => unauthorized++,
    refresh: () => refreshes++,
    now: () => NOW,
  });
  return { actions, toasts, sent, refreshes: () => refreshes, unauthorized: () => unauthorized };
}

beforeEach(() => {
  resetSettlementStores();
  resetCraftingStores();
  $settlements.set([settlementView({ id: '7' }), settlementView({ id: '8', name: 'Theirs', status: 'visible' })]);
  $hereIds.set({ settlementId: '7', shelterId: null });
});

test('craft: the settlement here, the quantity the server takes, its sentence with when it is ready, then a refresh', async () => {
  const h = harness();
  expect(await h.actions.craft('portable-radio', 1)).toBe(true);
  expect(await h.actions.craft('bandages', 40)).toBe(true);
  expect(h.sent).toEqual([
    ['craft', '7', { recipeId: 'portable-radio', quantity: 1 }],
    ['craft', '7', { recipeId: 'bandages', quantity: CRAFT_QUANTITY_MAX }],
  ]);
  expect(h.toasts[0]).toEqual({ title: 'Crafting 1 Portable Radio', description: 'Ready in about 00:02.' });
  expect(h.refreshes()).toBe(2);
  expect($craftBusy.get()).toBeNull();
});

test('the typed client’s Date for readyAt reads the same', async () => {
  const h = harness({
    craft: async () => ({ job: { id: '9', readyAt: new Date(NOW + 90_000) }, message: 'Crafting 1 Portable Radio' }),
  });
  await h.actions.craft('portable-radio', 1);
  expect(h.toasts[0]!.description).toBe('Ready in about 01:30.');
});

test('a refusal is the server’s reason in a red toast, and the page reads again what it may have had wrong', async () => {
  const h = harness({
    craft: () => Promise.reject(new Error('409: Insufficient materials! Missing 1 Rope.')),
  });
  const warn = console.warn;
  console.warn = () => {};
  try {
    expect(await h.actions.craft('portable-radio', 1)).toBe(false);
  } finally {
    console.warn = warn;
  }
  expect(h.toasts).toEqual([
    { title: CRAFT_TEXT.failed, description: 'Insufficient materials! Missing 1 Rope.', variant: 'destructive' },
  ]);
  expect(h.refreshes()).toBe(1);
});

test('Unauthorized goes to the login instead of a toast', async () => {
  const h = harness({ cancel: () => Promise.reject(Object.assign(new Error('401: Unauthorized'), { status: 401 })) });
  expect(await h.actions.cancel('3')).toBe(false);
  expect(h.toasts).toEqual([]);
  expect(h.unauthorized()).toBe(1);
});

test('cancel: the server’s sentence with where the inputs went back', async () => {
  const h = harness();
  expect(await h.actions.cancel('3')).toBe(true);
  expect(h.sent).toEqual([['cancel', '7', '3']]);
  expect(h.toasts).toEqual([{ title: 'Cancelled Portable Radio', description: '4 back in your pack, 2 back in storage' }]);
});

test('one bench call at a time; nothing away from a settlement you manage', async () => {
  let release: () => void = () => {};
  const h = harness({
    craft: () =>
      new Promise((r) => {
        release = () => r({ job: { id: '9', readyAt: new Date(NOW).toISOString() }, message: 'ok' });
      }),
  });
  const first = h.actions.craft('portable-radio', 1);
  expect($craftBusy.get()).toBe('craft:portable-radio');
  expect(await h.actions.cancel('3')).toBe(false);
  release();
  expect(await first).toBe(true);
  expect(h.sent).toEqual([]);

  $hereIds.set({ settlementId: '8', shelterId: null });
  expect(await h.actions.craft('portable-radio', 1)).toBe(false);
  $hereIds.set({ settlementId: null, shelterId: null });
  expect(await h.actions.cancel('3')).toBe(false);
  expect(h.toasts.length).toBe(1);
});
