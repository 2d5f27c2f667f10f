import { describe, expect, test } from 'bun:test';
import { Close, PROTOCOL_VERSION, WS_PING_INTERVAL_MS, reconnectDelayMs } from '../../../../api/contract/protocol.ts';
import { parseServerMessage } from '../../../../api/contract/protocol.ts';
import { LiveClient, liveUrl, type LiveHandlers, type LiveStatus } from './client.ts';
import { type FakeSocket, fakeLiveEnv } from './test-socket.ts';

function harness() {
  const { env, sockets, timers, logs, fireRetry } = fakeLiveEnv();
  const statuses: { status: LiveStatus; code?: number; attempt?: number }[] = [];
  const calls: string[] = [];
  const handlers: LiveHandlers = {
    status: (status, d) => statuses.push({ status, code: d.code, attempt: d.attempt }),
    connected: (pid) => calls.push(`connected ${pid}`),
    playersList: (players) => calls.push(`players ${players.length}`),
    playerJoined: (p) => calls.push(`joined ${p.id}`),
    playerUpdated: (p) => calls.push(`updated ${p.id}`),
    playerLeft: (pid) => calls.push(`left ${pid}`),
    playerMoved: (pid, x, y) => calls.push(`moved ${pid} ${x},${y}`),
    playerOutOfSight: (pid) => calls.push(`out of sight ${pid}`),
    moveRejected: (x, y) => calls.push(`rejected ${x},${y}`),
    timeUpdate: (t) => calls.push(`time ${t.timeString}`),
    worldEvent: (e) => calls.push(`event ${e.id} ${e.type} ${e.message}`),
    poiUpdated: (p) => calls.push(`poi ${p.id} ${p.currentSignificance}`),
    inventoryUpdated: () => calls.push('inventory'),
    settlementChanged: (st, created) => calls.push(`settlement ${st.name} ${created ? 'created' : 'updated'}`),
    chatMessage: (m) => calls.push(`chat ${m.displayName}: ${m.message}`),
    npcJourney: (j) => calls.push(`npc ${j.npcId} to ${j.targetX},${j.targetY} in ${j.duration} (${j.purpose})`),
    npcArrival: (a) => calls.push(`npc ${a.npcId} at ${a.x},${a.y}`),
    raidWarning: (w) => calls.push(`raid on ${w.settlementName} at ${w.arriveAt} (${w.strength})`),
    raidResult: (r) => calls.push(`raid on ${r.settlementName} ${r.raid.outcome}`),
    npcCondition: (c) => calls.push(`npc ${c.npcName} ${c.condition}`),
    craftDone: (d) => calls.push(`craft ${d.itemName} ${d.quantity}`),
    npcReturned: (b) => calls.push(`back ${b.npcName} ${b.items.length}`),
    bedNotice: (d) => calls.push(`bed ${d.kind} ${d.settlementName}`),
    buildingDecayed: (d) => calls.push(`decayed ${d.buildingName} ${d.level}`),
  };
  const client = new LiveClient('ws://x/ws?worldId=default', handlers, env);
  const connect = (s: FakeSocket) => s.connect();
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
    s.serverSays({ type: 'player_updated', player: { id: 'b', name: 'b', displayName: 'Bea', color: '#fff' } });
    s.serverSays({ type: 'move_rejected', x: 0, y: 0, reason: 'no' });
    s.serverSays({ type: 'time_update', time: { isDay: true, timeString: '12:00', visionMultiplier: 1, cyclePosition: 0.5 } });
    s.serverSays({ type: 'player_left', playerId: 'b' });
    s.serverSays({ type: 'players_moved', moves: [{ playerId: 'c', x: 5, y: 6 }] });
    s.serverSays({
      type: 'world_event',
      event: { id: 7, type: 'join', playerId: 'b', message: 'Bea entered the wasteland', createdAt: '2026-01-01T00:00:00.000Z' },
    });
    s.serverSays({ type: 'poi_updated', poi: { id: 'p1', currentSignificance: 2 } });
    s.serverSays({ type: 'inventory_updated' });
    const settlement = { id: 's1', worldId: 'default', name: 'Haven', x: 1, y: 2 };
    s.serverSays({ type: 'settlement_created', settlement });
    s.serverSays({ type: 'settlement_updated', settlement });
    s.serverSays({
      type: 'chat_message',
      message: {
        id: 'c1',
        playerId: 'b',
        displayName: 'Bea',
        message: 'hi',
        createdAt: '2026-01-01T00:00:00.000Z',
        channel: 'radio',
      },
    });
    s.serverSays({
      type: 'npc_movement_journey',
      npcId: 'n1',
      startX: 0,
      startY: 0,
      targetX: 9,
      targetY: 9,
      duration: 5,
      purpose: 'scavenge',
    });
    s.serverSays({ type: 'npc_arrival', npcId: 'n1', x: 9, y: 9 });
    s.serverSays({ type: 'bed_notice', kind: 'accepted', settlementId: '4', settlementName: 'Haven', who: 'Bea' });
    s.serverSays({
      type: 'building_decayed',
      settlementId: '4',
      settlementName: 'Haven',
      buildingId: '12',
      buildingName: 'Walls',
      level: 1,
    });
    s.serverSays({ type: 'pong', serverTime: 1 });
    expect(h.calls).toEqual([
      'connected me',
      'players 1',
      'joined b',
      'moved b 3,4',
      'updated b',
      'rejected 0,0',
      'time 12:00',
      'left b',
      'moved c 5,6',
      'event 7 join Bea entered the wasteland',
      'poi p1 2',
      'inventory',
      'settlement Haven created',
      'settlement Haven updated',
      'chat Bea: hi',
      'npc n1 to 9,9 in 5 (scavenge)',
      'npc n1 at 9,9',
      'bed accepted Haven',
      'decayed Walls 1',
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

  test('a world_event outside the contract (unknown event type, no id) never reaches the log', () => {
    const h = harness();
    h.client.start();
    const s = h.sockets[0]!;
    h.connect(s);
    s.serverSays({ type: 'world_event', event: { id: 1, type: 'party', playerId: null, message: 'x', createdAt: 'now' } });
    s.serverSays({ type: 'world_event', event: { type: 'join', playerId: null, message: 'x', createdAt: 'now' } });
    expect(h.calls).toEqual(['connected me']);
    expect(h.logs).toHaveLength(2);
  });

  test('taken over by another tab (4001): closed without retrying; start() connects afresh and takes it back', () => {
    const h = harness();
    h.client.start();
    h.connect(h.sockets[0]!);
    h.sockets[0]!.drop(Close.replaced, 'Connected from another tab');
    expect(h.statuses.at(-1)).toEqual({ status: 'closed', code: Close.replaced, attempt: undefined });
    expect(h.timers).toHaveLength(0);
    expect(h.client.isConnected).toBe(false);
    h.client.start(); // "Play here"
    expect(h.sockets).toHaveLength(2);
    expect(h.statuses.at(-1)).toMatchObject({ status: 'connecting' });
    h.connect(h.sockets[1]!);
    expect(h.statuses.at(-1)).toMatchObject({ status: 'open' });
    expect(h.client.isConnected).toBe(true);
  });

  test('start() after giving up begins a fresh run of 5 attempts, and drops a socket still open', () => {
    const h = harness();
    h.client.start();
    for (let i = 0; i < 6; i++) {
      h.sockets.at(-1)!.drop(1006);
      if (i < 5) h.fireRetry();
    }
    expect(h.statuses.at(-1)).toMatchObject({ status: 'closed' });
    h.client.start();
    h.sockets.at(-1)!.drop(1006);
    expect(h.statuses.at(-1)).toMatchObject({ status: 'reconnecting', attempt: 1 });
    const open = h.sockets.length;
    h.fireRetry();
    h.client.start();
    expect(h.sockets[open]!.closed).toEqual({ code: Close.normal });
    expect(h.sockets).toHaveLength(open + 2);
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
