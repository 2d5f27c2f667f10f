import { describe, expect, test } from 'bun:test';
import { NPC_TEXT } from '../../../../api/game/npcs.ts';
import type { BedInvitation } from '../../../../api/contract/beds.ts';
import { bedNoticeToast, invitationToast, offerWaitingToast, shelterSeenToast } from '../notices/notices.ts';
import { returnedToast } from '../npcs/text.ts';
import { builtHere, raidCue, reassigned, resultCue, toastCue } from './cues.ts';

describe('game cues', () => {
  test('toasts: a failure buzzes, a recruit has its own fanfare, the rest chime', () => {
    expect(toastCue({ title: 'Scavenge Failed', variant: 'destructive' })).toBe('error');
    expect(toastCue({ title: NPC_TEXT.recruited, variant: 'default' })).toBe('recruit');
    expect(toastCue({ title: 'Equipped', variant: 'default' })).toBe('success');
  });

  test('news for the player rings the notice bell: an invitation, an answer to one, an NPC home, an offer waiting', () => {
    const items = [{ itemName: 'Rope', quantity: 2 }];
    for (const t of [
      invitationToast({ id: 'i', fromPlayerName: 'Ana', settlement: { name: 'Camp' } } as BedInvitation),
      bedNoticeToast({ kind: 'accepted', who: 'Bea', settlementName: 'Camp', settlementId: '1' }),
      returnedToast('Rook', 'Camp', items),
      offerWaitingToast('Rook'),
      shelterSeenToast,
    ]) {
      expect(toastCue({ ...t, variant: t.variant ?? 'default' })).toBe('notice');
    }
    // Being put out of a bed is bad news: it buzzes.
    const kicked = bedNoticeToast({ kind: 'kicked', who: 'Ana', settlementName: 'Camp', settlementId: '1' });
    expect(toastCue({ ...kicked, variant: kicked.variant ?? 'default' })).toBe('error');
  });

  test('a raid’s result: repelled and breached each have their own sound', () => {
    expect(raidCue('repelled')).toBe('raidRepelled');
    expect(raidCue('breached')).toBe('raidBreached');
  });

  test('results: a new scavenge rummages; a forage is a pickup only when it found something; old entries are quiet', () => {
    expect(resultCue({ id: 3, kind: 'scavenge', items: [] }, 2)).toBe('scavenge');
    expect(resultCue({ id: 3, kind: 'forage', items: [{}] }, 2)).toBe('pickup');
    expect(resultCue({ id: 3, kind: 'forage', items: [] }, 2)).toBe('scavenge');
    expect(resultCue({ id: 2, kind: 'scavenge', items: [] }, 2)).toBe(null);
    expect(resultCue(undefined, 0)).toBe(null);
  });

  test('a build is a new shelter underfoot, not one already known or one elsewhere', () => {
    const here = { tileX: 4, tileY: -2 };
    const old = { id: 'a', tileX: 4, tileY: -2 };
    expect(builtHere(new Set(), [{ id: 'b', tileX: 4, tileY: -2 }], here)).toBe(true);
    expect(builtHere(new Set(['a']), [old], here)).toBe(false);
    expect(builtHere(new Set(['a']), [old, { id: 'c', tileX: 9, tileY: -2 }], here)).toBe(false);
  });

  test('an assignment changes: the same NPC of the same settlement took another job', () => {
    const list = (a: string, b = 'defend') => ({
      settlementId: 's1',
      npcs: [
        { id: 'n1', assignment: a },
        { id: 'n2', assignment: b },
      ],
    });
    expect(reassigned(list('defend'), list('scavenge'))).toBe(true);
    expect(reassigned(list('defend'), list('defend'))).toBe(false);
    expect(reassigned(null, list('scavenge'))).toBe(false);
    expect(reassigned(list('defend'), { ...list('scavenge'), settlementId: 's2' })).toBe(false);
    expect(reassigned(list('defend'), { settlementId: 's1', npcs: [{ id: 'n3', assignment: 'foraging' }] })).toBe(false);
  });
});
