import { beforeEach, describe, expect, test } from 'bun:test';
import { Close, PROTOCOL_VERSION } from '../../../../api/contract/protocol.ts';
import { $connection, resetGameStores } from '../../stores/game.ts';
import { LiveClient } from './client.ts';
import { $playHere, wireConnection } from './connection.ts';
import { LiveEvents } from './events.ts';
import { OfflinePolls } from './offline.ts';
import { fakeLiveEnv } from './test-socket.ts';

/** The live client on fake sockets, wired to the connection state as the session wires it. */
function harness() {
  const fake = fakeLiveEnv();
  const live = new LiveEvents();
  const client = new LiveClient('ws://x/ws?worldId=default', live.handlers, fake.env);
  const intervals: { fn: () => void; ms: number }[] = [];
  const offline = new OfflinePolls(3000, {
    set: (fn, ms) => intervals.push({ fn, ms }) - 1,
    clear: (i) => void intervals.splice(i as number, 1),
  });
  const polls: number[] = [];
  offline.add((n) => void polls.push(n));
  const walking: boolean[] = [];
  let accessChecks = 0;
  const stop = wireConnection({
    live,
    offline,
    reconnect: () => client.start(),
    setWalking: (on) => walking.push(on),
    checkAccess: () => accessChecks++,
  });
  client.start();
  return { ...fake, client, offline, polls, walking, stop, accessChecks: () => accessChecks };
}

describe('connection state', () => {
  beforeEach(() => resetGameStores());

  test('open, then a dropped socket: Reconnecting… with polling, back to Live without it', () => {
    const h = harness();
    expect($connection.get()).toBe('connecting');
    h.sockets[0]!.connect();
    expect($connection.get()).toBe('open');
    expect(h.offline.active).toBe(false);
    h.sockets[0]!.drop(1006);
    expect($connection.get()).toBe('reconnecting');
    expect(h.offline.active).toBe(true);
    expect(h.polls).toEqual([1]);
    h.fireRetry();
    h.sockets[1]!.connect();
    expect($connection.get()).toBe('open');
    expect(h.offline.active).toBe(false);
  });

  test('taken over by another tab (4001): says so, stops polling and walking; Play here takes the game back', () => {
    const h = harness();
    h.sockets[0]!.connect();
    h.sockets[0]!.drop(1006); // polling while it reconnects…
    h.fireRetry();
    h.sockets[1]!.drop(Close.replaced, 'Connected from another tab'); // …then the other tab wins
    expect($connection.get()).toBe('replaced');
    expect(h.offline.active).toBe(false);
    expect(h.walking.at(-1)).toBe(false);
    expect(h.timers).toHaveLength(0); // no retry: it would only take the game from the other tab
    const playHere = $playHere.get();
    expect(playHere).not.toBeNull();

    playHere!();
    expect($playHere.get()).toBeNull();
    expect($connection.get()).toBe('connecting');
    expect(h.sockets).toHaveLength(3);
    h.sockets[2]!.connect();
    expect($connection.get()).toBe('open');
    expect(h.walking.at(-1)).toBe(true);
    expect(h.offline.active).toBe(false);
  });

  test('a newer server (4002, or its greeting says another protocol): update available, the game keeps polling', () => {
    const h = harness();
    h.sockets[0]!.drop(Close.versionMismatch, 'Protocol mismatch');
    expect($connection.get()).toBe('outdated');
    expect(h.offline.active).toBe(true);
    expect(h.timers).toHaveLength(0);
    expect($playHere.get()).toBeNull();

    const g = harness();
    g.sockets[0]!.serverSays({ type: 'connected', protocolVersion: PROTOCOL_VERSION + 1, worldId: 'default', playerId: 'me' });
    expect($connection.get()).toBe('outdated');
  });

  test('access lost (4003): the access check runs at once (the gate then shows the way to the lobby)', () => {
    const h = harness();
    h.sockets[0]!.connect();
    h.sockets[0]!.drop(Close.accessLost, 'Game access ended');
    expect(h.accessChecks()).toBe(1);
    expect(h.timers).toHaveLength(0);
  });

  test('after 5 failed attempts: Polling for good', () => {
    const h = harness();
    for (let i = 0; i < 6; i++) {
      h.sockets.at(-1)!.drop(1006);
      if (i < 5) h.fireRetry();
    }
    expect($connection.get()).toBe('polling');
    expect(h.offline.active).toBe(true);
  });

  test('the session ending clears Play here', () => {
    const h = harness();
    h.sockets[0]!.drop(Close.replaced);
    expect($playHere.get()).not.toBeNull();
    h.stop();
    expect($playHere.get()).toBeNull();
  });
});
