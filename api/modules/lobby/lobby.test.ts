import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, repositories, type Database } from '../../../db/index.ts';
import { sql } from 'drizzle-orm';
import { lobbyCounts, lobbyEntries } from '../../../db/schema/index.ts';
import { loadConfig } from '../../config.ts';
import { SESSION_COOKIE } from '../../contract/auth.ts';
import { IN_QUEUE_REASON, NOT_IN_LOBBY_MESSAGE, NO_LOBBY_REASON, type LobbyStatus } from '../../contract/lobby.ts';
import type { Services } from '../../services.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends, freshPostgresUrl } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { hashSessionToken, newSessionToken } from '../../http/session.ts';
import { expiryCutoff, lastSeenStaleBefore } from '../../game/lobby.ts';

/** A socket's heartbeat as the live audit sends it (api/live/connections.ts): true while the user holds a live entry. */
function heartbeat(services: Services, userId: string): Promise<boolean> {
  const now = services.now();
  const timeout = services.config.seatTimeoutMs;
  return services.repos.lobby.touch(userId, now, expiryCutoff(now, timeout), lastSeenStaleBefore(now, timeout));
}

/** A clock the tests move by hand; the server reads only this one. */
function testClock(start = Date.parse('2026-03-01T10:00:00.000Z')) {
  let t = start;
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}

interface Player extends TestClient {
  id: string;
  username: string;
}

/**
 * Users made straight in the database with a session cookie (no argon2: ~100 ms per sign-up would
 * dominate these tests). Everything else goes over HTTP like a browser. Registration itself is covered
 * by the auth tests.
 */
async function seedPlayers(
  server: TestServer,
  count: number,
  names: (i: number) => { displayName?: string; firstName?: string; email?: string } = () => ({}),
): Promise<Player[]> {
  const accounts = repositories(server.database.db).accounts;
  const expiresAt = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const username = uniqueName('lob');
      const user = await accounts.createUser({
        id: crypto.randomUUID(),
        username,
        usernameKey: username.toLowerCase(),
        passwordHash: 'not-a-real-hash',
        ...names(i),
      });
      const token = newSessionToken();
      await accounts.createSession(hashSessionToken(token), user!.id, expiresAt);
      const client = new TestClient(server.url) as Player;
      client.cookies.set(SESSION_COOKIE, token);
      client.id = user!.id;
      client.username = username;
      return client;
    }),
  );
}

/** POST /api/lobby/join-game's answers (with many worlds: the world, `seated`, and a null position for a seat). */
const seatedIn = (action: string, worldId = 'default') => ({ action, worldId, seated: true, position: null });
const queuedAt = (position: number) => ({ action: 'added_to_queue', worldId: null, seated: false, position });
/** GET /api/lobby/access's grant names the seat's world. */
const granted = { canAccessGame: true, worldId: 'default' };

const lobbyOf = (c: TestClient) => c.json<LobbyStatus>(c.get('/api/lobby'));
const join_ = (c: TestClient) => c.json(c.post('/api/lobby/join-game'));
const access = (c: TestClient) => c.json(c.get('/api/lobby/access'));

describe.each(backends())('lobby over HTTP on %s', (backend) => {
  const clock = testClock();
  let server: TestServer;
  let users: Player[];
  let a: Player, b: Player, c: Player, d: Player, e: Player;

  beforeAll(async () => {
    server = await startTestServer(backend, { maxPlayers: 2, seatTimeoutMs: 120_000, now: clock.now });
    users = await seedPlayers(
      server,
      5,
      (i) =>
        [
          { displayName: 'Ash', email: 'ash@example.com' },
          { firstName: 'Bea' },
          { email: 'cole@example.com' },
          { displayName: 'Dune' },
          {},
        ][i]!,
    );
    [a, b, c, d, e] = users as [Player, Player, Player, Player, Player];
  });
  afterAll(() => server.stop());
  beforeEach(async () => {
    await server.database.db.delete(lobbyEntries);
  });

  test('visitors get 401 Unauthorized on every lobby call', async () => {
    const visitor = new TestClient(server.url);
    for (const res of [
      await visitor.get('/api/lobby'),
      await visitor.get('/api/lobby/access'),
      await visitor.post('/api/lobby/join-game'),
      await visitor.post('/api/lobby/ready', { ready: true }),
      await visitor.post('/api/lobby/leave'),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  test('join: a free seat, then already in; a full lobby queues newcomers first come first served', async () => {
    expect(await join_(a)).toEqual(seatedIn('joined_lobby'));
    expect(await join_(a)).toEqual(seatedIn('already_in_lobby'));
    expect(await join_(b)).toEqual(seatedIn('joined_lobby'));
    expect(await join_(c)).toEqual(queuedAt(1));
    expect(await join_(d)).toEqual(queuedAt(2));
    // Asking again from the queue keeps the place, no second entry.
    expect(await join_(c)).toEqual(queuedAt(1));
    expect(await join_(d)).toEqual(queuedAt(2));

    const status = await lobbyOf(a);
    expect(status.maxPlayers).toBe(2);
    expect(status.players.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(status.queue.map((q) => [q.id, q.position])).toEqual([
      [c.id, 1],
      [d.id, 2],
    ]);
  });

  test('GET /api/lobby lists shown names (never an e-mail address), join time, ready flags and m:ss-able whole-second waits', async () => {
    const seatedAt = clock.now().toISOString();
    await join_(a);
    await join_(b);
    await join_(c);
    clock.advance(10_400);
    await join_(d);
    clock.advance(65_000);
    const res = await b.get('/api/lobby');
    const text = await res.text();
    const status = JSON.parse(text) as LobbyStatus;
    expect(status.players).toEqual([
      { id: a.id, name: 'Ash', joinedAt: seatedAt, isReady: false },
      { id: b.id, name: 'Bea', joinedAt: seatedAt, isReady: false },
    ]);
    expect(status.queue).toEqual([
      { id: c.id, name: c.username, position: 1, waitTime: 75 },
      { id: d.id, name: 'Dune', position: 2, waitTime: 65 },
    ]);
    // Other users' addresses are not in the answer at all, and neither is the caller's own.
    expect(text).not.toContain('@example.com');
    for (const viewer of [a, c]) expect(await (await viewer.get('/api/lobby')).text()).not.toContain('@example.com');
  });

  test('an authenticated user in neither list is joined by GET /api/lobby: a seat while free, else the queue', async () => {
    expect((await lobbyOf(a)).players.map((p) => p.id)).toEqual([a.id]);
    // Polling again changes nothing.
    expect((await lobbyOf(a)).players.map((p) => p.id)).toEqual([a.id]);
    expect((await lobbyOf(b)).players.map((p) => p.id)).toEqual([a.id, b.id]);
    const third = await lobbyOf(c);
    expect(third.players).toHaveLength(2);
    expect(third.queue.map((q) => [q.id, q.position])).toEqual([[c.id, 1]]);
    expect((await lobbyOf(c)).queue).toHaveLength(1);
    expect(await join_(c)).toEqual(queuedAt(1));
  });

  test('leaving frees the seat and the queue head is promoted at once; queue positions close up', async () => {
    for (const u of [a, b, c, d, e]) await join_(u);
    await b.post('/api/lobby/ready', { ready: true });
    expect(await c.json(a.post('/api/lobby/leave'))).toEqual({ left: 'lobby' });
    let status = await lobbyOf(b);
    expect(status.players.map((p) => p.id)).toEqual([b.id, c.id]);
    const promoted = status.players.find((p) => p.id === c.id)!;
    expect(promoted.isReady).toBe(false);
    expect(promoted.joinedAt).toBe(clock.now().toISOString());
    expect(status.queue.map((q) => [q.id, q.position])).toEqual([
      [d.id, 1],
      [e.id, 2],
    ]);
    expect(await access(c)).toEqual(granted);

    // A queued user leaving: the ones behind move up.
    expect(await d.json(d.post('/api/lobby/leave'))).toEqual({ left: 'queue' });
    status = await lobbyOf(b);
    expect(status.queue.map((q) => [q.id, q.position])).toEqual([[e.id, 1]]);
    // Leaving when in neither list is harmless.
    expect(await d.json(d.post('/api/lobby/leave'))).toEqual({ left: 'none' });
    // Someone who left and comes back joins at the back.
    expect(await join_(a)).toEqual(queuedAt(2));
  });

  test('ready: only the caller’s own flag, only with a seat; bad bodies are 400', async () => {
    await join_(a);
    await join_(b);
    await join_(c);
    expect(await a.json(a.post('/api/lobby/ready', { ready: true }))).toEqual({ isReady: true });
    // An extra field naming someone else does not reach them.
    expect((await b.post('/api/lobby/ready', { ready: true, userId: a.id, id: a.id })).status).toBe(200);
    expect(await b.json(b.post('/api/lobby/ready', { ready: false, userId: a.id }))).toEqual({ isReady: false });
    let players = (await lobbyOf(a)).players;
    expect(players.map((p) => [p.id, p.isReady])).toEqual([
      [a.id, true],
      [b.id, false],
    ]);
    expect(await a.json(a.post('/api/lobby/ready', { ready: false }))).toEqual({ isReady: false });
    players = (await lobbyOf(a)).players;
    expect(players.every((p) => !p.isReady)).toBe(true);

    // Queued, or in neither list: 409 with a message.
    for (const outsider of [c, e]) {
      const res = await outsider.post('/api/lobby/ready', { ready: true });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ message: NOT_IN_LOBBY_MESSAGE });
    }

    for (const body of [{}, { ready: 'yes' }, { ready: 1 }, { ready: null }, [], 'true']) {
      const res = await a.post('/api/lobby/ready', body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/^Invalid request/);
    }
    const malformed = await a.post('/api/lobby/ready', '{"ready": tru');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toMatch(/Malformed/);
  });

  test('access: a seat opens /game; the queue says so with its position; anyone else must join first', async () => {
    await join_(a);
    await join_(b);
    await join_(c);
    await join_(d);
    expect(await access(a)).toEqual(granted);
    expect(await access(c)).toEqual({ canAccessGame: false, reason: IN_QUEUE_REASON, queuePosition: 1 });
    expect(await access(d)).toEqual({ canAccessGame: false, reason: IN_QUEUE_REASON, queuePosition: 2 });
    expect(await access(e)).toEqual({ canAccessGame: false, reason: NO_LOBBY_REASON });
    // Asking for access never joins anybody.
    expect((await lobbyOf(a)).queue.map((q) => q.id)).toEqual([c.id, d.id]);
  });

  test('seat expiry: unseen for longer than the timeout loses the seat to the queue head; polling keeps it', async () => {
    await join_(a);
    await join_(b);
    await join_(c);
    await join_(d);
    clock.advance(100_000);
    // b and c and d poll (a page reload counts the same); a does not.
    await lobbyOf(b);
    await lobbyOf(c);
    await access(d);
    clock.advance(20_000); // a last seen exactly 120 s ago: still seated
    expect((await lobbyOf(b)).players.map((p) => p.id)).toEqual([a.id, b.id]);
    clock.advance(1);
    const status = await lobbyOf(b);
    expect(status.players.map((p) => p.id)).toEqual([b.id, c.id]);
    expect(status.queue.map((q) => [q.id, q.position])).toEqual([[d.id, 1]]);
    expect(await access(a)).toEqual({ canAccessGame: false, reason: NO_LOBBY_REASON });
    // a comes back: an ordinary newcomer at the back.
    expect((await lobbyOf(a)).queue.map((q) => [q.id, q.position])).toEqual([
      [d.id, 1],
      [a.id, 2],
    ]);
  });

  test('a queue place lapses too, and the ones behind move up', async () => {
    for (const u of [a, b, c, d, e]) await join_(u);
    clock.advance(60_000);
    for (const u of [a, b, e]) await lobbyOf(u);
    clock.advance(60_001);
    const status = await lobbyOf(a);
    expect(status.players.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(status.queue.map((q) => [q.id, q.position])).toEqual([[e.id, 1]]);
  });

  test('a heartbeat (what the live audit writes for an active socket) keeps a seat; it never revives a lapsed one', async () => {
    const services = {
      instanceId: 'test',
      config: server.config,
      database: server.database,
      repos: repositories(server.database.db),
      now: clock.now,
    } as Services;
    await join_(a);
    await join_(b);
    await join_(c);
    for (let i = 0; i < 4; i++) {
      clock.advance(50_000);
      expect(await heartbeat(services, a.id)).toBe(true);
      await lobbyOf(c);
    }
    // 200 s on: a kept the seat through its heartbeats alone; b lapsed and c took the seat.
    const status = await lobbyOf(c);
    expect(status.players.map((p) => p.id)).toEqual([a.id, c.id]);
    expect(await heartbeat(services, b.id)).toBe(false);
    expect(await heartbeat(services, e.id)).toBe(false);

    clock.advance(120_001);
    expect(await heartbeat(services, a.id)).toBe(false);
    expect(await access(a)).toEqual({ canAccessGame: false, reason: NO_LOBBY_REASON });
  });

  test('heartbeats within a tenth of the seat timeout leave the row as it was; a later one writes it', async () => {
    const services = {
      instanceId: 'test',
      config: server.config,
      database: server.database,
      repos: repositories(server.database.db),
      now: clock.now,
    } as Services;
    const version = async (id: string) => {
      const r = (await server.database.db.execute(
        sql`select xmin::text || '/' || ctid::text || '/' || last_seen_at::text as v from lobby_entries where user_id = ${id}`,
      )) as unknown as { rows?: { v: string }[] } & { v: string }[];
      return (r.rows ?? r)[0]!.v;
    };
    await join_(a);
    await join_(b);
    await join_(c);
    const seated = await version(a.id);
    const queued = await version(c.id);
    // 12 s of the 120 s timeout: polls, access checks, the socket's heartbeat and a repeated join write nothing.
    clock.advance(12_000);
    await lobbyOf(a);
    expect(await access(a)).toEqual(granted);
    expect(await heartbeat(services, a.id)).toBe(true);
    expect(await join_(a)).toEqual(seatedIn('already_in_lobby'));
    await lobbyOf(c);
    expect(await access(c)).toEqual({ canAccessGame: false, reason: IN_QUEUE_REASON, queuePosition: 1 });
    expect(await join_(c)).toEqual(queuedAt(1));
    expect(
      await services.repos.lobby.touchMany(
        [a.id, c.id],
        clock.now(),
        new Date(clock.now().getTime() - 120_000),
        lastSeenStaleBefore(clock.now(), 120_000),
      ),
    ).toEqual([]);
    expect([await version(a.id), await version(c.id)]).toEqual([seated, queued]);
    // A millisecond later the stored time is stale: the next heartbeat writes it, and the one after does not.
    clock.advance(1);
    expect(await access(a)).toEqual(granted);
    const written = await version(a.id);
    expect(written).not.toBe(seated);
    expect(await heartbeat(services, a.id)).toBe(true);
    expect(await version(a.id)).toBe(written);
  });
});

describe('lobby state survives a server restart', () => {
  async function scenario(open: () => Promise<Database>) {
    const clock = testClock();
    const first = await startTestServer('pglite', { database: await open(), maxPlayers: 2, now: clock.now });
    const [a, b, c] = (await seedPlayers(first, 3)) as [Player, Player, Player];
    for (const u of [a, b, c]) await join_(u);
    await b.post('/api/lobby/ready', { ready: true });
    clock.advance(30_000);
    await first.stop();
    await first.database.close();

    const second = await startTestServer('pglite', { database: await open(), maxPlayers: 2, now: clock.now });
    try {
      const [a2, c2] = [a, c].map((u) => {
        const moved = new TestClient(second.url);
        for (const [k, v] of u.cookies) moved.cookies.set(k, v);
        return moved;
      }) as [TestClient, TestClient];
      const status = await lobbyOf(c2);
      expect(status.players.map((p) => [p.id, p.isReady])).toEqual([
        [a.id, false],
        [b.id, true],
      ]);
      expect(status.queue).toEqual([expect.objectContaining({ id: c.id, position: 1, waitTime: 30 })]);
      expect(await access(a2)).toEqual(granted);
    } finally {
      await second.stop();
      await second.database.close();
    }
  }

  test('on a PGlite data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wl-lobby-restart-'));
    await scenario(() => openDatabase({ dataDir }));
  });

  test.if(Boolean(process.env.DATABASE_URL))('on the Postgres server', async () => {
    const url = await freshPostgresUrl();
    await scenario(() => openDatabase({ url }));
  });
});

describe('lobby configuration', () => {
  test('MAX_PLAYERS and LOBBY_SEAT_TIMEOUT_MS default to 20 seats and 2 minutes; nonsense is refused at start-up', () => {
    expect(loadConfig({})).toMatchObject({ maxPlayers: 20, seatTimeoutMs: 120_000 });
    expect(loadConfig({ MAX_PLAYERS: '2', LOBBY_SEAT_TIMEOUT_MS: '5000' })).toMatchObject({ maxPlayers: 2, seatTimeoutMs: 5000 });
    for (const env of [{ MAX_PLAYERS: '0' }, { MAX_PLAYERS: 'many' }, { MAX_PLAYERS: '2.5' }, { LOBBY_SEAT_TIMEOUT_MS: '-1' }]) {
      expect(() => loadConfig(env)).toThrow();
    }
  });
});

/**
 * Races, on the real Postgres server only: PGlite runs one query at a time and would hide them.
 * Every request below is in flight at once over real HTTP against a pool of connections.
 */
describe.if(Boolean(process.env.DATABASE_URL))('lobby under concurrency on the Postgres server', () => {
  const MAX = 20;
  const clock = testClock();
  let server: TestServer;
  let users: Player[];

  beforeAll(async () => {
    server = await startTestServer('postgres', { maxPlayers: MAX, now: clock.now });
    users = await seedPlayers(server, 60);
  });
  afterAll(() => server.stop());
  beforeEach(async () => {
    await server.database.db.delete(lobbyEntries);
  });

  /** The seat counts the triggers keep agree with the entries after the races. */
  async function expectCountsKept(seated: number, queued: number) {
    expect(await server.database.db.select({ seated: lobbyCounts.seated, queued: lobbyCounts.queued }).from(lobbyCounts)).toEqual(
      [{ seated, queued }],
    );
  }

  function expectConsistent(status: LobbyStatus, seated: number, queued: number) {
    expect(status.players).toHaveLength(seated);
    expect(status.queue.map((q) => q.position)).toEqual(Array.from({ length: queued }, (_, i) => i + 1));
    const ids = [...status.players.map((p) => p.id), ...status.queue.map((q) => q.id)];
    expect(new Set(ids).size).toBe(ids.length);
  }

  test('60 simultaneous joins: exactly maxPlayers seated, the rest queued with distinct positions 1..40', async () => {
    const answers = await Promise.all(users.map((u) => u.json(u.post('/api/lobby/join-game'))));
    expect(answers.filter((r) => r.action === 'joined_lobby')).toHaveLength(MAX);
    const positions = answers.filter((r) => r.action === 'added_to_queue').map((r) => r.position as number);
    expect(positions.sort((x, y) => x - y)).toEqual(Array.from({ length: 60 - MAX }, (_, i) => i + 1));
    const status = await lobbyOf(users[0]!);
    expectConsistent(status, MAX, 60 - MAX);
    await expectCountsKept(MAX, 60 - MAX);
    // The answers agree with the stored order.
    for (const [i, r] of answers.entries()) {
      if (r.action === 'added_to_queue') expect(status.queue[r.position - 1]!.id).toBe(users[i]!.id);
    }
  });

  test('60 simultaneous first polls (auto-join) and repeated joins: no overfill, no duplicates', async () => {
    const calls = users.flatMap((u, i) => (i % 3 === 0 ? [lobbyOf(u), join_(u)] : [lobbyOf(u)]));
    await Promise.all(calls);
    expectConsistent(await lobbyOf(users[0]!), MAX, 60 - MAX);
    await expectCountsKept(MAX, 60 - MAX);
  });

  test('simultaneous leaves, joins and expiry sweeps: free seats go to the queue head, never beyond maxPlayers', async () => {
    for (const u of users) await join_(u); // in order: users 0..19 seated, 20..59 queued
    // 10 seated players leave while 10 queued ones poll and 10 others ask to join again, all at once.
    const leavers = users.slice(0, 10);
    await Promise.all([
      ...leavers.map((u) => u.post('/api/lobby/leave')),
      ...users.slice(30, 40).map((u) => lobbyOf(u)),
      ...users.slice(45, 55).map((u) => join_(u)),
    ]);
    let status = await lobbyOf(users[10]!);
    expectConsistent(status, MAX, 30);
    expect(status.players.map((p) => p.id).sort()).toEqual(
      users
        .slice(10, 30)
        .map((u) => u.id)
        .sort(),
    );
    expect(status.queue.map((q) => q.id)).toEqual(users.slice(30).map((u) => u.id));

    // Everyone but five seated players polls; later the five lapse and 45 simultaneous polls all try to settle.
    const absent = users.slice(10, 15);
    const present = users.slice(15);
    clock.advance(100_000);
    await Promise.all(present.map((u) => lobbyOf(u)));
    clock.advance(30_000);
    await Promise.all(present.map((u) => lobbyOf(u)));
    status = await lobbyOf(users[20]!);
    expectConsistent(status, MAX, 25);
    await expectCountsKept(MAX, 25);
    expect(status.players.map((p) => p.id).sort()).toEqual(
      users
        .slice(15, 35)
        .map((u) => u.id)
        .sort(),
    );
    for (const u of absent) expect(await access(u)).toEqual({ canAccessGame: false, reason: NO_LOBBY_REASON });
  });
});
