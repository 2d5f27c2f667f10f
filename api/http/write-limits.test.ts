import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { loadCoreForBun } from '../../core-wasm/index.ts';
import { loadConfig, type Config } from '../config.ts';
import { BED_BASE_COST, scaledCost } from '../game/settlements.ts';
import { TestClient } from '../testing/client.ts';
import { backends } from '../testing/databases.ts';
import { openSpots, type Player, SettlementFixture } from '../testing/settlements.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';
import { DEFAULT_WRITE_LIMIT_PER_ADDRESS, DEFAULT_WRITE_LIMIT_PER_USER } from './rate-limit.ts';

const SEED = 4242;
const W = 'default';
/** A bucket that does not refill within a test: what it allows is exactly its burst. */
const SLOW = 0.001;
const OFF = { perSecond: 0, burst: 1 };
const BED_MATERIALS = { 'Cloth Scraps': 40, 'Wood Planks': 40 };

describe('write limits in the configuration', () => {
  test('the defaults, and WRITE_RATE_* / WRITE_BURST_* change them; nonsense is refused at start-up', () => {
    const defaults = loadConfig({});
    expect(defaults.writeLimitPerUser).toEqual(DEFAULT_WRITE_LIMIT_PER_USER);
    expect(defaults.writeLimitPerAddress).toEqual(DEFAULT_WRITE_LIMIT_PER_ADDRESS);
    expect(DEFAULT_WRITE_LIMIT_PER_USER).toEqual({ perSecond: 20, burst: 40 });
    expect(DEFAULT_WRITE_LIMIT_PER_ADDRESS).toEqual({ perSecond: 50, burst: 100 });
    const set = loadConfig({
      WRITE_RATE_PER_USER: '0.5',
      WRITE_BURST_PER_USER: '3',
      WRITE_RATE_PER_ADDRESS: '0',
      WRITE_BURST_PER_ADDRESS: '7',
    });
    expect(set.writeLimitPerUser).toEqual({ perSecond: 0.5, burst: 3 });
    expect(set.writeLimitPerAddress).toEqual({ perSecond: 0, burst: 7 });
    expect(() => loadConfig({ WRITE_RATE_PER_USER: '-1' })).toThrow(/WRITE_RATE_PER_USER/);
    expect(() => loadConfig({ WRITE_RATE_PER_ADDRESS: 'lots' })).toThrow(/WRITE_RATE_PER_ADDRESS/);
    expect(() => loadConfig({ WRITE_BURST_PER_USER: '0' })).toThrow(/WRITE_BURST_PER_USER/);
    expect(() => loadConfig({ WRITE_BURST_PER_ADDRESS: '2.5' })).toThrow(/WRITE_BURST_PER_ADDRESS/);
  });
});

/**
 * Players are made on an unlimited server; the limits are judged by other servers on the same database, each with
 * its own limits, so that setting up never spends what a test counts.
 */
describe.each(backends())('write limits over HTTP on %s', (backend) => {
  let setup: TestServer;
  const limited: TestServer[] = [];
  let f: SettlementFixture;

  beforeAll(async () => {
    setup = await startTestServer(backend, {
      worldSeed: SEED,
      seatTimeoutMs: 24 * 3600_000,
      writeLimitPerUser: OFF,
      writeLimitPerAddress: OFF,
    });
    f = new SettlementFixture(setup, openSpots(await loadCoreForBun(), SEED));
  });
  afterAll(async () => {
    for (const s of limited) await s.stop();
    await setup?.stop();
  });

  async function server(limits: Partial<Config>): Promise<TestServer> {
    const s = await startTestServer(backend, { database: setup.database, seatTimeoutMs: 24 * 3600_000, ...limits });
    limited.push(s);
    return s;
  }
  /** The same browser talking to `s`, optionally behind a trusted proxy that reports `address`. */
  function on(s: TestServer, c: Player, address?: string) {
    const other = new TestClient(s.url);
    for (const [k, v] of c.cookies) other.cookies.set(k, v);
    const extra: Record<string, string> = address ? { 'x-forwarded-for': address } : {};
    return {
      build: (settlementId: string) =>
        other.post('/api/buildings', { type: 'bed', subtype: null, name: 'Cot', settlementId, worldId: W }, extra),
      get: (path: string) => other.get(path, extra),
      client: other,
    };
  }
  async function founder() {
    const { c, settlement } = await f.founded(BED_MATERIALS);
    return { c, id: settlement.id };
  }
  const count = async (s: ReturnType<typeof on>, name: string) =>
    ((await s.client.json(s.get('/api/player/inventory?worldId=default'))).items as { itemName: string; quantity: number }[])
      .filter((i) => i.itemName === name)
      .reduce((sum, i) => sum + i.quantity, 0);
  const beds = async (s: ReturnType<typeof on>, id: string) =>
    ((await s.client.json(s.get(`/api/settlements/${id}/buildings`))).buildings as unknown[]).length;
  /** Cloth Scraps the first n beds of a settlement cost. */
  const clothFor = (n: number) =>
    Array.from({ length: n }, (_, i) => scaledCost(BED_BASE_COST, i)['Cloth Scraps']!).reduce((a, b) => a + b, 0);

  test('past the per-user limit a write is 429 with Retry-After and a JSON message, and writes nothing; another user and reads are unaffected', async () => {
    const s = await server({ writeLimitPerUser: { perSecond: SLOW, burst: 3 }, writeLimitPerAddress: OFF });
    const a = await founder();
    const b = await founder();
    const asA = on(s, a.c);
    for (let i = 0; i < 3; i++) expect((await asA.build(a.id)).status).toBe(200);
    const refused = await asA.build(a.id);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).message).toMatch(/^Too many requests; slow down and try again in \d+ s$/);
    // The refused build spent nothing: three beds stand and three beds' cloth is gone.
    expect(await beds(asA, a.id)).toBe(3);
    expect(await count(asA, 'Cloth Scraps')).toBe(BED_MATERIALS['Cloth Scraps'] - clothFor(3));
    // Reads are never counted: well past the burst, they still answer.
    for (let i = 0; i < 8; i++) expect((await asA.get('/api/player/inventory?worldId=default')).status).toBe(200);
    expect((await on(s, b.c).build(b.id)).status).toBe(200);
  });

  test('the per-address limit holds across the users of one address; another address is unaffected', async () => {
    const s = await server({
      trustProxyHops: 1,
      writeLimitPerUser: OFF,
      writeLimitPerAddress: { perSecond: SLOW, burst: 4 },
    });
    const [a, b, c] = [await founder(), await founder(), await founder()];
    const home = '198.51.100.7';
    const statuses: number[] = [];
    for (const who of [a, b, a, b, a, b]) statuses.push((await on(s, who.c, home).build(who.id)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const last = await on(s, b.c, home).build(b.id);
    expect((await last.json()).message).toMatch(/^Too many requests from your network; slow down and try again in \d+ s$/);
    expect(await beds(on(s, a.c, home), a.id)).toBe(2);
    expect(await beds(on(s, b.c, home), b.id)).toBe(2);
    expect((await on(s, c.c, '198.51.100.8').build(c.id)).status).toBe(200);
    // A client-written entry further left proves nothing: the proxy's entry is the address.
    expect((await on(s, c.c, `203.0.113.9, ${home}`).build(c.id)).status).toBe(429);
  });

  test('the limits come from the environment: WRITE_BURST_PER_USER=2 allows two writes', async () => {
    const env = loadConfig({ WRITE_RATE_PER_USER: String(SLOW), WRITE_BURST_PER_USER: '2', WRITE_RATE_PER_ADDRESS: '0' });
    const s = await server({ writeLimitPerUser: env.writeLimitPerUser, writeLimitPerAddress: env.writeLimitPerAddress });
    const a = await founder();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await on(s, a.c).build(a.id)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
