import { describe, expect, test } from 'bun:test';
import { CHAT_FADE_AFTER_MS, CHAT_GONE_AFTER_MS, CHAT_OVERLAY_KEPT, CHAT_OVERLAY_SHOWN } from '../../../../api/game/chat.ts';
import { type Arrival, addArrivals, nextChangeIn, overlayAt, phaseAt } from './overlay.ts';

const at = (id: string, ms: number): Arrival => ({ id, at: ms });

describe('the desktop overlay’s timing', () => {
  test('a message is shown until it fades, fades until it is gone, then is gone', () => {
    const a = at('m', 1000);
    expect(phaseAt(a, 1000)).toBe('shown');
    expect(phaseAt(a, 1000 + CHAT_FADE_AFTER_MS - 1)).toBe('shown');
    expect(phaseAt(a, 1000 + CHAT_FADE_AFTER_MS)).toBe('fading');
    expect(phaseAt(a, 1000 + CHAT_GONE_AFTER_MS - 1)).toBe('fading');
    expect(phaseAt(a, 1000 + CHAT_GONE_AFTER_MS)).toBe('gone');
  });

  test('of the kept messages only the latest few are on screen, oldest first', () => {
    const ids = Array.from({ length: CHAT_OVERLAY_KEPT + 2 }, (_, i) => `m${i}`);
    const list = addArrivals([], ids, 0);
    expect(list.map((a) => a.id)).toEqual(ids.slice(-CHAT_OVERLAY_KEPT));
    expect(overlayAt(list, 10).map((l) => l.id)).toEqual(ids.slice(-CHAT_OVERLAY_SHOWN));
  });

  test('when the newest are gone the overlay is empty; older arrivals never come back', () => {
    let list = addArrivals([], ['a', 'b'], 0);
    list = addArrivals(list, ['c'], 2000);
    expect(overlayAt(list, CHAT_FADE_AFTER_MS).map((l) => [l.id, l.phase])).toEqual([
      ['a', 'fading'],
      ['b', 'fading'],
      ['c', 'shown'],
    ]);
    expect(overlayAt(list, CHAT_GONE_AFTER_MS).map((l) => l.id)).toEqual(['c']);
    expect(overlayAt(list, 2000 + CHAT_GONE_AFTER_MS)).toEqual([]);
  });

  test('hidden arrivals (a sender muted since) make room for the ones before them', () => {
    const list = addArrivals([], ['a', 'b', 'c', 'd'], 0);
    expect(overlayAt(list, 1, (id) => id !== 'd').map((l) => l.id)).toEqual(['a', 'b', 'c']);
  });

  test('the next phase change is the nearest fade or end still ahead', () => {
    const list = [at('a', 0), at('b', 3000)];
    expect(nextChangeIn(list, 0)).toBe(CHAT_FADE_AFTER_MS);
    expect(nextChangeIn(list, CHAT_FADE_AFTER_MS)).toBe(CHAT_GONE_AFTER_MS - CHAT_FADE_AFTER_MS);
    expect(nextChangeIn(list, 3000 + CHAT_FADE_AFTER_MS)).toBe(CHAT_GONE_AFTER_MS - CHAT_FADE_AFTER_MS);
    expect(nextChangeIn(list, 3000 + CHAT_GONE_AFTER_MS)).toBeNull();
    expect(nextChangeIn([], 0)).toBeNull();
  });
});
