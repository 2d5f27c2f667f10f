import type { SettlementView } from '../../../../api/contract/settlements.ts';
import { afterEach, beforeEach, expect, test } from 'bun:test';
import type { ToastInput } from '../../stores/toast.ts';
import { $hereIds, $settlementBusy, $settlements, resetSettlementStores } from '../../stores/settlements.ts';
import { type BedCalls, createBedActions } from './bed-actions.ts';
import { settlementView } from './test-settlements.ts';

const httpError = (status: number, message: string) => Object.assign(new Error(`${status}: ${message}`), { status });

const HAVEN = settlementView({ emptyBeds: 1, beds: 2, founderId: 'fay', founderName: 'Fay' });

function harness(over: Partial<BedCalls> = {}) {
  const toasts: ToastInput[] = [];
  const sent: { call: string; args: unknown[] }[] = [];
  const seen = { refresh: 0, unauthorized: 0 };
  const record =
    <A extends unknown[]>(call: string, message: string) =>
    async (...args: A) => {
      sent.push({ call, args });
      return { message };
    };
  const calls: BedCalls = {
    invite: record('invite', 'Invitation sent successfully'),
    withdraw: record('withdraw', 'Invitation withdrawn'),
    kick: record('kick', 'The bed is free again'),
    accept: record('accept', 'You now have a bed in Haven'),
    reject: record('reject', 'Invitation rejected'),
    ...over,
  };
  const actions = createBedActions({
    calls,
    toast: (t) => toasts.push(t),
    unauthorized: () => seen.unauthorized++,
    refresh: () => seen.refresh++,
  });
  return { actions, toasts, sent, seen };
}

const atHaven = (status: SettlementView['status'] = 'manageable') => {
  $settlements.set([{ ...HAVEN, status }]);
  $hereIds.set({ settlementId: HAVEN.id, shelterId: null });
};

const warn = console.warn;
beforeEach(() => {
  resetSettlementStores();
  console.warn = () => {};
});
afterEach(() => {
  console.warn = warn;
});

test('invite: the name trimmed, an empty one not sent, the spec success toast, and a refresh', async () => {
  const h = harness();
  atHaven();
  expect(await h.actions.invite('2', '   ')).toBeNull();
  expect(h.sent).toEqual([]);
  expect(await h.actions.invite('2', '  Otto   Other ')).toEqual({ sent: true });
  expect(h.sent).toEqual([{ call: 'invite', args: [{ settlementId: '7', buildingId: '2', inviteePlayerName: 'Otto Other' }] }]);
  expect(h.toasts).toEqual([
    { title: 'Invitation sent successfully', description: 'Otto Other can accept it under Your Settlements.' },
  ]);
  expect(h.seen.refresh).toBe(1);
  expect($settlementBusy.get()).toBeNull();
});

test('invite from the player list: sent by id, so a look-alike name cannot redirect it', async () => {
  const h = harness();
  atHaven();
  expect(await h.actions.invite('2', { id: 'u-42', name: 'Bea' })).toEqual({ sent: true });
  expect(h.sent).toEqual([{ call: 'invite', args: [{ settlementId: '7', buildingId: '2', inviteeId: 'u-42' }] }]);
  expect(h.toasts[0]).toEqual({
    title: 'Invitation sent successfully',
    description: 'Bea can accept it under Your Settlements.',
  });
});

test('invite: nothing is sent for a settlement you do not manage', async () => {
  const h = harness();
  expect(await h.actions.invite('2', 'Otto')).toBeNull();
  atHaven('visible');
  expect(await h.actions.invite('2', 'Otto')).toBeNull();
  expect(h.sent).toEqual([]);
});

test("a refused invitation: 'Failed to send invitation' with the server's reason, which the dialog shows too", async () => {
  const h = harness({
    invite: async () => {
      throw httpError(404, 'No survivor is called Nobody');
    },
  });
  atHaven();
  expect(await h.actions.invite('2', 'Nobody')).toEqual({ sent: false, reason: 'No survivor is called Nobody' });
  expect(h.toasts).toEqual([
    { title: 'Failed to send invitation', description: 'No survivor is called Nobody', variant: 'destructive' },
  ]);
});

test("kick and leave post the settlement's bed; a refused kick is 'Failed to kick bed occupant' with the reason", async () => {
  const h = harness();
  atHaven();
  expect(await h.actions.kick('2')).toBe(true);
  expect(await h.actions.leave('1')).toBe(true);
  expect(h.sent).toEqual([
    { call: 'kick', args: ['7', '2'] },
    { call: 'kick', args: ['7', '1'] },
  ]);
  expect(h.toasts.map((t) => t.title)).toEqual(['The bed is free again', 'The bed is free again']);

  const refused = harness({
    kick: async () => {
      throw httpError(403, 'The founder cannot be kicked from their settlement');
    },
  });
  $hereIds.set({ settlementId: null, shelterId: null });
  expect(await refused.actions.kick('1')).toBe(false); // not at a settlement: nothing sent, nothing said
  expect(refused.toasts).toEqual([]);
  atHaven();
  expect(await refused.actions.kick('1')).toBe(false);
  expect(refused.toasts).toEqual([
    {
      title: 'Failed to kick bed occupant',
      description: 'The founder cannot be kicked from their settlement',
      variant: 'destructive',
    },
  ]);
});

test('withdraw, accept and reject: the server sentence on success, our fallback title on failure; Unauthorized logs in', async () => {
  const h = harness();
  expect(await h.actions.withdraw('55')).toBe(true);
  expect(await h.actions.accept('56')).toBe(true);
  expect(await h.actions.reject('57')).toBe(true);
  expect(h.sent.map((s) => [s.call, ...s.args])).toEqual([
    ['withdraw', '55'],
    ['accept', '56'],
    ['reject', '57'],
  ]);
  expect(h.toasts.map((t) => t.title)).toEqual(['Invitation withdrawn', 'You now have a bed in Haven', 'Invitation rejected']);
  expect(h.seen.refresh).toBe(3);

  const gone = harness({
    accept: async () => {
      throw httpError(409, 'That bed has been taken');
    },
    reject: async () => {
      throw httpError(401, 'Unauthorized');
    },
  });
  expect(await gone.actions.accept('56')).toBe(false);
  expect(gone.toasts).toEqual([
    { title: 'Failed to accept invitation', description: 'That bed has been taken', variant: 'destructive' },
  ]);
  expect(await gone.actions.reject('57')).toBe(false);
  expect(gone.seen.unauthorized).toBe(1);
  expect(gone.toasts).toHaveLength(1);
});

test('one action at a time: a second one while the first is in flight is not sent', async () => {
  let release: () => void = () => {};
  const h = harness({
    accept: () =>
      new Promise((r) => {
        release = () => r({ message: 'You now have a bed in Haven' });
      }),
  });
  const first = h.actions.accept('56');
  expect($settlementBusy.get()).toBe('accept:56');
  expect(await h.actions.reject('57')).toBe(false);
  release();
  expect(await first).toBe(true);
  expect(h.sent.map((s) => s.call)).toEqual([]);
});
