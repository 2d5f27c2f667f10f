import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Close } from '../contract/protocol.ts';
import { SESSION_TTL_MS } from '../contract/auth.ts';
import { TestClient, uniqueName } from '../testing/client.ts';
import { backends } from '../testing/databases.ts';
import { TestSocket } from '../testing/live.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';
import { aSweepFromNow } from '../testing/sweeps.ts';
import { until } from '../testing/until.ts';
import { InProcessBus } from './bus.ts';
import { LiveHub } from './hub.ts';
import { loadConfig } from '../config.ts';
import type { Services } from '../services.ts';
import { repositories } from '../../db/index.ts';

/** Sockets end with the access that opened them: logout, leaving, a lapsed seat or an expired session. */
describe.each(backends())('live access on %s', (backend) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];
  let clockOffset = 0;
  beforeAll(async () => {
    // A short seat timeout: the access audit runs every 500 ms. Housekeeping (leaves past the grace period) every
    // 100 ms, so a test waits for the grace period and not for the next round after it.
    server = await startTestServer(backend, {
      worldSeed: 12345,
      seatTimeoutMs: 2_000,
      writeBackIntervalMs: 100,
      now: () => new Date(Date.now() + clockOffset),
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server.stop();
  });

  async function seated(baseUrl = server.url): Promise<TestClient & { id: string }> {
    const c = new TestClient(baseUrl) as TestClient & { id: string };
    c.id = (await c.register(uniqueName('acc'))).id;
    await c.post('/api/lobby/join-game');
    expect((await c.get('/api/world/default')).status).toBe(200);
    return c;
  }
  async function open(c: TestClient, baseUrl = server.url) {
    const s = TestSocket.open(baseUrl, c);
    sockets.push(s);
    await s.next('players_list');
    return s;
  }
  const within = <T>(p: Promise<T>, ms: number) =>
    Promise.race([p, Bun.sleep(ms).then(() => Promise.reject(new Error(`not within ${ms} ms`)))]);

  test('a reload within the seat timeout writes no left or entered line; staying away past it writes one left line', async () => {
    const c = await seated();
    const events = async () =>
      (await repositories(server.database.db).world.recentEvents('default', 500)).filter((e) => e.playerId === c.id);
    const count = async (type: string) => (await events()).filter((e) => e.type === type).length;
    const first = await open(c);
    await first.next('world_event', (m) => m.event.type === 'join' && m.event.playerId === c.id);
    first.close();
    await first.closed;
    const reloaded = await open(c);
    // The server has taken the close in by now (or the reload replaced it unseen): a housekeeping round begun once
    // the grace period from here has passed would have written the left line of a reload taken for a leave.
    const graceOver = Date.now() + server.config.seatTimeoutMs;
    await until(() => Date.now() >= graceOver, { what: 'the grace period', timeoutMs: 2 * server.config.seatTimeoutMs });
    await aSweepFromNow(server.url);
    expect(await count('join')).toBe(1);
    expect(await count('leave')).toBe(0);
    reloaded.close();
    await until(async () => (await count('leave')) > 0, { what: 'the left line', timeoutMs: 10_000 });
    expect(await count('leave')).toBe(1);
    expect(await count('join')).toBe(1);
  }, 20_000);

  test('leaving the lobby closes the socket at once with 4003 and refuses REST game calls at once', async () => {
    const c = await seated();
    const s = await open(c);
    expect((await c.get('/api/player/current')).status).toBe(200);
    await c.post('/api/lobby/leave');
    expect((await within(s.closed, 400)).code).toBe(Close.accessLost);
    const after = await c.get('/api/player/current');
    expect(after.status).toBe(403);
    expect((await after.json()).message).toMatch(/lobby/);
  });

  test('signing out closes the socket at once and its moves are no longer heard', async () => {
    const c = await seated();
    const watcher = await seated();
    const s = await open(c);
    const w = await open(watcher);
    await c.get('/api/logout');
    expect((await within(s.closed, 400)).code).toBe(Close.normal);
    await w.next('player_left', (m) => m.playerId === c.id);
    await expect(TestSocket.open(server.url, c).opened).rejects.toThrow();
  });

  test('an application ping keeps the seat; a socket that says nothing loses it and is closed', async () => {
    const talker = await seated();
    const silent = await seated();
    const st = await open(talker);
    const ss = await open(silent);
    const pinger = setInterval(() => st.send({ type: 'ping' }), 300);
    try {
      // Protocol-level pings still flow on the silent socket; they must not renew its seat.
      const closed = await within(ss.closed, 4_000);
      expect(closed.code).toBe(Close.accessLost);
      expect(closed.reason).toMatch(/seat/);
      // The talker's seat outlived the 2 s timeout: its pings renewed it (the old 20 s renewal would not).
      expect((await talker.json(talker.get('/api/lobby/access'))).canAccessGame).toBe(true);
      expect(st.malformed).toEqual([]);
    } finally {
      clearInterval(pinger);
    }
  });

  test('a socket whose session expires is closed by the audit', async () => {
    const c = await seated();
    const s = await open(c);
    const pinger = setInterval(() => s.send({ type: 'ping' }), 300);
    try {
      clockOffset = SESSION_TTL_MS + 60_000;
      const closed = await within(s.closed, 2_000);
      expect(closed.code).toBe(Close.accessLost);
      expect(closed.reason).toMatch(/session/);
    } finally {
      clockOffset = 0;
      clearInterval(pinger);
    }
  });

  test('pong and error frames come alone, with no stray frame after them', async () => {
    const c = await seated();
    const s = await open(c);
    s.send({ type: 'ping' });
    s.send('not json');
    s.send({ type: 'ping' });
    await s.next('error');
    await Bun.sleep(200);
    expect(s.received.filter((m) => m.type === 'pong')).toHaveLength(2);
    expect(s.malformed).toEqual([]);
  });

  test('a user seated from the queue gets game access at once, not after a cached refusal', async () => {
    const solo = await startTestServer(backend, { worldSeed: 12345, maxPlayers: 1 });
    try {
      const first = await seated(solo.url);
      const second = new TestClient(solo.url);
      await second.register(uniqueName('q'));
      expect((await second.json(second.post('/api/lobby/join-game'))).action).toBe('added_to_queue');
      expect((await second.get('/api/player/current')).status).toBe(403);
      await first.post('/api/lobby/leave');
      await second.get('/api/lobby');
      expect((await second.get('/api/player/current')).status).toBe(200);
    } finally {
      await solo.stop();
    }
  });

  test('an unknown world id is a 404 and leaves no live state behind', async () => {
    const c = await seated();
    const res = await c.get('/api/player/current?worldId=no-such-world');
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('Unknown world');
    expect((await c.post('/api/player/move?worldId=nope', { x: 0, y: 0 })).status).toBe(404);
  });
});

test('the live hub opens no room for a world that does not resolve', async () => {
  const services = { now: () => new Date(), repos: {}, config: loadConfig({}) } as Services;
  const live = new LiveHub(
    services,
    async () => {
      throw Object.assign(new Error('Unknown world'), { status: 404 });
    },
    new InProcessBus('p1'),
    async () => () => ({ isDay: true, timeString: '12:00', visionMultiplier: 1, cyclePosition: 0.5 }),
  );
  const user = { id: 'u1', username: 'u1', displayName: null, firstName: null, email: null } as never;
  for (let i = 0; i < 100; i++) await expect(live.walker(user, `made-up-${i}`)).rejects.toThrow('Unknown world');
  expect(live.worldsTracked).toBe(0);
});
