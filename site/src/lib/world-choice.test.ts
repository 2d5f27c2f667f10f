import { describe, expect, test } from 'bun:test';
import { NO_LOBBY_REASON, NOT_SEATED_HERE_REASON } from '../../../api/game/lobby.ts';
import { afterAccess, firstPick, gameHref, worldOfUrl } from './world-choice.ts';

describe('which world /game opens', () => {
  test("the URL's ?world= when it is a plausible id, else none", () => {
    expect(worldOfUrl('?world=w-abc12345')).toBe('w-abc12345');
    expect(worldOfUrl('?x=1&world=default')).toBe('default');
    expect(worldOfUrl('')).toBeNull();
    expect(worldOfUrl('?world=')).toBeNull();
    expect(worldOfUrl('?world=%20%20')).toBeNull();
    expect(worldOfUrl(`?world=${'w'.repeat(65)}`)).toBeNull();
    expect(worldOfUrl(gameHref('a b&c').slice('/game'.length))).toBe('a b&c');
  });

  test("a world the URL names is pinned; without one, default until the seat's world is known", () => {
    expect(firstPick('?world=w-1')).toEqual({ worldId: 'w-1', pinned: true });
    expect(firstPick('')).toEqual({ worldId: 'default', pinned: false });
  });

  test('an unpinned pick follows the seat once; a named world is never left; other answers pin the pick', () => {
    const unpinned = firstPick('');
    const elsewhere = { canAccessGame: false, reason: NOT_SEATED_HERE_REASON, worldId: 'w-2' };
    expect(afterAccess(unpinned, elsewhere)).toEqual({ worldId: 'w-2', pinned: true });
    // Once followed (or named by the URL), a later move does not carry the page along: the refusal shows.
    expect(afterAccess({ worldId: 'w-2', pinned: true }, { ...elsewhere, worldId: 'w-3' })).toEqual({
      worldId: 'w-2',
      pinned: true,
    });
    expect(afterAccess(firstPick('?world=w-1'), elsewhere)).toEqual({ worldId: 'w-1', pinned: true });
    // Granted, queued, no seat at all: stay in default.
    expect(afterAccess(unpinned, { canAccessGame: true, worldId: 'default' })).toEqual({ worldId: 'default', pinned: true });
    expect(afterAccess(unpinned, { canAccessGame: false, reason: NO_LOBBY_REASON })).toEqual({
      worldId: 'default',
      pinned: true,
    });
    expect(afterAccess(unpinned, { canAccessGame: false, reason: NOT_SEATED_HERE_REASON })).toEqual({
      worldId: 'default',
      pinned: true,
    });
  });
});
