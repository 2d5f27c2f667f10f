/**
 * Rate limits over two server processes on one Postgres database: write limits, REST moves,
 * explored-land saves, socket frames and sign-ups each hold once over both processes, not once per process. Needs
 * a Postgres server (DATABASE_URL); PGlite serves one process by design.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import postgres from 'postgres';
import { Close } from '../contract/protocol.ts';
import { EXPLORED_SAVES_BURST, REST_MOVES_BURST } from '../contract/world.ts';
import { WS_RATE_BURST, WS_RATE_PER_SECOND } from '../contract/live.ts';
import { TestClient, uniqueName } from '../testing/client.ts';
import { freshPostgresUrl, describeOnPostgres } from '../testing/databases.ts';
import { TestSocket } from '../testing/live.ts';
import { spawnServer, type ServerProcess } from '../testing/process.ts';
import { until } from '../testing/until.ts';
import { DEFAULT_WRITE_LIMIT_PER_USER } from './rate-limit.ts';

const TERRAIN_BURST = 20;
const explored = Buffer.from(new Uint8Array(2048).fill(255)).toString('base64');

describeOnPostgres('rate limits over two processes on one Postgres database', () => {
  let p1: ServerProcess;
  let p2: ServerProcess;
  let pg: postgres.Sql;
  const sockets: TestSocket[] = [];
  let url: string;
  beforeAll(async () => {
    url = await freshPostgresUrl();
    pg = postgres(url, { max: 1, onnotice: () => {} });
    // The production write limits (20/s, bursts of 40 per user); 4 sign-ups per address for the sign-up test; terrain
    // reads held to bursts of 20, regained one per 10 s, so their test counts exactly however slow the machine is.
    const env = {
      DATABASE_URL: url,
      TRUST_PROXY: '1',
      SIGNUP_LIMIT_PER_ADDRESS: '4',
      TERRAIN_READ_RATE_PER_USER: '0.1',
      TERRAIN_READ_BURST_PER_USER: String(TERRAIN_BURST),
    };
    // One after the other (on a database without the run's template both would race to apply the migrations), with
    // time for it: a loaded 2-core machine has taken 30 s to start one server.
    p1 = await spawnServer(env);
    p2 = await spawnServer(env);
  }, 90_000);
  afterAll(async () => {
    for (const s of sockets) if (s.ws.readyState <= 1) s.close();
    await Promise.all([p1?.stop(), p2?.stop()]);
    await pg?.end();
  });

  let addresses = 0;
  /** A seated player behind its own address (each test its own, so the per-address buckets never mix). */
  async function seated(): Promise<{ c: TestClient; address: string; id: string }> {
    const address = `198.51.100.${++addresses}`;
    const c = new TestClient(p1.url);
    const res = await c.post(
      '/api/auth/register',
      { username: uniqueName('tp'), password: 'correct horse battery' },
      { 'x-forwarded-for': address },
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect((await c.post('/api/lobby/join-game', undefined, { 'x-forwarded-for': address })).status).toBe(200);
    return { c, address, id };
  }
  /** Requests spread over both processes at once; answers the statuses and the seconds the burst took. */
  async function spread(n: number, send: (server: ServerProcess, i: number) => Promise<Response>) {
    const t0 = performance.now();
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(i % 2 ? p2 : p1, i)));
    const elapsed = (performance.now() - t0) / 1000;
    const ok = answers.filter((r) => r.status !== 429).length;
    const limited = answers.filter((r) => r.status === 429);
    expect(answers.every((r) => r.status < 500)).toBe(true);
    if (limited[0]) expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    console.log(`  ${n} over two processes in ${(elapsed * 1000).toFixed(0)} ms: ${ok} through, ${limited.length} × 429`);
    return { ok, limited: limited.length, elapsed };
  }

  test('80 writes of one user, 40 to each process: the per-user burst of 40 holds once', async () => {
    // Its own pair: the production burst of 40, regained one per 10 s instead of 20 a second, so the count is exact
    // however slowly a loaded machine answers (80 writes in 4.9 s would regain the second half at the production rate).
    const burst = DEFAULT_WRITE_LIMIT_PER_USER.burst;
    const perSecond = 0.1;
    const env = {
      DATABASE_URL: url,
      TRUST_PROXY: '1',
      WRITE_RATE_PER_USER: String(perSecond),
      WRITE_BURST_PER_USER: String(burst),
    };
    // Together: the file's first pair has migrated this database already.
    const [w1, w2] = await Promise.all([spawnServer(env), spawnServer(env)]);
    try {
      const address = `198.51.100.${++addresses}`;
      const c = new TestClient(w1.url);
      const res = await c.post(
        '/api/auth/register',
        { username: uniqueName('tw'), password: 'correct horse battery' },
        { 'x-forwarded-for': address },
      );
      expect(res.status).toBe(201);
      const { ok, limited, elapsed } = await spread(80, (_, i) =>
        c
          .at((i % 2 ? w2 : w1).url)
          .patch('/api/user/display-name', { displayName: `Walker ${i}` }, { 'x-forwarded-for': address }),
      );
      const allowed = burst + Math.ceil(perSecond * elapsed);
      expect(ok).toBeLessThanOrEqual(allowed);
      expect(limited).toBeGreaterThanOrEqual(80 - allowed);
      expect(limited).toBeGreaterThan(0);
    } finally {
      await Promise.all([w1.stop(), w2.stop()]);
    }
  }, 60_000);

  test('REST moves and explored-land saves split over both processes get their own limits once', async () => {
    const { c, address } = await seated();
    const me = await c.json(c.get('/api/player/current', { 'x-forwarded-for': address }));
    const moves = await spread(2 * REST_MOVES_BURST, (server) =>
      c.at(server.url).post('/api/player/move', { x: me.x, y: me.y }, { 'x-forwarded-for': address }),
    );
    // 12 a second regained: what the burst took adds at most a few.
    expect(moves.ok).toBeLessThanOrEqual(REST_MOVES_BURST + Math.ceil(12 * moves.elapsed));
    expect(moves.limited).toBeGreaterThan(0);
    // Another survivor for the saves: the 48 moves spent most of the first one's write burst too.
    const other = await seated();
    const saves = await spread(2 * EXPLORED_SAVES_BURST, (server, i) =>
      other.c
        .at(server.url)
        .post(
          '/api/player/explored-tiles',
          { worldId: 'default', exploredTiles: [{ chunkX: i, chunkY: 1, bits: explored }] },
          { 'x-forwarded-for': other.address },
        ),
    );
    // One save regained per 3 s: within the burst, none.
    expect(saves.ok).toBe(EXPLORED_SAVES_BURST);
    expect(saves.limited).toBe(EXPLORED_SAVES_BURST);
  });

  test('terrain reads of one user over both processes share one budget: 429 with Retry-After on either once it is spent', async () => {
    const { c, address } = await seated();
    const me = await c.json(c.get('/api/player/current', { 'x-forwarded-for': address }));
    const cx = Math.floor(me.x / 640);
    const cy = Math.floor(me.y / 640);
    // The four terrain reads in turn, alternating processes, one at a time.
    const reads = [
      `/api/world/default/terrain-info?x=${me.x}&y=${me.y}`,
      `/api/world/default/poi-state?centerChunkX=${cx}&centerChunkY=${cy}&chunkRadius=1`,
      `/api/world/default/chunks?centerChunkX=${cx}&centerChunkY=${cy}&chunkRadius=0`,
      `/api/world/default/path?fromX=${me.x}&fromY=${me.y}&toX=${me.x}&toY=${me.y}`,
    ];
    const t0 = performance.now();
    const answers: { status: number; retryAfter: string | null; message?: string; process: number }[] = [];
    for (let i = 0; i < TERRAIN_BURST + 10; i++) {
      const server = i % 2 ? p2 : p1;
      const res = await c.at(server.url).get(reads[i % reads.length]!, { 'x-forwarded-for': address });
      const body = (await res.json()) as { message?: string };
      answers.push({ status: res.status, retryAfter: res.headers.get('retry-after'), message: body.message, process: i % 2 });
    }
    const elapsed = (performance.now() - t0) / 1000;
    const refused = answers.filter((a) => a.status === 429);
    console.log(
      `  ${answers.length} terrain reads over two processes in ${(elapsed * 1000).toFixed(0)} ms: ${refused.length} × 429`,
    );
    // The burst (and what refilled meanwhile, one per 10 s) goes through, wherever it lands; then refusals on both.
    const allowed = TERRAIN_BURST + Math.floor(elapsed / 10);
    expect(answers.slice(0, TERRAIN_BURST).every((a) => a.status !== 429 && a.status < 500)).toBe(true);
    expect(answers.length - refused.length).toBeLessThanOrEqual(allowed);
    expect(new Set(refused.map((a) => a.process))).toEqual(new Set([0, 1]));
    for (const a of refused) {
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(a.message).toMatch(/^Too many terrain reads; slow down and try again in \d+ s$/);
    }
  });

  test('socket frames: reconnecting to the other process does not refill the bucket', async () => {
    const { c, id } = await seated();
    const first = TestSocket.open(p1.url, c.at(p1.url));
    sockets.push(first);
    await first.next('players_list');
    // Most of the burst on process 1, each frame answered.
    const spent = WS_RATE_BURST - 5;
    const sentFrom = Date.now();
    for (let i = 0; i < spent; i++) first.send({ type: 'ping' });
    await first.next('pong', () => first.received.filter((m) => m.type === 'pong').length >= spent, 5000).catch(() => {});
    expect(first.received.filter((m) => m.type === 'pong').length).toBe(spent);
    first.close();
    await first.closed;
    // Process 1 hands what the socket spent to the shared bucket as it closes: its theoretical arrival time then
    // stands at least `spent` intervals past the first frame (GCRA, db/repos/rate-buckets.ts).
    const interval = 1000 / WS_RATE_PER_SECOND;
    await until(
      async () => {
        const [row] = await pg<{ tat: number }[]>`select tat from rate_buckets where key = ${`ws:${id}`}`;
        return row !== undefined && Number(row.tat) >= sentFrom + spent * interval;
      },
      { what: "the socket's frames in the shared bucket", timeoutMs: 5_000 },
    );
    // On process 2, 30 more frames at once: within a fresh bucket's 40, but not within what is left of this one.
    const second = TestSocket.open(p2.url, c.at(p2.url));
    sockets.push(second);
    await second.next('players_list');
    for (let i = 0; i < 30; i++) second.send({ type: 'ping' });
    expect((await second.closed).code).toBe(Close.rateLimited);
  });

  test('sign-ups from one address over both processes: SIGNUP_LIMIT_PER_ADDRESS holds once, then 429 with Retry-After', async () => {
    const address = '203.0.113.77';
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await new TestClient((i % 2 ? p2 : p1).url).post(
        '/api/auth/register',
        { username: uniqueName('su'), password: 'correct horse battery' },
        { 'x-forwarded-for': address },
      );
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(9 * 60);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });
});
