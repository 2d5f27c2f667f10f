import { afterEach, beforeEach, expect, test } from 'bun:test';
import type { BedInvitation } from '../../../../api/contract/beds.ts';
import { $invitations, resetSettlementStores } from '../../stores/settlements.ts';
import { invitationsPoller } from './invitations.ts';

const inv: BedInvitation = {
  id: '55',
  settlement: { id: '7', name: 'Haven', x: 0, y: 0 },
  fromPlayerName: 'Fay',
  buildingId: '2',
  invitee: 'Otto',
  createdAt: '2025-08-01T10:00:00.000Z',
};

beforeEach(() => resetSettlementStores());
afterEach(() => resetSettlementStores());

test('the invitations are read into the store; a failed read keeps the last list and reports', async () => {
  let fail = false;
  const errors: unknown[] = [];
  const poll = invitationsPoller(
    async () => {
      if (fail) throw new Error('500: down');
      return [inv];
    },
    (e) => errors.push(e),
  );
  expect($invitations.get().status).toBe('loading');
  await poll();
  expect($invitations.get()).toEqual({ status: 'ready', list: [inv] });
  fail = true;
  await poll();
  expect($invitations.get()).toEqual({ status: 'error', list: [inv], message: '500: down' });
  expect(errors).toHaveLength(1);
});
