import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { openDatabase, repositories } from '../../../db/index.ts';
import { lobbyCounts, lobbyEntries, players, worlds } from '../../../db/schema/index.ts';
import { SESSION_COOKIE } from '../../contract/auth.ts';
import {
  NO_LOBBY_REASON,
  NOT_SEATED_HERE_REASON,
  UNKNOWN_WORLD_MESSAGE,
  WORLD_CLOSED_MESSAGE,
  WORLD_FULL_MESSAGE,
  type JoinGameResponse,
  type LobbyStatus,
  type WorldsList,
} from '../../contract/lobby.ts';
import { Close } from '../../contract/protocol.ts';
import { DEFAULT_WORLD_NAME } from '../../game/worlds.ts';
import type { Services } from '../../services.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends, freshPostgresUrl } from '../../testing/databases.ts';
import { TestSocket } from '../../testing/live.ts';
import { rawRequest } from '../../testing/raw-http.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { hashSessionToken, newSessionToken } from '../../http/session.ts';
import { closeWorld, openWorld, renameWorld } from '../worlds/service.ts';

/** Many worlds on one deployment, over real HTTP and sockets on both databases. */

interface Player extends TestClient {
  id: string;
}

/** Users made straight in the database with a session cookie (no argon2); everything else goes over HTTP. */
async function seedPlayers(server: TestServer, count: number): Promise<Player[]> {
  const accounts = repositories(server.database.db).accounts;
  const expiresAt = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  return Promise.all(
    Array.from({ length: count }, async () => {
      const username = uniqueName('wld');
      const user = await accounts.createUser({
        id: crypto.randomUUID(),
        username,
        usernameKey: username.toLowerCase(),
        passwordHash: 'not-a-real-hash',
      });
      const token = newSessionToken();
      await accounts.createSession(hashSessionToken(token), user!.id, expiresAt);
      const client = new TestClient(server.url) as Player;
      client.cookies.set(SESSION_COOKIE, token);
      client.id = user!.id;
      return client;
    }),
  );
}

const join = (c: TestClient, worldId?: string) =>
  c.json<JoinGameResponse>(c.post('/api/lobby/join-game', worldId === undefined ? undefined : { worldId }));
const worldsOf = (c: TestClient) => c.json<WorldsList>(c.get('/api/worlds'));
const access = (c: TestClient, worldId: string) => c.json(c.get(`/api/lobby/access?worldId=${worldId}`));
const seatOf = (r: JoinGameResponse) => {
  expect(r.seated).toBe(true);
  return r.worldId!;
};

function servicesOf(server: TestServer): Services {
  return {
    instanceId: 'test',
    config: server.config,
    database: server.database,
    repos: repositories(server.database.db),
    now: () => new Date(),
  } as Services;
}

describe.each(backends())('worlds in the lobby on %s', (backend) => {
  let server: TestServer;
  let u: Player[];
  const list = () => worldsOf(new TestClient(server.url));

  beforeAll(async () => {
    server = await startTestServer(backend, { maxPlayers: 2, worldsMax: 3, worldSeed: 12345 });
    u = await seedPlayers(server, 10);
  });
  afterAll(() => server.stop());
  beforeEach(async () => {
    await server.database.db.delete(lobbyEntries);
    await server.database.db.delete(players);
    await server.database.db.delete(worlds);
  });

  test('a world fills, then the next opens; the queue starts only once WORLDS_MAX worlds are full', async () => {
    expect(await join(u[0]!)).toEqual({ action: 'joined_lobby', worldId: 'default', seated: true, position: null });
    expect(seatOf(await join(u[1]!))).toBe('default');
    const second = seatOf(await join(u[2]!));
    expect(second).toMatch(/^w-[0-9a-z]{8}$/);
    expect(seatOf(await join(u[3]!))).toBe(second);
    const third = seatOf(await join(u[4]!));
    expect(third).not.toBe(second);
    expect(seatOf(await join(u[5]!))).toBe(third);
    expect(await join(u[6]!)).toEqual({ action: 'added_to_queue', worldId: null, seated: false, position: 1 });
    expect(await join(u[7]!)).toEqual({ action: 'added_to_queue', worldId: null, seated: false, position: 2 });

    // The public list: counts and states, oldest first, no player names; anyone may read it.
    const res = await new TestClient(server.url).get('/api/worlds');
    expect(res.status).toBe(200);
    const body = (await res.json()) as WorldsList;
    expect(body.worlds.map((w) => [w.id, w.seated, w.maxPlayers, w.state])).toEqual([
      ['default', 2, 2, 'full'],
      [second, 2, 2, 'full'],
      [third, 2, 2, 'full'],
    ]);
    expect(body.worlds[0]!.name).toBe(DEFAULT_WORLD_NAME);
    expect(new Set(body.worlds.map((w) => w.name)).size).toBe(3);
    expect(body).toMatchObject({ online: 6, open: 3 });
    expect(JSON.stringify(body)).not.toContain(u[0]!.id);

    // A world's lobby: its own seated players and the deployment's queue.
    const status = await u[2]!.json<LobbyStatus>(u[2]!.get(`/api/lobby?worldId=${second}`));
    expect(status).toMatchObject({ worldId: second, worldName: body.worlds[1]!.name, maxPlayers: 2 });
    expect(status.players.map((p) => p.id)).toEqual([u[2]!.id, u[3]!.id]);
    expect(status.queue.map((q) => [q.id, q.position])).toEqual([
      [u[6]!.id, 1],
      [u[7]!.id, 2],
    ]);
    // Without ?worldId= the caller's own world; an unknown one is a 404.
    expect((await u[4]!.json<LobbyStatus>(u[4]!.get('/api/lobby'))).worldId).toBe(third);
    expect((await u[4]!.get('/api/lobby?worldId=w-nowhere1')).status).toBe(404);

    // A freed seat goes to the queue head at once, in the world that freed it.
    await u[0]!.post('/api/lobby/leave');
    expect(await access(u[6]!, 'default')).toEqual({ canAccessGame: true, worldId: 'default' });
    expect((await join(u[7]!)).position).toBe(1);
  });

  test('a player goes back to the world where their survivor lives; others to the fullest (ties: the oldest)', async () => {
    seatOf(await join(u[0]!));
    seatOf(await join(u[1]!));
    const second = seatOf(await join(u[2]!));
    await u[0]!.post('/api/lobby/leave'); // default 1/2 and the second world 1/2: a tie
    await server.database.db.insert(players).values([
      { userId: u[3]!.id, worldId: 'default', name: 'old', x: 0, y: 0, color: '#fff', lastSeenAt: new Date(Date.now() - 60_000) },
      { userId: u[3]!.id, worldId: second, name: 'new', x: 0, y: 0, color: '#fff', lastSeenAt: new Date() },
    ]);
    // u3's most recently seen survivor lives in the second world; u4 has none and gets the oldest of the tie.
    expect(seatOf(await join(u[3]!))).toBe(second);
    expect(seatOf(await join(u[4]!))).toBe('default');
  });

  test('a requested world: seated there, 404 unknown, 409 full or closed, bad input 400; a seat can move', async () => {
    seatOf(await join(u[0]!));
    const unknown = await u[1]!.post('/api/lobby/join-game', { worldId: 'w-nowhere1' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: UNKNOWN_WORLD_MESSAGE });
    expect(await access(u[1]!, 'default')).toEqual({ canAccessGame: false, reason: NO_LOBBY_REASON });
    for (const bad of [{ worldId: 5 }, { worldId: '' }, { worldId: 'x'.repeat(65) }, { worldId: null }, [], 'x']) {
      const res = await u[1]!.post('/api/lobby/join-game', bad);
      expect(res.status).toBe(400);
    }
    expect(seatOf(await join(u[1]!, 'default'))).toBe('default');
    const full = await u[2]!.post('/api/lobby/join-game', { worldId: 'default' });
    expect(full.status).toBe(409);
    expect(await full.json()).toEqual({ message: WORLD_FULL_MESSAGE });
    const second = seatOf(await join(u[2]!));
    expect(seatOf(await join(u[3]!, second))).toBe(second);
    const third = seatOf(await join(u[4]!));
    // Asking for one's own world again is the same seat; asking for another with room moves the seat.
    expect(await join(u[0]!, 'default')).toMatchObject({ action: 'already_in_lobby', worldId: 'default' });
    expect(await join(u[0]!, third)).toEqual({ action: 'joined_lobby', worldId: third, seated: true, position: null });
    expect(await access(u[0]!, 'default')).toEqual({ canAccessGame: false, reason: NOT_SEATED_HERE_REASON, worldId: third });
    expect(await access(u[0]!, third)).toEqual({ canAccessGame: true, worldId: third });
    expect((await list()).worlds.map((w) => w.seated)).toEqual([1, 2, 2]);
  });

  test('a closed world admits nobody new, keeps its seated players and its data, and does not count against WORLDS_MAX', async () => {
    const services = servicesOf(server);
    seatOf(await join(u[0]!));
    seatOf(await join(u[1]!));
    const second = seatOf(await join(u[2]!));
    await server.database.db
      .insert(players)
      .values({ userId: u[2]!.id, worldId: second, name: 'stays', x: 0, y: 0, color: '#fff' });
    const closed = await closeWorld(services, second);
    expect(closed).toMatchObject({ ok: true, world: { id: second, seated: 1, state: 'closed' } });
    expect(await access(u[2]!, second)).toEqual({ canAccessGame: true, worldId: second });
    const refused = await u[3]!.post('/api/lobby/join-game', { worldId: second });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: WORLD_CLOSED_MESSAGE });
    // Placement skips it: a new world opens instead (two open of three allowed), then a third.
    const third = seatOf(await join(u[3]!));
    expect(third).not.toBe(second);
    seatOf(await join(u[4]!));
    const fourth = seatOf(await join(u[5]!));
    expect((await list()).worlds.map((w) => [w.id, w.state])).toEqual([
      ['default', 'full'],
      [second, 'closed'],
      [third, 'full'],
      [fourth, 'open'],
    ]);
    expect(await list()).toMatchObject({ online: 6, open: 3 });
    // Its data stays; an operator may rename it, and may open it again only below WORLDS_MAX.
    expect(await repositories(server.database.db).world.findWorld(second)).toMatchObject({ id: second, state: 'closed' });
    expect(await renameWorld(services, second, '  Quiet   Place ')).toMatchObject({ ok: true, world: { name: 'Quiet Place' } });
    expect(await renameWorld(services, 'quiet place', DEFAULT_WORLD_NAME)).toMatchObject({ ok: false, status: 409 });
    expect(await openWorld(services, 'Quiet Place')).toMatchObject({ ok: false, status: 409 });
    await closeWorld(services, fourth);
    expect(await openWorld(services, 'Quiet Place')).toMatchObject({ ok: true, world: { id: second, state: 'open' } });
    expect(seatOf(await join(u[6]!, second))).toBe(second);
    expect(await openWorld(services)).toMatchObject({ ok: false, status: 409 });
    expect(await closeWorld(services, 'no such world')).toMatchObject({ ok: false, status: 404 });
  });
});

describe.each(backends())('per-world access on REST and /ws on %s', (backend) => {
  let server: TestServer;
  let a: Player;
  let b: Player;
  let other: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(backend, { maxPlayers: 1, worldsMax: 2, worldSeed: 12345, seatTimeoutMs: 4_000 });
    [a, b] = (await seedPlayers(server, 2)) as [Player, Player];
    expect(seatOf(await join(a))).toBe('default');
    other = seatOf(await join(b));
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server.stop();
  });

  async function upgrade(c: TestClient, worldId: string) {
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return rawRequest(
      server.url,
      [
        `GET /ws?worldId=${worldId}&protocol=1 HTTP/1.1`,
        'upgrade: websocket',
        'connection: Upgrade',
        'sec-websocket-version: 13',
        'sec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==',
        `origin: ${server.url}`,
        `cookie: ${cookie}`,
      ].join('\r\n'),
    );
  }

  test('a seat in one world grants nothing in another: every world-scoped route answers 403', async () => {
    const calls = (w: string) => [
      () => b.get(`/api/player/current?worldId=${w}`),
      () => b.get(`/api/world/${w}/chunks?centerChunkX=0&centerChunkY=0`),
      () => b.get(`/api/world/${w}/chat`),
      () => b.get(`/api/player/inventory?worldId=${w}`),
      () => b.post('/api/forage', { worldId: w, playerX: 0, playerY: 0 }),
    ];
    for (const call of calls('default')) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: NOT_SEATED_HERE_REASON });
    }
    // No worldId on a route that takes ?worldId= means the default world: refused too.
    expect((await b.get('/api/player/current')).status).toBe(403);
    // In b's own world the same calls pass the guard.
    expect((await b.get(`/api/player/current?worldId=${other}`)).status).toBe(200);
    expect((await b.get(`/api/world/${other}/chunks?centerChunkX=0&centerChunkY=0`)).status).toBe(200);
    expect((await b.get(`/api/world/${other}/chat`)).status).toBe(200);
    // And a is refused in b's world; an unknown world is still the route's 404.
    const res = await a.get(`/api/world/${other}/chunks?centerChunkX=0&centerChunkY=0`);
    expect(res.status).toBe(403);
    expect((await a.get('/api/world/w-nowhere1/chunks?centerChunkX=0&centerChunkY=0')).status).toBe(404);
    // A route naming no world (by id) needs a seat somewhere.
    expect((await b.get('/api/npcs/generate-random')).status).toBe(200);
    // Its raw ?worldId= is checked as every declared one is (the fuzz found a NUL byte reaching Postgres: a 500).
    const hostile = await b.get('/api/settlements/4?worldId=a%00b');
    expect(hostile.status).toBe(400);
    expect(((await hostile.json()) as { message: string }).message).toStartWith('worldId ');
  });

  test('/ws?worldId= opens only the seat’s world; the upgrade for another is refused with 403', async () => {
    const refused = await upgrade(b, 'default');
    expect(refused.status).toBe(403);
    expect(refused.text).toContain(NOT_SEATED_HERE_REASON);
    expect((await upgrade(a, other)).status).toBe(403);
    const s = TestSocket.open(server.url, b, `worldId=${other}`);
    sockets.push(s);
    expect((await s.next('connected')).worldId).toBe(other);
  });

  test('moving the seat closes the old world’s socket and forgets its cached access at once', async () => {
    const s = TestSocket.open(server.url, a, 'worldId=default');
    sockets.push(s);
    await s.next('players_list');
    expect((await a.get('/api/player/current?worldId=default')).status).toBe(200); // cached as granted now
    await b.post('/api/lobby/leave');
    expect(await join(a, other)).toMatchObject({ action: 'joined_lobby', worldId: other });
    expect((await s.closed).code).toBe(Close.accessLost);
    const res = await a.get('/api/player/current?worldId=default');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: NOT_SEATED_HERE_REASON });
    expect((await a.get(`/api/player/current?worldId=${other}`)).status).toBe(200);
  });
});

/**
 * The race, on the Postgres server only (PGlite runs one query at a time and would hide it): every join in flight at
 * once over real HTTP, split over two servers with their own connection pools on one database (two processes' worth
 * of concurrency: only the database's lock orders them).
 */
describe.if(Boolean(process.env.DATABASE_URL))('worlds opened under concurrency on the Postgres server', () => {
  let first: TestServer;
  let second: TestServer;
  let users: Player[];

  beforeAll(async () => {
    const url = await freshPostgresUrl();
    const config = { maxPlayers: 20, worldsMax: 5, worldSeed: 12345 };
    first = await startTestServer('postgres', { ...config, database: await openDatabase({ url }) });
    second = await startTestServer('postgres', { ...config, database: await openDatabase({ url }) });
    users = await seedPlayers(first, 110);
  });
  afterAll(async () => {
    for (const s of [first, second]) {
      await s.stop();
      await s.database.close();
    }
  });

  test('100 simultaneous joins with 20 seats and room for 5 worlds: exactly 100 seated in exactly 5 worlds, none queued', async () => {
    const via = (c: Player, i: number) => (i % 2 === 0 ? c : c.at(second.url));
    const answers = await Promise.all(users.slice(0, 100).map((c, i) => join(via(c, i))));
    expect(answers.filter((r) => r.seated)).toHaveLength(100);
    const perWorld = new Map<string, number>();
    for (const r of answers) perWorld.set(r.worldId!, (perWorld.get(r.worldId!) ?? 0) + 1);
    expect([...perWorld.values()]).toEqual([20, 20, 20, 20, 20]);
    const listed = await worldsOf(new TestClient(second.url));
    expect(listed).toMatchObject({ online: 100, open: 5 });
    expect(listed.worlds.map((w) => [w.seated, w.state])).toEqual(Array(5).fill([20, 'full']));
    expect(new Set(listed.worlds.map((w) => w.id))).toEqual(new Set(perWorld.keys()));
    expect(await first.database.db.select({ seated: lobbyCounts.seated, queued: lobbyCounts.queued }).from(lobbyCounts)).toEqual([
      { seated: 100, queued: 0 },
    ]);
    // Ten more at once: no sixth world, the queue in arrival order 1..10.
    const late = await Promise.all(users.slice(100).map((c, i) => join(via(c, i))));
    expect(late.map((r) => r.position).sort((x, y) => x! - y!)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect((await worldsOf(new TestClient(first.url))).worlds).toHaveLength(5);
  });
});
