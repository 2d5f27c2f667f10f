import { describe, expect, test } from 'bun:test';
import { Close, PROTOCOL_VERSION, WS_PING_INTERVAL_MS, reconnectDelayMs } from '../../../../api/contract/protocol.ts';
import { LiveClient, liveUrl, type LiveEnv, type LiveHandlers, type LiveStatus } from './client.ts';
import { parseServerMessage } from '../../../../api/contract/protocol.ts';

class FakeSocket {
  readyState = 0;
  sent: string[] = [];
  closed: { code?: number } | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closed = { code };
    this.readyState = 3;
  }
  // Test drivers
  serverSays(message: unknown) {
    this.readyState = 1;
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  drop(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number; id: number; repeat: boolean }[] = [];
  const logs: unknown[][] = [];
  const statuses: { status: LiveStatus; code?: number; attempt?: number }[] = [];
  const calls: string[] = [];
  let id = 0;
  const env: LiveEnv = {
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s as unknown as WebSocket;
    },
    setTimeout: (fn, ms) => {
      timers.push({ fn, ms, id: ++id, repeat: false });
      return id;
    },
    clearTimeout: (h) => void timers.splice(timers.findIndex((t) => t.id === h) >>> 0, 1),
    setInterval: (fn, ms) => {
      timers.push({ fn, ms, id: ++id, repeat: true });
      return id;
    },
    clearInterval: (h) => {
      const i = timers.findIndex((t) => t.id === h);
      if (i >= 0) timers.splice(i, 1);
    },
    log: (...args) => logs.push(args),
  };
  const handlers: LiveHandlers = {
    status: (status, d) => statuses.push({ status, code: d.code, attempt: d.attempt }),
    connected: (pid) => calls.push(`connected ${pid}`),
    playersList: (players) => calls.push(`players ${players.length}`),
    playerJoined: (p) => calls.push(`joined ${p.id}`),
    playerLeft: (pid) => calls.push(`left ${pid}`),
    playerMoved: (pid, x, y) => calls.push(`moved ${pid} ${x},${y}`),
    moveRejected: (x, y) => calls.push(`rejected ${x},${y}`),
    timeUpdate: (t) => calls.push(`time ${t.timeString}`),
    other: (m) => calls.push(`other ${m.type}`),
  };
  const client = new LiveClient('ws://x/ws?worldId=default', handlers, env);
  /** Runs the one pending retry timer and returns its delay. */
  const fireRetry = () => {
    const i = timers.findIndex((t) => !t.repeat);
    const [t] = timers.splice(i, 1);
    t!.fn();
    return t!.ms;
  };
  const connect = (s: FakeSocket) =>
    s.serverSays({ type: 'connected', protocolVersion: PROTOCOL_VERSION, worldId: 'default', playerId: 'me' });
  return { client, sockets, timers, logs, statuses, calls, fireRetry, connect };
}

describe('live connection', () => {
  test('the socket URL follows the page (ws or wss, same host)', () => {
    expect(liveUrl('default', { protocol: 'https:', host: 'game.example' })).toBe(
      `wss://game.example/ws?worldId=default&protocol=${PROTOCOL_VERSION}`,
    );
    expect(liveUrl('a b', { protocol: 'http:', host: 'localhost:3000' })).toBe(
      `ws://localhost:3000/ws?worldId=a%20b&protocol=${PROTOCOL_VERSION}`,
    );
  });

  test('dispatches each message to its typed handler', () => {
    const h = harness();
    h.client.start();
    const s = h.sockets[0]!;
    h.connect(s);
    s.serverSays({ type: 'players_list', players: [{ id: 'a', name: 'a', displayName: null, color: '#fff', x: 1, y: 2 }] });
    s.serverSays({ type: 'player_joined', player: { id: 'b', name: 'b', displayName: null, color: '#fff' } });
    s.serverSays({ type: 'player_moved', playerId: 'b', x: 3, y: 4 });
    s.serverSays({ type: 'move_rejected', x: 0, y: 0, reason: 'no' });
    s.serverSays({ type: 'time_update', time: { isDay: true, timeString: '12:00', visionMultiplier: 1, cyclePosition: 0.5 } });
    s.serverSays({ type: 'player_left', playerId: 'b' });
    s.serverSays({ type: 'inventory_updated' });
    s.serverSays({ type: 'pong', serverTime: 1 });
    expect(h.calls).toEqual([
      'connected me',
      'players 1',
      'joined b',
      'moved b 3,4',
      'rejected 0,0',
      'time 12:00',
      'left b',
      'other inventory_updated',
    ]);
    expect(h.statuses.map((x) => x.status)).toEqual(['connecting', 'open']);
    expect(h.client.isConnected).toBe(true);
    expect(h.client.send({ type: 'player_move', x: 1, y: 2 })).toBe(true);
    expect(JSON.parse(s.sent[0]!)).toEqual({ type: 'player_move', x: 1, y: 2 });
  });

  test('unparsable, unknown and malformed frames are only logged', () => {
    const h = harness();
    h.client.start();
    const s = h.sockets[0]!;
    h.connect(s);
    s.serverSays('not json');
    s.serverSays({ type: 'teleport', x: 1 });
    s.serverSays({ type: 'player_moved', playerId: 'b', x: 'far' });
    s.serverSays({ nope: true });
    expect(h.logs).toHaveLength(4);
    expect(h.calls).toEqual(['connected me']);
    expect(h.client.isConnected).toBe(true);
  });

  test('pings every 30 s while open', () => {
    const h = harness();
    h.client.start();
    h.connect(h.sockets[0]!);
    const ping = h.timers.find((t) => t.repeat)!;
    expect(ping.ms).toBe(WS_PING_INTERVAL_MS);
    ping.fn();
    expect(JSON.parse(h.sockets[0]!.sent.at(-1)!)).toEqual({ type: 'ping' });
    h.sockets[0]!.drop(1006);
    expect(h.timers.some((t) => t.repeat)).toBe(false);
  });

  test('reconnects after an abnormal close: 1, 2, 4, 8, 16 s, then gives up (the caller polls)', () => {
    const h = harness();
    h.client.start();
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      h.sockets.at(-1)!.drop(1006);
      delays.push(h.fireRetry());
    }
    expect(delays).toEqual([1, 2, 3, 4, 5].map(reconnectDelayMs));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000]);
    h.sockets.at(-1)!.drop(1006);
    expect(h.timers).toHaveLength(0);
    expect(h.statuses.at(-1)).toMatchObject({ status: 'closed' });
    expect(h.sockets).toHaveLength(6);
  });

  test('a successful connection resets the attempt count', () => {
    const h = harness();
    h.client.start();
    h.sockets[0]!.drop(1006);
    h.fireRetry();
    h.sockets[1]!.drop(1011);
    expect(h.fireRetry()).toBe(2000);
    h.connect(h.sockets[2]!);
    h.sockets[2]!.drop(Close.rateLimited);
    expect(h.fireRetry()).toBe(1000);
  });

  test.each([Close.normal, Close.replaced, Close.accessLost, Close.versionMismatch])(
    'no reconnect after close code %d',
    (code) => {
      const h = harness();
      h.client.start();
      h.connect(h.sockets[0]!);
      h.sockets[0]!.drop(code);
      expect(h.timers).toHaveLength(0);
      expect(h.statuses.at(-1)).toEqual({ status: 'closed', code, attempt: undefined });
    },
  );

  test('a server on another protocol version is left, without reconnecting', () => {
    const h = harness();
    h.client.start();
    h.sockets[0]!.serverSays({ type: 'connected', protocolVersion: PROTOCOL_VERSION + 1, worldId: 'default', playerId: 'me' });
    expect(h.sockets[0]!.closed).not.toBeNull();
    expect(h.client.isConnected).toBe(false);
    expect(h.statuses.at(-1)).toMatchObject({ status: 'closed', code: Close.versionMismatch });
    h.sockets[0]!.drop(1000);
    expect(h.timers).toHaveLength(0);
  });

  test('stop closes normally and cancels a pending retry', () => {
    const h = harness();
    h.client.start();
    h.sockets[0]!.drop(1006);
    expect(h.timers).toHaveLength(1);
    h.client.stop();
    expect(h.timers).toHaveLength(0);
    expect(h.client.send({ type: 'ping' })).toBe(false);
  });

  test('parseServerMessage accepts the union and nothing else', () => {
    expect(parseServerMessage('{"type":"pong","serverTime":1}')).toEqual({ ok: true, message: { type: 'pong', serverTime: 1 } });
    expect(parseServerMessage('{"type":"constructor"}').ok).toBe(false);
    expect(parseServerMessage(new ArrayBuffer(2)).ok).toBe(false);
    // The schema checks every field, not only the type: a move without finite coordinates is refused.
    expect(parseServerMessage('{"type":"player_moved","playerId":"a","x":1}').ok).toBe(false);
    expect(parseServerMessage('{"type":"players_moved","moves":[{"playerId":"a","x":1,"y":"2"}]}').ok).toBe(false);
    expect(parseServerMessage('{"type":"time_update","time":{"isDay":true}}').ok).toBe(false);
  });
});
