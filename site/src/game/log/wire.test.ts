import { beforeEach, describe, expect, test } from 'bun:test';
import type { WorldEvent } from '../../../../api/contract/protocol.ts';
import { $gameLog, resetGameStores } from '../../stores/game.ts';
import { LiveClient } from '../live/client.ts';
import { LiveEvents } from '../live/events.ts';
import { OfflinePolls } from '../live/offline.ts';
import { fakeLiveEnv } from '../live/test-socket.ts';
import { wireGameLog } from './wire.ts';

const event = (id: number, message: string, type: WorldEvent['type'] = 'join', second = id): WorldEvent => ({
  id,
  type,
  playerId: 'p',
  message,
  createdAt: `2026-01-01T00:00:${String(second).padStart(2, '0')}.000Z`,
});

const flush = () => new Promise((r) => setTimeout(r, 0));

function harness(initial: WorldEvent[] | undefined, stored: WorldEvent[]) {
  const fake = fakeLiveEnv();
  const live = new LiveEvents();
  const client = new LiveClient('ws://x/ws?worldId=default', live.handlers, fake.env);
  const offline = new OfflinePolls(3000, { set: () => 1, clear: () => {} });
  const requests: string[] = [];
  const failures: unknown[] = [];
  wireGameLog(
    { worldId: 'default', live, offline, onStop: () => {}, failed: (_what, err) => failures.push(err) },
    initial,
    async (worldId) => {
      requests.push(worldId);
      return stored;
    },
  );
  // The session switches polling with the connection (live/connection.ts); here directly.
  live.on('status', (status) => offline.set(status === 'reconnecting' || status === 'closed'));
  client.start();
  return { ...fake, requests, failures, messages: () => $gameLog.get().map((e) => e.message) };
}

describe('the Activity Log is the server’s game log', () => {
  beforeEach(() => resetGameStores());

  test('the listed events, then world_event frames; a frame for an event already listed shows once', () => {
    const h = harness([event(1, 'Ash entered the wasteland')], []);
    const s = h.sockets[0]!;
    s.connect();
    s.serverSays({ type: 'world_event', event: event(1, 'Ash entered the wasteland') });
    s.serverSays({ type: 'world_event', event: event(2, 'Bea entered the wasteland') });
    s.serverSays({ type: 'world_event', event: event(3, 'Bea discovered sector 1, 0', 'discover') });
    s.serverSays({ type: 'world_event', event: event(2, 'Bea entered the wasteland') });
    expect(h.messages()).toEqual(['Ash entered the wasteland', 'Bea entered the wasteland', 'Bea discovered sector 1, 0']);
    expect($gameLog.get().map((e) => e.type)).toEqual(['join', 'join', 'discover']);
    expect(h.requests).toEqual([]); // nothing to catch up on: the socket never went down
  });

  test('wired without a first list, it fetches one itself; a frame that comes first is kept, in time order', async () => {
    const h = harness(undefined, [event(1, 'Ash entered the wasteland'), event(2, 'Bea entered the wasteland')]);
    expect(h.requests).toEqual(['default']);
    const s = h.sockets[0]!;
    s.connect();
    s.serverSays({ type: 'world_event', event: event(3, 'Cal entered the wasteland') });
    await flush();
    expect(h.messages()).toEqual(['Ash entered the wasteland', 'Bea entered the wasteland', 'Cal entered the wasteland']);
  });

  test('player_joined and player_left frames write no line: only world_event does', () => {
    const h = harness([], []);
    const s = h.sockets[0]!;
    s.connect();
    s.serverSays({ type: 'player_joined', player: { id: 'b', name: 'bea', displayName: 'Bea', color: '#fff' } });
    s.serverSays({ type: 'player_left', playerId: 'b' });
    expect($gameLog.get()).toEqual([]);
  });

  test('while the socket is down /events is polled; when it is back, one more load fills the gap', async () => {
    const stored = [event(1, 'Ash entered the wasteland'), event(2, 'Bea left the wasteland', 'leave')];
    const h = harness([event(1, 'Ash entered the wasteland')], stored);
    h.sockets[0]!.connect();
    h.sockets[0]!.drop(1006);
    await flush();
    expect(h.requests).toEqual(['default']);
    expect(h.messages()).toEqual(['Ash entered the wasteland', 'Bea left the wasteland']);
    stored.push(event(3, 'Cal entered the wasteland'));
    h.fireRetry();
    h.sockets[1]!.connect();
    await flush();
    expect(h.requests).toEqual(['default', 'default']);
    expect(h.messages()).toEqual(['Ash entered the wasteland', 'Bea left the wasteland', 'Cal entered the wasteland']);
  });
});
