import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Database } from '../../db/index.ts';
import { rateBucketsRepo } from '../../db/repos/rate-buckets.ts';
import { TestClient, uniqueName } from '../testing/client.ts';
import { backends, openTestDatabase } from '../testing/databases.ts';
import type { Config } from '../config.ts';
import { NO_WRITE_LIMITS, startTestServer, type TestServer } from '../testing/server.ts';
import { capturedLog } from '../testing/log.ts';
import {
  SHARED_DOWN_LINE,
  SHARED_RETRY_MS,
  SHARED_UP_LINE,
  SharedBuckets,
  SharedLimiter,
  SyncedLimiter,
} from './shared-limits.ts';

const explored = Buffer.from(new Uint8Array(2048).fill(255)).toString('base64');
/** A bucket that does not refill within a test: what it allows is exactly its burst. */
const SLOW = 0.001;
const OFF = { perSecond: 0, burst: 1 };

/** Two limiters on one database stand for two processes: what one spends, the other must see. */
describe.each(backends())('limits shared through the database on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(() => database.close());
  const captured = capturedLog('info');
  const failures = () => captured.lines.filter((l) => l.msg === SHARED_DOWN_LINE);
  const deps = () => ({ repo: rateBucketsRepo(database.db), shared: new SharedBuckets(captured.log, 1000) });
  const t0 = 1_900_000_000_000;

  test('exact: checks spread over two processes get the burst once, and a refusal known locally needs no database', async () => {
    const limit = { perSecond: SLOW, burst: 5 };
    const real = rateBucketsRepo(database.db);
    let down = false;
    let asked = 0;
    const flaky = {
      ...real,
      take: (...args: Parameters<typeof real.take>) => {
        asked += 1;
        return down ? Promise.reject(new Error('connection lost')) : real.take(...args);
      },
    };
    const p1 = new SharedLimiter({ repo: flaky, shared: new SharedBuckets(captured.log, 1000) }, 'x:', limit);
    const p2 = new SharedLimiter(deps(), 'x:', limit);
    const waits = [];
    for (let i = 0; i < 8; i++) waits.push(await (i % 2 ? p2 : p1).take('alice', t0));
    expect(waits.map((w) => w === 0)).toEqual([true, true, true, true, true, false, false, false]);
    // Fifty at once over both: none gets through.
    const flood = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? p2 : p1).take('alice', t0)));
    expect(flood.every((w) => w > 0)).toBe(true);
    // p1 knows the bucket is empty: it refuses without asking the database (which is gone now).
    down = true;
    const before = asked;
    expect(await p1.take('alice', t0)).toBeGreaterThan(0);
    expect(asked).toBe(before);
    expect(failures()).toEqual([]);
    // A key it knows nothing about: the database fails, the check falls back to this process's own bucket.
    expect(await p1.take('erin', t0)).toBe(0);
    expect(failures()).toHaveLength(1);
    captured.lines.length = 0;
  });

  test('synced: a reconnect to the other process starts from what the first spent, and spends of both add up at each sync', async () => {
    const limit = { perSecond: 20, burst: 40 };
    const p1 = new SyncedLimiter(deps(), 'y:', limit);
    const p2 = new SyncedLimiter(deps(), 'y:', limit);
    // 35 frames on process 1, then the socket closes (a sync) and reopens on process 2 (a seed).
    for (let i = 0; i < 35; i++) expect(p1.take('carol', t0)).toBe(0);
    await p1.sync(t0);
    await p2.seed('carol', t0);
    const taken = Array.from({ length: 10 }, () => p2.take('carol', t0));
    expect(taken.filter((w) => w === 0)).toHaveLength(5);

    // Two processes, one user, 30 frames each inside one sync period: both let them through (each decides alone).
    // A sync carries what the others spent: p2, syncing after p1, refuses at once; p1 lets one more through on what
    // it knew, and its next sync stops it too. 61 of a burst of 40: the other process's share of one period.
    for (const p of [p1, p2]) for (let i = 0; i < 30; i++) expect(p.take('dave', t0)).toBe(0);
    await p1.sync(t0);
    await p2.sync(t0);
    expect(p2.take('dave', t0)).toBeGreaterThan(0);
    expect(p1.take('dave', t0)).toBe(0);
    await p1.sync(t0);
    expect(p1.take('dave', t0)).toBeGreaterThan(0);
    // 61 tokens spent of 40: 21 owed, plus one to spend, at 20 a second: 1.1 s (p2 knows of 60: 1.05 s).
    expect(p1.take('dave', t0 + 1050)).toBeGreaterThan(0);
    expect(p2.take('dave', t0 + 1000)).toBeGreaterThan(0);
    expect(p1.take('dave', t0 + 1100)).toBe(0);
    expect(failures()).toEqual([]);
  });

  test('a failing database: the shared bucket falls back to a local one that still limits, says so once, and once again when it answers', async () => {
    const limit = { perSecond: SLOW, burst: 3 };
    const log = capturedLog('info');
    // A database that went away: its calls fail with the driver's own error.
    const gone = await openTestDatabase(backend);
    await gone.close();
    const real = rateBucketsRepo(database.db);
    let repo = rateBucketsRepo(gone.db);
    let clock = 0;
    const shared = new SharedBuckets(log.log, 1000, () => clock);
    const limiter = new SharedLimiter(
      { repo: { ...real, take: (...args: Parameters<typeof real.take>) => repo.take(...args) }, shared },
      'fallback:',
      limit,
    );
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      waits.push(await limiter.take('frank', t0));
      clock += SHARED_RETRY_MS / 2;
    }
    // Allowed as far as the burst, then refused: this process's own bucket, never a failed write.
    expect(waits.map((w) => w === 0)).toEqual([true, true, true, false, false, false]);
    expect(log.lines.filter((l) => l.msg === SHARED_DOWN_LINE)).toHaveLength(1);
    expect(log.lines.find((l) => l.msg === SHARED_DOWN_LINE)).toMatchObject({ level: 'warn' });
    expect(log.lines.filter((l) => l.msg === SHARED_UP_LINE)).toHaveLength(0);
    // The database answers again: the next try finds it (once a second), logs it once, and the shared bucket decides.
    repo = real;
    clock += SHARED_RETRY_MS;
    expect(await limiter.take('grace', t0)).toBe(0);
    for (let i = 0; i < 3; i++) await limiter.take('grace', t0);
    expect(log.lines.filter((l) => l.msg === SHARED_UP_LINE)).toHaveLength(1);
    expect(log.lines.filter((l) => l.msg === SHARED_DOWN_LINE)).toHaveLength(1);
    expect(await real.read(['fallback:grace'])).toHaveProperty('size', 1);
  });

  test('a database call that never answers: the check decides locally within the time limit', async () => {
    const log = capturedLog('info');
    const real = rateBucketsRepo(database.db);
    const hanging = { ...real, take: () => new Promise<never>(() => {}) };
    const limiter = new SharedLimiter({ repo: hanging, shared: new SharedBuckets(log.log, 150) }, 'hang:', {
      perSecond: SLOW,
      burst: 2,
    });
    const started = performance.now();
    expect(await limiter.take('heidi', t0)).toBe(0);
    expect(performance.now() - started).toBeLessThan(1000);
    // While it is down, checks decide at once without asking the database again.
    expect(await limiter.take('heidi', t0)).toBe(0);
    expect(await limiter.take('heidi', t0)).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(log.lines.filter((l) => l.msg === SHARED_DOWN_LINE)).toHaveLength(1);
  });
});

/**
 * Two apps on one database (as two processes on one Postgres; PGlite too, in one process), each with its own
 * limiters: what is spent through one is spent for the other.
 */
describe.each(backends())('route limits across two servers on one database on %s', (backend) => {
  const servers: TestServer[] = [];
  let clock = new Date('2026-06-01T12:00:00Z');
  async function pair(limits: Partial<Config>): Promise<[TestServer, TestServer]> {
    const first = await startTestServer(backend, { database: servers[0]?.database, now: () => clock, ...limits });
    const second = await startTestServer(backend, { database: first.database, now: () => clock, ...limits });
    servers.push(first, second);
    return [first, second];
  }
  afterAll(async () => {
    for (const s of servers.reverse()) await s.stop();
  });
  function on(server: TestServer, c: TestClient): TestClient {
    const other = new TestClient(server.url);
    for (const [k, v] of c.cookies) other.cookies.set(k, v);
    return other;
  }
  async function seated(server: TestServer): Promise<TestClient> {
    const c = new TestClient(server.url);
    await c.register(uniqueName('lim'));
    expect((await c.post('/api/lobby/join-game')).status).toBe(200);
    return c;
  }

  test('explored-land saves split over two servers get the limit once (10 at once)', async () => {
    const [a, b] = await pair(NO_WRITE_LIMITS);
    const c = await seated(a);
    const save = (server: TestServer, i: number) =>
      on(server, c).post('/api/player/explored-tiles', {
        worldId: 'default',
        exploredTiles: [{ chunkX: i, chunkY: 0, bits: explored }],
      });
    const statuses = [];
    for (let i = 0; i < 14; i++) statuses.push((await save(i % 2 ? b : a, i)).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429, 429, 429]);
    // The game's clock refills it (one save per 3 s), on both.
    clock = new Date(clock.getTime() + 3000);
    expect((await save(b, 20)).status).toBe(200);
    expect((await save(a, 21)).status).toBe(429);
  });

  test('writes split over two servers get the per-user limit once', async () => {
    const [a, b] = await pair({ writeLimitPerUser: { perSecond: SLOW, burst: 4 }, writeLimitPerAddress: OFF });
    const c = await seated(a); // (the join is its first write)
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await on(i % 2 ? b : a, c).patch('/api/user/display-name', { displayName: `Lim ${i}` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });
});
