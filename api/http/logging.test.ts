import { afterEach, describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { TestClient, uniqueName } from '../testing/client.ts';
import { backends, freshPostgresUrl, openTestDatabase } from '../testing/databases.ts';
import { capturedLog } from '../testing/log.ts';
import { type ServerProcess, spawnServer } from '../testing/process.ts';
import { errorFields } from './errors.ts';

const PASSWORD = 'hunter2 correct horse';
type Line = Record<string, unknown>;

/** Every stdout line parsed: one that is not a JSON object fails the test. */
function lines(p: ServerProcess): Line[] {
  return p
    .stdout()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const parsed = JSON.parse(l) as Line;
      expect([l, typeof parsed, typeof parsed.level, typeof parsed.time, typeof parsed.msg]).toEqual([
        l,
        'object',
        'string',
        'string',
        'string',
      ]);
      return parsed;
    });
}

/** The access line of the request with this id, once the server has written it. */
async function accessLine(p: ServerProcess, requestId: string): Promise<Line> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = lines(p).find((l) => l.msg === 'request' && l.requestId === requestId);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no access line for ${requestId} in:\n${p.stdout()}`);
    await Bun.sleep(25);
  }
}

describe.each(backends())('JSON log lines of a server process on %s', (backend) => {
  const running: ServerProcess[] = [];
  const start = async (env: Record<string, string>) => {
    const url = backend === 'postgres' ? await freshPostgresUrl() : '';
    const p = await spawnServer({ DATABASE_URL: url, ...env });
    running.push(p);
    return { p, url };
  };
  afterEach(async () => {
    for (const p of running.splice(0)) await p.stop();
  });

  test('an access line per request carries the id returned in x-request-id, the route pattern, status, duration, client and user', async () => {
    const { p } = await start({ LOG_LEVEL: 'info' });
    const health = await fetch(`${p.url}/api/health`);
    const id = health.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await accessLine(p, id)).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/api/health',
      status: 200,
      durationMs: expect.any(Number),
      client: '127.0.0.1',
    });

    // A proxy's id is kept when it looks like one; anything else is replaced.
    const proxied = await fetch(`${p.url}/api/nope`, { headers: { 'x-request-id': 'edge-7f3a-0001' } });
    expect(proxied.headers.get('x-request-id')).toBe('edge-7f3a-0001');
    expect(await accessLine(p, 'edge-7f3a-0001')).toMatchObject({ route: '/*', status: 404 });
    const forged = await fetch(`${p.url}/api/health`, { headers: { 'x-request-id': 'x","level":"fatal' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const player = new TestClient(p.url);
    const invalid = await player.post('/api/auth/register', { username: 'x' });
    expect(invalid.status).toBe(400);
    expect(await accessLine(p, invalid.headers.get('x-request-id')!)).toMatchObject({
      method: 'POST',
      route: '/api/auth/register',
      status: 400,
    });
    const { id: userId } = await player.register(uniqueName('log'), { password: PASSWORD });
    const me = await player.get('/api/auth/user');
    expect(await accessLine(p, me.headers.get('x-request-id')!)).toMatchObject({ route: '/api/auth/user', status: 200, userId });
    const refused = await fetch(`${p.url}/api/auth/login`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(await accessLine(p, refused.headers.get('x-request-id')!)).toMatchObject({ route: '(unmatched)', status: 403 });

    expect(p.stdout()).not.toContain(PASSWORD);
    for (const value of player.cookies.values()) expect(p.stdout()).not.toContain(value);
    // Nothing but JSON on stdout, and nothing at all on stderr.
    lines(p);
    expect(p.output()).toBe(p.stdout());
  }, 60_000);

  test('LOG_LEVEL=warn: no access lines', async () => {
    const { p } = await start({ LOG_LEVEL: 'warn' });
    const ids: string[] = [];
    for (const path of ['/api/health', '/api/nope', '/']) ids.push((await fetch(p.url + path)).headers.get('x-request-id')!);
    await p.stop();
    expect(ids.every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
    expect(lines(p).filter((l) => l.level === 'info' || l.msg === 'request')).toEqual([]);
  }, 60_000);

  test.skipIf(backend !== 'postgres')(
    'a database failure: an error line with the request id, route, error class and SQLSTATE, and no parameters',
    async () => {
      const { p, url } = await start({ LOG_LEVEL: 'warn' });
      const admin = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(
          `ALTER TABLE users ADD CONSTRAINT log_leak_test CHECK (email IS NULL OR email NOT LIKE '%@leak.example')`,
        );
        const email = `secret-${Date.now()}@leak.example`;
        const res = await new TestClient(p.url).post('/api/auth/register', {
          username: uniqueName('leak'),
          password: PASSWORD,
          email,
        });
        expect(res.status).toBe(500);
        const id = res.headers.get('x-request-id')!;
        const deadline = Date.now() + 10_000;
        while (!lines(p).some((l) => l.requestId === id) && Date.now() < deadline) await Bun.sleep(25);
        expect(lines(p).filter((l) => l.requestId === id)).toEqual([
          {
            level: 'error',
            time: expect.any(String),
            pid: p.pid,
            requestId: id,
            method: 'POST',
            route: '/api/auth/register',
            status: 500,
            errorClass: expect.stringMatching(/^DrizzleQueryError<PostgresError/),
            errorCode: '23514',
            msg: 'unexpected error',
          },
        ]);
        expect(p.stdout()).not.toContain('leak.example');
        expect(p.stdout()).not.toContain(PASSWORD);
        expect(p.stdout()).not.toMatch(/insert into|\$argon2|params/i);
      } finally {
        await admin.end();
      }
    },
    60_000,
  );
});

describe.each(backends())('the error serializer on %s', (backend) => {
  test('a failed query with bound parameters: its classes and SQLSTATE only, never its message or parameters', async () => {
    const database = await openTestDatabase(backend);
    const secret = 'sk-live-tok3n-do-not-log';
    let failure: unknown;
    try {
      await database.db.execute(sql`select ${secret}::int as n`);
    } catch (err) {
      failure = err;
    } finally {
      await database.close();
    }
    // The driver's message does name the value: exactly why it must never be logged.
    expect(`${(failure as Error).message} ${String((failure as Error).cause)}`).toContain(secret);
    expect(errorFields(failure)).toEqual({ errorClass: expect.stringMatching(/^DrizzleQueryError</), errorCode: '22P02' });

    const { log, raw, lines: logged } = capturedLog('info');
    log.error(errorFields(failure), '[npcs] simulation round failed');
    // A careless `{ err }` gets the same treatment instead of pino's message-and-stack serializer.
    log.error({ err: failure, requestId: 'r-1' }, 'unexpected error');
    expect(logged).toEqual([
      expect.objectContaining({ level: 'error', msg: '[npcs] simulation round failed', errorCode: '22P02' }),
      expect.objectContaining({ level: 'error', requestId: 'r-1', err: { errorClass: expect.any(String), errorCode: '22P02' } }),
    ]);
    expect(raw.join('\n')).not.toContain(secret);
    expect(raw.join('\n')).not.toMatch(/select|stack|"message"/i);
  });
});
