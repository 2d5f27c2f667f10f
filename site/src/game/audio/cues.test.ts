import { describe, expect, test } from 'bun:test';
import { NPC_TEXT } from '../../../../api/game/npcs.ts';
import { builtHere, reassigned, resultCue, toastCue } from './cues.ts';

describe('game cues', () => {
  test('toasts: a failure buzzes, a recruit has its own fanfare, the rest chime', () => {
    expect(toastCue({ title: 'Scavenge Failed', variant: 'destructive' })).toBe('error');
    expect(toastCue({ title: NPC_TEXT.recruited, variant: 'default' })).toBe('recruit');
    expect(toastCue({ title: 'Equipped', variant: 'default' })).toBe('success');
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
