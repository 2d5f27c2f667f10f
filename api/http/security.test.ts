import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { TestClient, uniqueName } from '../testing/client.ts';
import { backends, openTestDatabase } from '../testing/databases.ts';
import { capturedLog } from '../testing/log.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';

/** What a server logged while `fn` ran: the JSON lines as written. */
async function capturingErrors(captured: ReturnType<typeof capturedLog>, fn: () => Promise<void>): Promise<string> {
  const from = captured.raw.length;
  await fn();
  return captured.raw.slice(from).join('\n');
}

describe.each(backends())('errors, outages and security headers on %s', (backend) => {
  let server: TestServer;
  const captured = capturedLog('warn');
  beforeAll(async () => {
    server = await startTestServer(backend, { log: captured.log });
  });
  afterAll(() => server.stop());

  test('a database error is logged with request id, route, error class and SQLSTATE only: no hash, e-mail or parameters', async () => {
    // A real failure: the insert of a new account violates a constraint added under the running server.
    await server.database.db.execute(
      sql.raw(`ALTER TABLE users ADD CONSTRAINT no_leak_test CHECK (email IS NULL OR email NOT LIKE '%@leak.example')`),
    );
    const client = new TestClient(server.url);
    const email = `secret-${Date.now()}@leak.example`;
    let res!: Response;
    const logged = await capturingErrors(captured, async () => {
      res = await client.post('/api/auth/register', { username: uniqueName('leak'), password: 'hunter2 hunter2', email });
    });
    await server.database.db.execute(sql.raw('ALTER TABLE users DROP CONSTRAINT no_leak_test'));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: 'Internal server error' });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged).toContain(`"requestId":"${id}"`);
    expect(logged).toContain('"method":"POST","route":"/api/auth/register"');
    expect(logged).toContain('"errorCode":"23514"');
    expect(logged).not.toContain('leak.example');
    expect(logged).not.toContain('$argon2');
    expect(logged).not.toContain('hunter2');
    expect(logged).not.toMatch(/params|insert into/i);
  });

  test('every answer carries its own request id', async () => {
    const a = await fetch(`${server.url}/api/health`);
    const b = await fetch(`${server.url}/`);
    const c = await fetch(`${server.url}/api/auth/user`);
    const ids = [a, b, c].map((r) => r.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
  });

  test('unknown routes answer 404 JSON {message} for every method', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      for (const path of ['/api/nope', '/nope', '/api/lobby/nope']) {
        const res = await fetch(server.url + path, { method, headers: { origin: server.url } });
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toContain('application/json');
        expect(await res.json()).toEqual({ message: `Not found: ${path}` });
      }
    }
    const api = await fetch(`${server.url}/api/nope`);
    expect(await api.json()).toEqual({ message: 'Not found: /api/nope' });
  });

  test('security headers on pages, assets and API answers; API answers are never cached', async () => {
    const client = new TestClient(server.url);
    await client.register(uniqueName('hdr'));
    const answers = {
      page: await fetch(`${server.url}/lobby`),
      gzippedPage: await fetch(`${server.url}/wiki`, { headers: { 'accept-encoding': 'gzip' } }),
      notFoundPage: await fetch(`${server.url}/no-such-page`),
      api: await client.get('/api/auth/user'),
      apiError: await fetch(`${server.url}/api/auth/user`),
      apiGzipped: await client.get('/api/lobby', { 'accept-encoding': 'gzip' }),
      refusal: await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { origin: 'https://evil.example' } }),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect([what, res.headers.get('x-content-type-options')]).toEqual([what, 'nosniff']);
      expect([what, res.headers.get('referrer-policy')]).toEqual([what, 'strict-origin-when-cross-origin']);
      expect([what, res.headers.get('content-security-policy')]).toEqual([
        what,
        expect.stringContaining("frame-ancestors 'none'"),
      ]);
      expect([what, res.headers.get('strict-transport-security')]).toEqual([what, null]);
      if (what.startsWith('api') || what === 'refusal')
        expect([what, res.headers.get('cache-control')]).toEqual([what, 'no-store']);
    }
    // The page policy allows exactly the page's inline scripts, by hash, and nothing inline otherwise.
    const html = readFileSync(join(server.config.siteDir, 'lobby', 'index.html'), 'utf8');
    const policy = answers.page.headers.get('content-security-policy')!;
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) =>
      createHash('sha256').update(m[1]!).digest('base64'),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const h of inline) expect(policy).toContain(`'sha256-${h}'`);
    expect(policy).not.toContain("'unsafe-inline' 'sha");
    expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
  });

  test('HSTS is sent when the public origin is https', async () => {
    const secure = await startTestServer(backend, { allowedOrigins: ['https://wasteland.example'], cookieSecure: true });
    try {
      for (const path of ['/', '/api/health', '/api/nope']) {
        const res = await fetch(secure.url + path);
        expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await secure.stop();
    }
  }, 30_000);

  test('while the database is unreachable the API answers 503 JSON with Retry-After, and logs no parameters', async () => {
    const database = await openTestDatabase(backend);
    const downLog = capturedLog('warn');
    const down = await startTestServer(backend, { database, log: downLog.log });
    try {
      const client = new TestClient(down.url);
      await client.register(uniqueName('out'));
      await database.close();
      const ids: string[] = [];
      const logged = await capturingErrors(downLog, async () => {
        for (const res of [
          await client.get('/api/auth/user'),
          await client.post('/api/auth/login', { username: 'someone', password: 'correct horse battery' }),
          await client.get('/api/lobby'),
        ]) {
          expect(res.status).toBe(503);
          expect(res.headers.get('retry-after')).toBe('5');
          expect(res.headers.get('cache-control')).toBe('no-store');
          expect((await res.json()).message).toMatch(/^Service unavailable/);
          ids.push(res.headers.get('x-request-id')!);
        }
      });
      for (const id of ids) expect(logged).toContain(`"requestId":"${id}"`);
      expect(logged).not.toMatch(/params|select |someone/i);
    } finally {
      await down.stop();
    }
  }, 30_000);
});
