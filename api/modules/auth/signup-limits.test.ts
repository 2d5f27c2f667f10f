import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { DEFAULT_PASSWORD_HASH_QUEUE, defaultHashConcurrency, loadConfig } from '../../config.ts';
import { DEFAULT_SIGNUP_LIMIT_PER_ADDRESS, SIGNUP_WINDOW_MS } from '../../contract/auth.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { BUSY, BUSY_MESSAGE, PasswordHasher } from './passwords.ts';

const PASSWORD = 'correct horse battery';

describe('sign-up limit and password hashing in the configuration', () => {
  test('defaults, overrides and a clear error for nonsense', () => {
    const defaults = loadConfig({});
    expect(defaults.signupLimitPerAddress).toBe(DEFAULT_SIGNUP_LIMIT_PER_ADDRESS);
    expect(DEFAULT_SIGNUP_LIMIT_PER_ADDRESS).toBe(20);
    expect(SIGNUP_WINDOW_MS).toBe(10 * 60_000);
    expect(defaults.passwordHashConcurrency).toBe(defaultHashConcurrency());
    expect(defaults.passwordHashQueue).toBe(DEFAULT_PASSWORD_HASH_QUEUE);
    const set = loadConfig({ SIGNUP_LIMIT_PER_ADDRESS: '0', PASSWORD_HASH_CONCURRENCY: '3', PASSWORD_HASH_QUEUE: '0' });
    expect(set).toMatchObject({ signupLimitPerAddress: 0, passwordHashConcurrency: 3, passwordHashQueue: 0 });
    expect(() => loadConfig({ SIGNUP_LIMIT_PER_ADDRESS: '-1' })).toThrow(
      'SIGNUP_LIMIT_PER_ADDRESS must be a non-negative integer, got "-1"',
    );
    expect(() => loadConfig({ SIGNUP_LIMIT_PER_ADDRESS: 'many' })).toThrow(/SIGNUP_LIMIT_PER_ADDRESS/);
    expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow('PASSWORD_HASH_CONCURRENCY must be at least 1, got 0');
    expect(() => loadConfig({ PASSWORD_HASH_QUEUE: '1.5' })).toThrow(/PASSWORD_HASH_QUEUE/);
  });
});

describe('password hasher', () => {
  test('runs at most `concurrency` at once, queues up to `queue` in order, and refuses the rest at once', async () => {
    const hasher = new PasswordHasher(1, 2);
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => hasher.hash(`password ${i}`)));
    expect(results.filter((r) => r === BUSY)).toHaveLength(3);
    expect(results.slice(0, 3).every((r) => typeof r === 'string' && r.startsWith('$argon2id$'))).toBe(true);
    expect(hasher.peak).toBe(1);
    expect(hasher.stats).toEqual({ running: 0, queued: 0, busy: 3 });
    expect(await hasher.verify('password 0', results[0] as string)).toBe(true);
    expect(performance.now() - started).toBeGreaterThan(0);
  });
});

describe.each(backends())('sign-up limit per address on %s', (backend) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    // Two apps on one database, as two processes on one Postgres: the limit is counted in the database, once.
    a = await startTestServer(backend, { trustProxyHops: 1, signupLimitPerAddress: 3 });
    b = await startTestServer(backend, { database: a.database, trustProxyHops: 1, signupLimitPerAddress: 3 });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });
  const signUp = (server: TestServer, address: string) =>
    new TestClient(server.url).post(
      '/api/auth/register',
      { username: uniqueName('new'), password: PASSWORD },
      { 'x-forwarded-for': address },
    );

  test('past the limit a sign-up is 429 with Retry-After, whichever server it reaches, and creates nothing; another address is unaffected', async () => {
    const home = '198.51.100.40';
    const statuses = [];
    for (const server of [a, b, a, b, a]) statuses.push((await signUp(server, home)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const refused = await signUp(b, home);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(9 * 60);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(10 * 60);
    expect((await refused.json()).message).toBe('Too many new accounts from your network. Try again in 10 minutes.');
    expect((await signUp(a, '198.51.100.41')).status).toBe(201);
  });

  test('fifty sign-ups at once from one address make exactly the limit of accounts', async () => {
    const flood = await Promise.all(Array.from({ length: 50 }, (_, i) => signUp(i % 2 ? a : b, '198.51.100.42')));
    expect(flood.filter((r) => r.status === 201)).toHaveLength(3);
    expect(flood.filter((r) => r.status === 429)).toHaveLength(47);
  });

  test('SIGNUP_LIMIT_PER_ADDRESS=0 turns the limit off', async () => {
    const open = await startTestServer(backend, { database: a.database, trustProxyHops: 1, signupLimitPerAddress: 0 });
    try {
      for (let i = 0; i < 5; i++) expect((await signUp(open, '198.51.100.40')).status).toBe(201);
    } finally {
      await open.stop();
    }
  });
});

describe.each(backends())('password hashing cannot starve the game on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { passwordHashConcurrency: 1, passwordHashQueue: 8 });
  });
  afterAll(() => server?.stop());

  test('game calls answer while 50 sign-ups are in flight: one hash at a time, eight wait, the rest are 503 at once', async () => {
    const player = new TestClient(server.url);
    await player.register(uniqueName('player'));
    expect((await player.post('/api/lobby/join-game')).status).toBe(200);
    expect((await player.get('/api/player/current')).status).toBe(200);

    const flood = Promise.all(
      Array.from({ length: 50 }, () =>
        new TestClient(server.url).post('/api/auth/register', { username: uniqueName('flood'), password: PASSWORD }),
      ),
    );
    let done = false;
    void flood.then(() => {
      done = true;
    });
    const gameCalls: { status: number; ms: number }[] = [];
    while (!done) {
      const t = performance.now();
      const res = await player.get('/api/player/current');
      gameCalls.push({ status: res.status, ms: performance.now() - t });
    }
    const signUps = await flood;
    const created = signUps.filter((r) => r.status === 201).length;
    const busy = signUps.filter((r) => r.status === 503);
    console.log(
      `  ${created} created, ${busy.length} × 503; ${gameCalls.length} game calls meanwhile, slowest ${Math.max(...gameCalls.map((c) => c.ms)).toFixed(1)} ms`,
    );
    // The 50 arrive within a few ms, long before the first ~100 ms hash ends: one runs, eight wait, 41 are refused.
    expect(created).toBeGreaterThanOrEqual(9);
    expect(created + busy.length).toBe(50);
    expect(busy.length).toBeGreaterThanOrEqual(30);
    expect(Number(busy[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await busy[0]!.json()).message).toBe(BUSY_MESSAGE);
    expect(gameCalls.length).toBeGreaterThan(0);
    expect(gameCalls.every((c) => c.status === 200)).toBe(true);
    expect(Math.max(...gameCalls.map((c) => c.ms))).toBeLessThan(1000);
    // Refused sign-ups were never hashed, and the metrics say so; afterwards sign-ups go through again.
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toContain(`wasteland_password_busy_total ${busy.length}`);
    expect(metrics).toContain('wasteland_password_hashes_running 0');
    expect(
      (await new TestClient(server.url).post('/api/auth/register', { username: uniqueName('after'), password: PASSWORD })).status,
    ).toBe(201);
  });
});
