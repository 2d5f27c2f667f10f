import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Close, PROTOCOL_VERSION } from '../contract/protocol.ts';
import { TestClient, uniqueName } from '../testing/client.ts';
import { backends } from '../testing/databases.ts';
import { TestSocket } from '../testing/live.ts';
import { passableStep } from '../testing/steps.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';
import { loadCoreForBun, TILE_SIZE, Biome } from '../../core-wasm/index.ts';
import { players } from '../../db/schema/index.ts';

const SEED = 12345;

describe.each(backends())('live connection /ws on %s', (backend) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    server = await startTestServer(backend, { worldSeed: SEED });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server.stop();
  });

  /** A signed-in player with a lobby seat, and the world created. */
  async function seatedPlayer(): Promise<TestClient & { id: string }> {
    const c = new TestClient(server.url) as TestClient & { id: string };
    c.id = (await c.register(uniqueName('live'))).id;
    expect((await c.json(c.post('/api/lobby/join-game'))).action).toBe('joined_lobby');
    expect((await c.get('/api/world/default')).status).toBe(200);
    return c;
  }
  function open(c: TestClient | null, query?: string, headers?: Record<string, string>) {
    const s = TestSocket.open(server.url, c, query, headers);
    sockets.push(s);
    return s;
  }
  const stepFrom = (x: number, y: number, distance?: number) => passableStep(SEED, x, y, distance);

  test('two players see each other join, move and leave', async () => {
    const a = await seatedPlayer();
    const b = await seatedPlayer();
    const sa = open(a);
    const connected = await sa.next('connected');
    expect(connected).toMatchObject({ protocolVersion: PROTOCOL_VERSION, worldId: 'default', playerId: a.id });
    await sa.next('players_list');

    // b first enters where a stands: moves are told only to those in sight, and newcomers may land far apart.
    const at = await a.json(a.get('/api/player/current'));
    await server.database.db
      .insert(players)
      .values({ userId: b.id, worldId: 'default', name: 'beside', x: at.x, y: at.y, color: '#fff', isOnline: false });
    const sb = open(b);
    const list = await sb.next('players_list');
    expect(list.players.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
    const joined = await sa.next('player_joined', (m) => m.player.id === b.id);
    expect(joined.player.name).toBeString();

    const me = await a.json(a.get('/api/player/current'));
    const target = await stepFrom(me.x, me.y);
    sa.send({ type: 'player_move', ...target });
    const moved = await sb.next('player_moved', (m) => m.playerId === a.id && Math.abs(m.x - target.x) < 1e-9);
    expect(moved.y).toBeCloseTo(target.y);

    // The server writes the game log and sends each line as a world_event, after its write: wait for it while a's
    // socket is still open (a loaded machine writes it after the move has gone round).
    const entered = await sa.next('world_event', (m) => m.event.type === 'join' && m.event.playerId === b.id);
    expect(entered.event.message).toMatch(/entered the wasteland$/);

    sa.close();
    const left = await sb.next('player_left', (m) => m.playerId === a.id);
    expect(left.playerId).toBe(a.id);
    // A reload within the seat timeout (here: closing the socket) writes no "left" line yet.
    const events: { type: string; playerId: string }[] = await b.json(b.get('/api/world/default/events'));
    expect(events.some((e) => e.type === 'join' && e.playerId === b.id)).toBe(true);
    expect(events.some((e) => e.type === 'leave' && e.playerId === a.id)).toBe(false);
  });

  test('a page built for another protocol version is closed with 4002', async () => {
    const a = await seatedPlayer();
    const old = open(a, 'worldId=default&protocol=1');
    expect((await old.closed).code).toBe(Close.versionMismatch);
    const none = open(a, 'worldId=default&protocol=');
    expect((await none.closed).code).toBe(Close.versionMismatch);
  });

  test('a player far away does not get the moves; one beside the mover does', async () => {
    const mover = await seatedPlayer();
    const near = await seatedPlayer();
    const far = await seatedPlayer();
    // Put the far survivor ten chunks away before it ever enters the world.
    await server.database.db
      .insert(players)
      .values({ userId: far.id, worldId: 'default', name: 'far', x: 6400 * 10, y: 6400 * 10, color: '#fff', isOnline: false });
    const sMover = open(mover);
    await sMover.next('players_list');
    // The near one stands where the mover does: in its sight whatever the hour.
    const at = await mover.json(mover.get('/api/player/current'));
    await server.database.db
      .insert(players)
      .values({ userId: near.id, worldId: 'default', name: 'near', x: at.x, y: at.y, color: '#fff', isOnline: false });
    const sNear = open(near);
    const sFar = open(far);
    await Promise.all([sNear.next('players_list'), sFar.next('players_list')]);
    const farList = await sFar.next('players_list');
    const moverSeenFromFar = farList.players.find((p) => p.id === mover.id);
    expect(moverSeenFromFar).toBeDefined();
    expect(moverSeenFromFar!.x).toBeUndefined();

    const me = await mover.json(mover.get('/api/player/current'));
    const target = await stepFrom(me.x, me.y, 3);
    sMover.send({ type: 'player_move', ...target });
    await sNear.next('player_moved', (m) => m.playerId === mover.id && Math.abs(m.x - target.x) < 1e-9);
    // The far socket round-trips a ping after the move was fanned out: anything for it would have arrived first.
    sFar.send({ type: 'ping' });
    await sFar.next('pong');
    expect(sFar.received.some((m) => m.type === 'player_moved' && m.playerId === mover.id)).toBe(false);
  });

  test('a teleport is rejected with the authoritative position, over the socket and over REST', async () => {
    const c = await seatedPlayer();
    const s = open(c);
    await s.next('players_list');
    const before = await c.json(c.get('/api/player/current'));
    s.send({ type: 'player_move', x: before.x + 5000, y: before.y });
    const rejected = await s.next('move_rejected');
    expect(rejected).toMatchObject({ x: before.x, y: before.y });
    expect(rejected.reason).toMatch(/Too far/);

    const rest = await c.json(c.post('/api/player/move', { x: before.x + 5000, y: before.y }));
    expect(rest).toMatchObject({ accepted: false, x: before.x, y: before.y });
    const step = await stepFrom(before.x, before.y);
    const ok = await c.json(c.post('/api/player/move', step));
    expect(ok).toMatchObject({ accepted: true, x: step.x, y: step.y });
    expect(await c.json(c.get('/api/player/current'))).toMatchObject({ x: step.x, y: step.y });
  });

  test('crossing into a sector logs a discovery the first time and a move once it is explored', async () => {
    const core = await loadCoreForBun();
    const passable = (x: number, y: number) => {
      const b = core.biomeAt(SEED, Math.floor(x / TILE_SIZE), Math.floor(y / TILE_SIZE));
      return b !== Biome.water && b !== Biome.mountains;
    };
    let y = 2.5;
    while (!(passable(637.5, y) && passable(642.5, y))) y += 5;
    const c = await seatedPlayer();
    await server.database.db
      .insert(players)
      .values({ userId: c.id, worldId: 'default', name: 'walker', x: 637.5, y, color: '#fff', isOnline: false });
    expect((await c.json(c.post('/api/player/move', { x: 642.5, y }))).accepted).toBe(true);
    const explored = Buffer.from(new Uint8Array(2048).fill(1)).toString('base64');
    await c.post('/api/player/explored-tiles', {
      worldId: 'default',
      exploredTiles: [{ chunkX: 0, chunkY: Math.floor(y / 640), bits: explored }],
    });
    expect((await c.json(c.post('/api/player/move', { x: 637.5, y }))).accepted).toBe(true);
    let mine: { type: string; message: string }[] = [];
    for (let i = 0; i < 20 && mine.length < 2; i++) {
      await Bun.sleep(50);
      mine = (await c.json(c.get('/api/world/default/events'))).filter(
        (e: { playerId: string; type: string }) => e.playerId === c.id && e.type !== 'join',
      );
    }
    expect(mine.map((e) => e.type)).toEqual(['discover', 'move']);
    expect(mine[0]!.message).toMatch(/discovered sector 1, /);
  });

  test('malformed and unknown frames get an error frame and the socket lives on', async () => {
    const c = await seatedPlayer();
    const s = open(c);
    await s.next('players_list');
    for (const frame of ['not json', '{"type":"hack"}', '{"type":"player_move","x":"1","y":2}', '[]']) {
      s.send(frame);
    }
    await new Promise((r) => setTimeout(r, 200));
    const errors = s.received.filter((m) => m.type === 'error');
    expect(errors).toHaveLength(4);
    s.send({ type: 'ping' });
    expect((await s.next('pong')).serverTime).toBeNumber();
  });

  test('oversized frames close with 1009 and floods with the rate-limit code', async () => {
    const c = await seatedPlayer();
    const big = open(c);
    await big.next('players_list');
    big.send('x'.repeat(10_000));
    expect((await big.closed).code).toBe(Close.tooBig);

    const flood = open(c);
    await flood.next('players_list');
    for (let i = 0; i < 200; i++) flood.send({ type: 'ping' });
    expect((await flood.closed).code).toBe(Close.rateLimited);
  });

  test('a socket whose player gave up the seat is closed with 4003 at its next heartbeat', async () => {
    let clock = Date.now();
    const timed = await startTestServer(backend, { worldSeed: SEED, now: () => new Date(clock) });
    try {
      const c = new TestClient(timed.url);
      await c.register(uniqueName('leaver'));
      await c.post('/api/lobby/join-game');
      const s = TestSocket.open(timed.url, c);
      sockets.push(s);
      await s.next('players_list');
      await c.post('/api/lobby/leave');
      clock += 25_000;
      s.send({ type: 'ping' });
      expect((await s.closed).code).toBe(Close.accessLost);
    } finally {
      await timed.stop();
    }
  });

  test('visitors, a forged userId, a foreign Origin and players without a seat are refused', async () => {
    const c = await seatedPlayer();
    await expect(open(null).opened).rejects.toThrow();
    await expect(open(c, `worldId=default&userId=${crypto.randomUUID()}`).opened).rejects.toThrow();
    await expect(open(c, 'worldId=default', { origin: 'https://evil.example' }).opened).rejects.toThrow();
    const unseated = new TestClient(server.url);
    await unseated.register(uniqueName('noseat'));
    await expect(open(unseated).opened).rejects.toThrow();
    // The session's own userId is fine.
    const ok = open(c, `worldId=default&userId=${c.id}`);
    await ok.opened;
    await ok.next('connected');
  });
});
