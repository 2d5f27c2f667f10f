import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { TestClient, uniqueName } from '../testing/client.ts';
import { backends, openTestDatabase } from '../testing/databases.ts';
import { TestSocket } from '../testing/live.ts';
import { familyOf, find, parseExposition, type Sample } from '../testing/prometheus.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';
import { passableStep } from '../testing/steps.ts';

const SEED = 4242;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

async function scrape(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/metrics`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseExposition(await res.text());
}

/** The value of the one sample `name{where}` (0 when absent). */
function value(samples: Sample[], name: string, where: Record<string, string> = {}): number {
  const found = find(samples, name, where);
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

/** Scrapes until `ok` holds: counts read from the live layer change a tick after the event. */
async function scrapeUntil(url: string, what: string, ok: (s: Sample[]) => boolean): Promise<Sample[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { samples } = await scrape(url);
    if (ok(samples)) return samples;
    if (Date.now() > deadline) throw new Error(`metrics never showed ${what}`);
    await Bun.sleep(50);
  }
}

describe.each(backends())('GET /metrics on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { worldSeed: SEED });
  });
  afterAll(() => server.stop());

  test('requests by route pattern and status, with latency histograms; process memory; every line in the format', async () => {
    const player = new TestClient(server.url);
    await player.register(uniqueName('met'));
    await player.post('/api/lobby/join-game');
    const world = await player.json(player.get('/api/world/default'));
    expect((await player.get(`/api/world/${world.id}/players`)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/nope`)).status).toBe(404);
    // Refused before routing (a foreign origin): counted, under no route.
    expect(
      (await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { origin: 'https://evil.example' } })).status,
    ).toBe(403);

    const { types, samples } = await scrape(server.url);
    for (const s of samples) expect([s.name, familyOf(s.name, types)]).toEqual([s.name, expect.any(String)]);
    expect(samples.filter((s) => !Number.isFinite(s.value))).toEqual([]);
    expect(types.get('wasteland_http_requests_total')).toBe('counter');
    expect(types.get('wasteland_http_request_duration_seconds')).toBe('histogram');

    const requests = (where: Record<string, string>) => value(samples, 'wasteland_http_requests_total', where);
    expect(requests({ method: 'GET', route: '/api/health', status: '200' })).toBeGreaterThanOrEqual(2);
    expect(requests({ method: 'POST', route: '/api/auth/register', status: '201' })).toBe(1);
    expect(requests({ method: 'GET', route: '/api/world/:worldId/players', status: '200' })).toBe(1);
    expect(requests({ method: 'GET', route: '/*', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(requests({ method: 'POST', route: '(unmatched)', status: '403' })).toBe(1);
    // Patterns only: no world id, user id or raw path becomes a label value.
    for (const s of samples) {
      for (const v of Object.values(s.labels)) expect(v).not.toMatch(UUID);
      expect(s.labels.route ?? '').not.toContain('/nope');
    }

    const health = { method: 'GET', route: '/api/health' };
    const buckets = find(samples, 'wasteland_http_request_duration_seconds_bucket', health);
    expect(buckets.length).toBeGreaterThan(5);
    const counts = buckets.map((b) => b.value);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(buckets.at(-1)!.labels.le).toBe('+Inf');
    expect(buckets.at(-1)!.value).toBe(value(samples, 'wasteland_http_request_duration_seconds_count', health));
    expect(value(samples, 'wasteland_http_request_duration_seconds_sum', health)).toBeGreaterThan(0);

    expect(value(samples, 'process_resident_memory_bytes')).toBeGreaterThan(1_000_000);
    expect(value(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(find(samples, 'wasteland_event_loop_delay_seconds').map((s) => s.labels.stat)).toEqual(['p50', 'p99', 'max']);
    expect(value(samples, 'wasteland_db_call_duration_seconds_count', { repo: 'accounts' })).toBeGreaterThan(0);
    expect(value(samples, 'wasteland_db_pool_size')).toBe(backend === 'postgres' ? 10 : 1);
    expect(find(samples, 'wasteland_info', { database: backend })).toHaveLength(1);
    if (backend === 'pglite') {
      // Postgres's WebAssembly heap in PGlite's worker: its 128 MiB floor at least (shared_buffers=16MB keeps it there).
      expect(value(samples, 'wasteland_pglite_wasm_heap_bytes')).toBeGreaterThanOrEqual(128 * 1024 * 1024);
      expect(value(samples, 'wasteland_pglite_worker_heap_bytes')).toBeGreaterThan(0);
    } else {
      expect(find(samples, 'wasteland_pglite_wasm_heap_bytes')).toHaveLength(0);
    }
  });

  test('a WebSocket session: live connections up and down, frames in and out by type, rooms, entities, move delivery', async () => {
    const player = new TestClient(server.url);
    await player.register(uniqueName('met'));
    await player.post('/api/lobby/join-game');
    await player.get('/api/world/default');
    const before = (await scrape(server.url)).samples;
    const framesIn = (s: Sample[], type: string) => value(s, 'wasteland_ws_frames_in_total', { type });
    const framesOut = (s: Sample[], type: string) => value(s, 'wasteland_ws_frames_out_total', { type });

    const socket = TestSocket.open(server.url, player);
    await socket.next('connected');
    await socket.next('players_list');
    socket.send({ type: 'ping' });
    await socket.next('pong');
    socket.send('not json');
    await socket.next('error');
    const me = await player.json(player.get('/api/player/current'));
    socket.send({ type: 'player_move', ...(await passableStep(SEED, me.x, me.y)) });

    const open = await scrapeUntil(
      server.url,
      'the move delivered',
      (s) => value(s, 'wasteland_live_move_delivery_seconds_count') > value(before, 'wasteland_live_move_delivery_seconds_count'),
    );
    expect(value(open, 'wasteland_ws_connections')).toBe(value(before, 'wasteland_ws_connections') + 1);
    expect(framesIn(open, 'ping') - framesIn(before, 'ping')).toBe(1);
    expect(framesIn(open, 'invalid') - framesIn(before, 'invalid')).toBe(1);
    expect(framesIn(open, 'player_move') - framesIn(before, 'player_move')).toBe(1);
    for (const type of ['connected', 'players_list', 'pong', 'error']) {
      expect([type, framesOut(open, type) - framesOut(before, type)]).toEqual([type, 1]);
    }
    expect(value(open, 'wasteland_live_rooms')).toBeGreaterThanOrEqual(1);
    expect(value(open, 'wasteland_live_entities', { world: 'default' })).toBeGreaterThanOrEqual(1);
    expect(value(open, 'wasteland_live_sockets', { world: 'default' })).toBe(
      value(before, 'wasteland_live_sockets', { world: 'default' }) + 1,
    );
    const upgrades = { method: 'GET', route: '/ws', status: '101' };
    expect(value(open, 'wasteland_http_requests_total', upgrades)).toBe(
      value(before, 'wasteland_http_requests_total', upgrades) + 1,
    );

    socket.close();
    await socket.closed;
    await scrapeUntil(
      server.url,
      'the connection closed',
      (s) => value(s, 'wasteland_ws_connections') === value(before, 'wasteland_ws_connections'),
    );
  });

  test('wasteland_db_call_failures_total counts what the database failed, not a refusal rolled back with a 409', async () => {
    const player = new TestClient(server.url);
    await player.register(uniqueName('met'));
    await player.post('/api/lobby/join-game');
    const me = await player.json(player.get('/api/player/current?worldId=default'));
    const failures = (s: Sample[], repo: string) => value(s, 'wasteland_db_call_failures_total', { repo });
    const before = (await scrape(server.url)).samples;

    // Founding without a shelter: refused inside the settlements repository's transaction.
    const refused = await player.post('/api/settlements', { worldId: 'default', name: uniqueName('Nowhere'), x: me.x, y: me.y });
    expect(refused.status).toBe(409);
    const afterRefusal = (await scrape(server.url)).samples;
    expect(failures(afterRefusal, 'settlements')).toBe(failures(before, 'settlements'));

    // The database itself failing: the table the game log reads is gone for one request.
    await server.database.db.execute(sql`alter table world_events rename to world_events_away`);
    try {
      expect((await player.get('/api/world/default/events')).status).toBe(500);
    } finally {
      await server.database.db.execute(sql`alter table world_events_away rename to world_events`);
    }
    const afterFailure = (await scrape(server.url)).samples;
    expect(failures(afterFailure, 'world')).toBe(failures(afterRefusal, 'world') + 1);
    expect((await player.get('/api/world/default/events')).status).toBe(200);
  });

  test('the NPC runner reports its rounds and its lag', async () => {
    const samples = await scrapeUntil(server.url, 'an NPC round', (s) => value(s, 'wasteland_npc_sim_rounds_total') > 0);
    expect(value(samples, 'wasteland_npc_sim_leading')).toBe(1);
    expect(find(samples, 'wasteland_npc_sim_lag_seconds')).toHaveLength(1);
    expect(find(samples, 'wasteland_npc_sim_last_round_phases')).toHaveLength(1);
  });

  test('METRICS_TOKEN: 401 without a token or with a wrong one, 200 with the right one', async () => {
    const guarded = await startTestServer(backend, { metricsToken: 'scrape-token-0123456789' });
    try {
      const without = await fetch(`${guarded.url}/metrics`);
      expect(without.status).toBe(401);
      expect(without.headers.get('www-authenticate')).toBe('Bearer');
      expect(await without.json()).toEqual({ message: 'Unauthorized' });
      for (const authorization of ['Bearer scrape-token-0123456780', 'Bearer scrape-token', 'Basic scrape-token-0123456789']) {
        expect([authorization, (await fetch(`${guarded.url}/metrics`, { headers: { authorization } })).status]).toEqual([
          authorization,
          401,
        ]);
      }
      const { samples } = await scrape(guarded.url, { authorization: 'Bearer scrape-token-0123456789' });
      expect(value(samples, 'wasteland_http_requests_total', { route: '/metrics', status: '401' })).toBe(4);
    } finally {
      await guarded.stop();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('bus lag between two servers on one Postgres database', () => {
  test('a batch published by one server is counted, with its lag, by the other', async () => {
    const database = await openTestDatabase('postgres');
    const a = await startTestServer('postgres', { database });
    const b = await startTestServer('postgres', { database });
    try {
      const player = new TestClient(a.url);
      await player.register(uniqueName('bus'));
      await player.post('/api/lobby/join-game');
      await player.get('/api/world/default');
      const socket = TestSocket.open(a.url, player);
      await socket.next('connected');
      const samples = await scrapeUntil(
        b.url,
        'a batch from the other server',
        (s) => value(s, 'wasteland_bus_lag_seconds_count') > 0,
      );
      expect(value(samples, 'wasteland_bus_received_total')).toBeGreaterThan(0);
      expect(value((await scrape(a.url)).samples, 'wasteland_bus_published_total')).toBeGreaterThan(0);
      socket.close();
      await socket.closed;
    } finally {
      await a.stop();
      await b.stop();
      await database.close();
    }
  }, 30_000);
});
