import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../db/index.ts';
import {
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
  PASSWORD_IS_USERNAME,
  PASSWORD_TOO_COMMON,
  SESSION_COOKIE,
} from '../../contract/auth.ts';
import { accountsRepo } from '../../../db/repos/accounts.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends, freshPostgresUrl } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';

describe.each(backends())('accounts and sessions over HTTP on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.stop());
  const client = () => new TestClient(server.url);

  test('register signs in, /api/auth/user answers the user, logout ends the session', async () => {
    const c = client();
    const name = uniqueName('rex');
    const res = await c.post('/api/auth/register', {
      username: name,
      password: 'a long password',
      displayName: '  Rex  ',
      email: 'rex@example.com',
    });
    expect(res.status).toBe(201);
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toContain(`${SESSION_COOKIE}=`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    const me = await c.json(c.get('/api/auth/user'));
    expect(me).toMatchObject({ username: name, displayName: 'Rex', email: 'rex@example.com', firstName: null });

    const out = await c.get('/api/logout');
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/');
    const after = await c.get('/api/auth/user');
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: 'Unauthorized' });
  });

  test('a logged-out token cannot be replayed', async () => {
    const c = client();
    await c.register(uniqueName());
    const token = c.cookies.get(SESSION_COOKIE)!;
    await c.get('/api/logout');
    const replay = await fetch(`${server.url}/api/auth/user`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(replay.status).toBe(401);
  });

  test('sign in with the right password; wrong password and unknown user get the same 401', async () => {
    const name = uniqueName();
    await client().register(name);
    const c = client();
    const ok = await c.post('/api/auth/login', { username: name.toUpperCase(), password: 'correct horse battery' });
    expect(ok.status).toBe(200);
    expect((await c.json(c.get('/api/auth/user'))).username).toBe(name);

    const wrong = await client().post('/api/auth/login', { username: name, password: 'wrong password!' });
    const unknown = await client().post('/api/auth/login', { username: uniqueName('ghost'), password: 'wrong password!' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  test('a taken username is refused with 409, case-insensitively, and no second user is written', async () => {
    const name = uniqueName('dup');
    await client().register(name);
    const res = await client().post('/api/auth/register', { username: name.toUpperCase(), password: 'another password' });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/taken/);
  });

  test('invalid registrations get 400 with a readable message and create nothing', async () => {
    const c = client();
    for (const body of [
      { username: 'ab', password: 'long enough pw' },
      { username: 'has space', password: 'long enough pw' },
      { username: uniqueName(), password: 'short' },
      { username: uniqueName(), password: 'x'.repeat(129) },
      { username: uniqueName(), password: 'long enough pw', email: 'not-an-email' },
      { username: 42, password: 'long enough pw' },
      {},
    ]) {
      const res = await c.post('/api/auth/register', body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/^Invalid request/);
      expect(c.cookies.has(SESSION_COOKIE)).toBe(false);
    }
  });

  test('a common password or the username as password is refused with 400 and a clear message; containing the name is fine', async () => {
    const c = client();
    const name = uniqueName('Gecko');
    for (const [password, message] of [
      ['password', PASSWORD_TOO_COMMON],
      ['Password1', PASSWORD_TOO_COMMON],
      ['QWERTYUIOP', PASSWORD_TOO_COMMON],
      ['iloveyou', PASSWORD_TOO_COMMON],
      [name.toUpperCase(), PASSWORD_IS_USERNAME],
    ] as const) {
      const res = await c.post('/api/auth/register', { username: name, password });
      expect(res.status).toBe(400);
      // The rule's own sentence, as written for players: no "Invalid request:" in front of it.
      expect(await res.json()).toEqual({ message });
      expect(c.cookies.has(SESSION_COOKIE)).toBe(false);
    }
    // Nothing was created: the name is still free, and a password that merely contains it is accepted.
    const ok = await c.post('/api/auth/register', { username: name, password: `${name} rides at dawn` });
    expect(ok.status).toBe(201);
  });

  test('display name: trimmed, 1 to 32 characters, else 400', async () => {
    const c = client();
    await c.register(uniqueName());
    const ok = await c.patch('/api/user/display-name', { displayName: '  Dusty Pete ' });
    expect(ok.status).toBe(200);
    expect((await c.json(c.get('/api/auth/user'))).displayName).toBe('Dusty Pete');
    for (const displayName of ['   ', '', 'x'.repeat(33)]) {
      const bad = await c.patch('/api/user/display-name', { displayName });
      expect(bad.status).toBe(400);
    }
    expect((await c.json(c.get('/api/auth/user'))).displayName).toBe('Dusty Pete');
    expect((await client().patch('/api/user/display-name', { displayName: 'Nobody' })).status).toBe(401);
  });

  test('state-changing requests from a foreign Origin get 403; same origin and no Origin pass', async () => {
    const name = uniqueName();
    const forged = await client().post(
      '/api/auth/register',
      { username: name, password: 'a long password' },
      { origin: 'https://evil.example' },
    );
    expect(forged.status).toBe(403);
    expect((await forged.json()).message).toMatch(/Cross-origin/);
    // Nothing was written: the same username is still free.
    const c = client();
    await c.register(name);
    const forgedPatch = await c.patch('/api/user/display-name', { displayName: 'Hacked' }, { origin: 'http://evil.example' });
    expect(forgedPatch.status).toBe(403);
    expect((await c.json(c.get('/api/auth/user'))).displayName).toBeNull();
  });

  test('malformed JSON and oversized bodies get 4xx JSON, never 500', async () => {
    const c = client();
    const malformed = await c.post('/api/auth/login', '{"username": "x", ');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toMatch(/Malformed/);
    const huge = await c.post('/api/auth/register', { username: uniqueName(), password: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toMatch(/too large/);
  });

  test('unknown API paths answer JSON 404; unknown pages answer the 404 page', async () => {
    const api = await fetch(`${server.url}/api/does-not-exist`);
    expect(api.status).toBe(404);
    expect((await api.json()).message).toMatch(/Not found/);
    const page = await fetch(`${server.url}/no/such/page`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('404 Page Not Found');
  });

  test('GET /api/login sends visitors to the sign-in page and signed-in users to the lobby', async () => {
    const visitor = await client().get('/api/login');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toBe('/login');
    // The landing page's "Enter the Wasteland" opens the form on sign-up.
    expect((await client().get('/api/login?signup')).headers.get('location')).toBe('/login?mode=register');
    const c = client();
    await c.register(uniqueName());
    expect((await c.get('/api/login')).headers.get('location')).toBe('/lobby');
  });

  test('POST /api/player/logout needs a session', async () => {
    expect((await client().post('/api/player/logout')).status).toBe(401);
    const c = client();
    await c.register(uniqueName());
    const res = await c.post('/api/player/logout');
    expect(res.status).toBe(200);
  });

  test('ten failed sign-ins in a row for one username are answered 429, even with the right password', async () => {
    const name = uniqueName('brute');
    await client().register(name);
    const attacker = client();
    for (let i = 0; i < 10; i++) {
      // Without TRUST_PROXY a forged X-Forwarded-For changes nothing: every guess counts against the socket address.
      const res = await attacker.post(
        '/api/auth/login',
        { username: name, password: `guess number ${i}` },
        { 'x-forwarded-for': `198.51.100.${i}` },
      );
      expect(res.status).toBe(401);
    }
    const blocked = await client().post(
      '/api/auth/login',
      { username: name, password: 'correct horse battery' },
      { 'x-forwarded-for': '192.0.2.99' },
    );
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toMatch(
      /^Too many failed sign-in attempts for this account\. Try again in 15 minutes\.$/,
    );
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // Another account is not affected.
    const other = uniqueName();
    await client().register(other);
    expect((await client().post('/api/auth/login', { username: other, password: 'correct horse battery' })).status).toBe(200);
  });

  test('health reports the database kind', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, database: backend });
  });
});

describe.each(backends())('sign-in limits behind a trusted proxy on %s', (backend) => {
  const W = LOGIN_FAILURE_WINDOW_MS;
  let server: TestServer;
  let clock = new Date('2026-05-01T12:00:00Z');
  beforeAll(async () => {
    server = await startTestServer(backend, {
      trustProxyHops: 1,
      loginFailuresPerUsername: 15,
      loginFailuresPerAddress: 20,
      now: () => clock,
    });
  });
  afterAll(() => server.stop());
  /** A sign-in from `address`, as the proxy reports it (a client-written entry on the left is ignored). */
  const signIn = (address: string, username: string, password: string) =>
    new TestClient(server.url).post('/api/auth/login', { username, password }, { 'x-forwarded-for': `6.6.6.6, ${address}` });
  const statuses = (responses: Response[]) => {
    const tally: Record<number, number> = {};
    for (const r of responses) tally[r.status] = (tally[r.status] ?? 0) + 1;
    return tally;
  };

  test('a hundred concurrent wrong guesses from one address: ten are checked, the rest and then the right password get 429; the owner elsewhere signs in', async () => {
    const name = uniqueName('owner');
    await new TestClient(server.url).register(name);
    const burst = await Promise.all(Array.from({ length: 100 }, (_, i) => signIn('203.0.113.7', name, `wrong guess ${i}`)));
    expect(statuses(burst)).toEqual({ 401: LOGIN_FAILURE_LIMIT, 429: 100 - LOGIN_FAILURE_LIMIT });
    const locked = await signIn('203.0.113.7', name, 'correct horse battery');
    expect(locked.status).toBe(429);
    expect((await locked.json()).message).toMatch(/^Too many failed sign-in attempts for this account/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner, on another network, is not locked out by that attacker.
    expect((await signIn('198.51.100.20', name, 'correct horse battery')).status).toBe(200);
  });

  test('guesses spread over many addresses are capped per username (LOGIN_FAILURES_PER_USERNAME)', async () => {
    const name = uniqueName('target');
    await new TestClient(server.url).register(name);
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(`203.0.113.${100 + (i % 8)}`, name, `spread guess ${i}`)),
    );
    expect(statuses(guesses)).toEqual({ 401: 15, 429: 25 });
    // That cap holds for everyone, the owner included, until the window passes (the documented trade-off).
    expect((await signIn('192.0.2.44', name, 'correct horse battery')).status).toBe(429);
  });

  test('guesses at many unknown names from one address are capped per address, and the attempts table stays bounded and is pruned', async () => {
    const repo = accountsRepo(server.database.db);
    clock = new Date(clock.getTime() + W); // a fresh window for this test
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn('203.0.113.200', uniqueName('ghost'), `spray ${i}`)),
    );
    const tally = statuses(guesses);
    expect(tally).toEqual({ 401: 20, 429: 40 });
    const failure = guesses.find((r) => r.status === 429)!;
    expect((await failure.json()).message).toMatch(/^Too many failed sign-in attempts from your network/);
    // One counter for the address, one per name and one per (address, name) pair checked: refused guesses add none.
    expect(await repo.loginAttemptRows()).toBe(1 + 2 * 20);
    // Once the window has passed, the next write prunes the old counters and the address may try again.
    clock = new Date(clock.getTime() + W);
    expect((await signIn('203.0.113.200', uniqueName('ghost'), 'one more')).status).toBe(401);
    expect(await repo.loginAttemptRows()).toBe(3);
  });
});

describe('sessions survive a server restart', () => {
  /** Signs up on one server, stops it, opens a second on the same storage and presents the same cookie. */
  async function survivesRestart(backend: 'pglite' | 'postgres', open: () => ReturnType<typeof openDatabase>) {
    const first = await startTestServer(backend, { database: await open() });
    const c = new TestClient(first.url);
    await c.register(uniqueName());
    await first.stop();
    await first.database.close();
    const second = await startTestServer(backend, { database: await open() });
    try {
      const me = await new TestClient(second.url).get('/api/auth/user', {
        cookie: `${SESSION_COOKIE}=${c.cookies.get(SESSION_COOKIE)}`,
      });
      expect(me.status).toBe(200);
    } finally {
      await second.stop();
      await second.database.close();
    }
  }

  test('on a PGlite data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wl-restart-'));
    await survivesRestart('pglite', () => openDatabase({ dataDir }));
  });

  test.if(Boolean(process.env.DATABASE_URL))('on the Postgres server', async () => {
    const url = await freshPostgresUrl();
    await survivesRestart('postgres', () => openDatabase({ url }));
  });
});

describe('health', () => {
  test('answers 503 when the database does not answer', async () => {
    const server = await startTestServer('pglite');
    await server.database.close();
    try {
      const res = await fetch(`${server.url}/api/health`);
      expect(res.status).toBe(503);
      expect((await res.json()).ok).toBe(false);
    } finally {
      await server.stop().catch(() => {});
    }
  });
});
