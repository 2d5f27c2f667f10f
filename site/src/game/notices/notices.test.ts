import { describe, expect, test } from 'bun:test';
import type { BedInvitation } from '../../../../api/contract/beds.ts';
import { $mobilePanel } from '../../stores/game.ts';
import { $invitations, $shelters } from '../../stores/settlements.ts';
import { LiveEvents } from '../live/events.ts';
import type { ToastInput } from '../../stores/toast.ts';
import { bedNoticeToast, invitationToast, newInvitations, withNews } from './notices.ts';
import { $wanderer } from '../../stores/actions.ts';
import { $manageBadge, $manageUnseen, noteForManage, restoreOffer, wireNotices } from './wire.ts';

const inv = (id: string): BedInvitation => ({
  id,
  settlement: { id: 's1', name: 'Haven', x: 0, y: 0 },
  fromPlayerName: 'Ash',
  buildingId: 'b1',
  invitee: 'me',
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('notifications', () => {
  test('only invitations new since the last list are news; the first list is not', () => {
    expect(newInvitations(null, [inv('a')])).toEqual([]);
    expect(newInvitations(new Set(['a']), [inv('a'), inv('b')]).map((i) => i.id)).toEqual(['b']);
    expect(invitationToast(inv('a')).description).toBe('Ash offers you a bed in Haven. Accept or reject it under Manage.');
    expect(withNews('Manage', 0)).toBe('Manage');
    expect(withNews('Manage', 2)).toBe('Manage, 2 new');
  });

  test('bed notices: accepted, rejected and kicked say who and where; a kick is red', () => {
    const n = { settlementId: '4', settlementName: 'Haven', who: 'Bea' };
    expect(bedNoticeToast({ ...n, kind: 'accepted' })).toEqual({
      title: 'Invitation Accepted',
      description: 'Bea took the bed you offered in Haven.',
      notice: true,
    });
    expect(bedNoticeToast({ ...n, kind: 'rejected' }).title).toBe('Invitation Rejected');
    expect(bedNoticeToast({ ...n, kind: 'kicked' })).toMatchObject({ title: 'Removed From Your Bed', variant: 'destructive' });
  });

  test('a new invitation toasts once; the badge counts pending invitations and unseen news; opening Manage clears the news', () => {
    const toasts: ToastInput[] = [];
    const stops: (() => void)[] = [];
    $invitations.set({ status: 'loading', list: [] });
    $mobilePanel.set(null);
    wireNotices({ onStop: (fn) => stops.push(fn) }, (t) => toasts.push(t));
    $invitations.set({ status: 'ready', list: [inv('a')] });
    expect(toasts).toEqual([]);
    $invitations.set({ status: 'ready', list: [inv('a'), inv('b')] });
    $invitations.set({ status: 'ready', list: [inv('a'), inv('b')] });
    expect(toasts.map((t) => t.title)).toEqual(['Bed Invitation']);
    noteForManage();
    expect($manageBadge.get()).toBe(3);
    $mobilePanel.set('manage');
    expect($manageUnseen.get()).toBe(0);
    expect($manageBadge.get()).toBe(2);
    for (const stop of stops) stop();
    $mobilePanel.set(null);
  });
});

test('a shelter raised at a site in sight toasts once, unless it is ours (in our shelters by then)', () => {
  const toasts: ToastInput[] = [];
  const pending: (() => void)[] = [];
  const live = new LiveEvents();
  $shelters.set([]);
  wireNotices(
    { onStop: () => {}, live },
    (t) => toasts.push(t),
    (fn) => pending.push(fn),
  );
  live.handlers.poiUpdated({ id: 'poi_1', currentSignificance: 3, hasShelter: true });
  live.handlers.poiUpdated({ id: 'poi_1', currentSignificance: 3, hasShelter: true });
  live.handlers.poiUpdated({ id: 'poi_2', currentSignificance: 3, hasShelter: true });
  live.handlers.poiUpdated({ id: 'poi_3', currentSignificance: 2 });
  $shelters.set([{ id: 's2', x: 0, y: 0, tileX: 0, tileY: 0, poiId: 'poi_2', settlementId: null } as never]);
  for (const fn of pending) fn();
  expect(toasts.map((t) => t.title)).toEqual(['Shelter Built Nearby']);
  $shelters.set([]);
});

test('an offer still open at the start is offered again, with a toast and a count on Manage; none, nothing', async () => {
  const toasts: ToastInput[] = [];
  const s = { worldId: 'default', failed: (what: string, err: unknown) => toasts.push({ title: `${what}: ${err}` }) };
  $wanderer.set(null);
  $manageUnseen.set(0);
  await restoreOffer(
    s,
    async () => ({ shouldSpawn: false }),
    (t) => toasts.push(t),
  );
  expect($wanderer.get()).toBeNull();
  const npc = { name: 'Mara', description: 'A medic' };
  await restoreOffer(
    s,
    async () => ({ shouldSpawn: true, npc }),
    (t) => toasts.push(t),
  );
  expect($wanderer.get()).toEqual({ name: 'Mara', description: 'A medic', named: true });
  expect(toasts.map((t) => t.title)).toEqual(['A Survivor Is Waiting']);
  expect($manageUnseen.get()).toBe(1);
  $wanderer.set(null);
  $manageUnseen.set(0);
});
