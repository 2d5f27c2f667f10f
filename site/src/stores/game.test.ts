import { beforeEach, describe, expect, test } from 'bun:test';
import {
  $gameLog,
  $online,
  $onlineList,
  addLogEntries,
  LOG_LIMIT,
  logLocal,
  removeOnline,
  resetGameStores,
  setOnline,
  upsertOnline,
} from './game.ts';

const player = (id: string, name: string, displayName: string | null = null) => ({ id, name, displayName, color: '#fff' });

describe('game stores', () => {
  beforeEach(() => resetGameStores());

  test('the online list shows names (displayName, else the account name), sorted', () => {
    setOnline([player('1', 'zed'), player('2', 'amy', 'Bea')]);
    expect($onlineList.get()).toEqual([
      { id: '2', name: 'Bea' },
      { id: '1', name: 'zed' },
    ]);
    upsertOnline(player('3', 'cal'));
    upsertOnline({ ...player('1', 'zed'), displayName: 'Ash' });
    expect($onlineList.get().map((p) => p.name)).toEqual(['Ash', 'Bea', 'cal']);
    removeOnline('2');
    removeOnline('nobody');
    expect($online.get().size).toBe(2);
  });

  test('the game log keeps order, skips server events it already has, and keeps the last 100', () => {
    addLogEntries([
      { id: 2, type: 'move', message: 'b', at: '2026-01-01T00:00:02.000Z' },
      { id: 1, type: 'join', message: 'a', at: '2026-01-01T00:00:01.000Z' },
    ]);
    addLogEntries([{ id: 2, type: 'move', message: 'b', at: '2026-01-01T00:00:02.000Z' }]);
    expect($gameLog.get().map((e) => e.id)).toEqual([1, 2]);
    for (let i = 0; i < LOG_LIMIT + 5; i++)
      addLogEntries([
        {
          id: 100 + i,
          type: 'discover',
          message: `m${i}`,
          at: `2026-01-01T01:${String(i % 60).padStart(2, '0')}:${String(Math.floor(i / 60)).padStart(2, '0')}.000Z`,
        },
      ]);
    expect($gameLog.get()).toHaveLength(LOG_LIMIT);
  });

  test('a join heard on the socket and the same join from /events show once', () => {
    const at = new Date('2026-01-01T00:00:00.000Z');
    logLocal('join', 'Ash entered the wasteland', at);
    addLogEntries([{ id: 9, type: 'join', message: 'Ash entered the wasteland', at: '2026-01-01T00:00:01.500Z' }]);
    expect($gameLog.get()).toHaveLength(1);
    addLogEntries([{ id: 10, type: 'join', message: 'Ash entered the wasteland', at: '2026-01-01T00:30:00.000Z' }]);
    expect($gameLog.get()).toHaveLength(2);
  });
});
