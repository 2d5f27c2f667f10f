import { beforeEach, describe, expect, test } from 'bun:test';
import {
  $gameLog,
  $online,
  $onlineList,
  addLogEntries,
  addPersonalLogLine,
  LOG_LIMIT,
  removeOnline,
  resetGameStores,
  setOnline,
  toLogEntry,
  upsertOnline,
} from './game.ts';

const player = (id: string, name: string, displayName: string | null = null) => ({ id, name, displayName, color: '#fff' });

describe('game stores', () => {
  beforeEach(() => resetGameStores());

  test('the online list shows names (displayName, else the account name) with their colours, sorted', () => {
    setOnline([player('1', 'zed'), { ...player('2', 'amy', 'Bea'), color: '#e05a9c' }]);
    expect($onlineList.get()).toEqual([
      { id: '2', name: 'Bea', color: '#e05a9c' },
      { id: '1', name: 'zed', color: '#fff' },
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

  test('the same event from /events and from the socket shows once: only the server id counts', () => {
    const event = {
      id: 9,
      type: 'join' as const,
      playerId: 'a',
      message: 'Ash entered the wasteland',
      createdAt: '2026-01-01T00:00:01.500Z',
    };
    addLogEntries([toLogEntry(event)]); // GET /events
    addLogEntries([toLogEntry(event)]); // world_event on the socket
    expect($gameLog.get()).toHaveLength(1);
    // Two lines with the same words are two events (a second visit): both show.
    addLogEntries([toLogEntry({ ...event, id: 10, createdAt: '2026-01-01T00:00:02.000Z' })]);
    expect($gameLog.get().map((e) => e.id)).toEqual([9, 10]);
  });

  test('REST answers may carry Dates (Eden): the entry keeps ISO time', () => {
    const e = toLogEntry({ id: 1, type: 'move', playerId: null, message: 'm', createdAt: new Date('2026-01-01T00:00:00Z') });
    expect(e).toEqual({ id: 1, type: 'move', message: 'm', at: '2026-01-01T00:00:00.000Z' });
  });

  test('events arriving out of order are shown in time order (ties by id)', () => {
    addLogEntries([{ id: 3, type: 'move', message: 'c', at: '2026-01-01T00:00:05.000Z' }]);
    addLogEntries([
      { id: 2, type: 'move', message: 'b', at: '2026-01-01T00:00:01.000Z' },
      { id: 1, type: 'move', message: 'a', at: '2026-01-01T00:00:01.000Z' },
    ]);
    expect($gameLog.get().map((e) => e.message)).toEqual(['a', 'b', 'c']);
  });

  test('personal lines (raids, NPCs) take negative ids: a server event never hides one, and time orders them all', () => {
    addLogEntries([
      toLogEntry({ id: 1, type: 'join', playerId: 'a', message: 'Ash entered', createdAt: '2026-01-01T00:00:01.000Z' }),
    ]);
    addPersonalLogLine('raid', 'Raiders are coming to Haven!', new Date('2026-01-01T00:00:02.000Z'));
    addPersonalLogLine('npc', 'Ada left Haven: nobody fed them', new Date('2026-01-01T00:00:00.000Z'));
    addLogEntries([
      toLogEntry({ id: 2, type: 'leave', playerId: 'a', message: 'Ash left', createdAt: '2026-01-01T00:00:03.000Z' }),
    ]);
    expect($gameLog.get().map((e) => [e.type, e.message])).toEqual([
      ['npc', 'Ada left Haven: nobody fed them'],
      ['join', 'Ash entered'],
      ['raid', 'Raiders are coming to Haven!'],
      ['leave', 'Ash left'],
    ]);
    expect($gameLog.get().filter((e) => e.id < 0)).toHaveLength(2);
  });
});
