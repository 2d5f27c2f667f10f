import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  CHUNK_WORLD_UNITS,
  type Core,
  chunkOfWorld,
  loadCoreForBun,
  MAX_CHUNK_COORD,
  type Poi,
} from '../../../core-wasm/index.ts';
import { IMPASSABLE } from '../../contract/world.ts';
import { SHELTER_COST } from '../../game/settlements.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends } from '../../testing/databases.ts';
import { openSpots, SettlementFixture } from '../../testing/settlements.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { ChunkWireCache } from './chunk-wire.ts';
import { CoreTerrain } from './terrain.ts';

const SEED = 4242;
const W = 'default';

/**
 * The chunks call answers from cached pieces, byte for byte what the uncached build answers, and
 * the page reads POI state through the light poi-state call instead.
 */
describe.each(backends())('the cached chunks call and the poi-state read on %s', (backend) => {
  const clock = Date.parse('2026-11-24T12:00:00Z');
  const now = () => new Date(clock);
  let server: TestServer;
  /** The same world on the same database, with the cache off: every answer built and compressed afresh. */
  let uncached: TestServer;
  let core: Core;
  let f: SettlementFixture;
  let pois: Poi[];

  beforeAll(async () => {
    server = await startTestServer(backend, { worldSeed: SEED, seatTimeoutMs: 24 * 3600_000, now });
    uncached = await startTestServer(backend, {
      worldSeed: SEED,
      seatTimeoutMs: 24 * 3600_000,
      now,
      database: server.database,
      chunkWireCacheSize: 0,
    });
    core = await loadCoreForBun();
    f = new SettlementFixture(server, openSpots(core, SEED, 4));
    pois = [];
    for (let cy = -1; cy <= 1; cy++) {
      for (let cx = -1; cx <= 1; cx++) {
        pois.push(
          ...core
            .pois(SEED, cx, cy)
            .filter((p) => !p.landmark && p.significance >= 4 && !IMPASSABLE.has(core.biomeAt(SEED, p.tileX, p.tileY))),
        );
      }
    }
  });
  afterAll(async () => {
    await uncached.stop();
    await server.stop();
  });

  const cookie = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const chunksPath = (cx: number, cy: number, r: number) =>
    `/api/world/${W}/chunks?centerChunkX=${cx}&centerChunkY=${cy}&chunkRadius=${r}`;
  const statePath = (cx: number, cy: number, r = 1) =>
    `/api/world/${W}/poi-state?centerChunkX=${cx}&centerChunkY=${cy}&chunkRadius=${r}`;

  /** The region as both servers send it, plain and gzip (bytes as sent), against the uncached build. */
  async function sameAsUncached(c: TestClient, cx: number, cy: number, r: number) {
    const get = (base: TestServer, encoding: string) =>
      fetch(base.url + chunksPath(cx, cy, r), {
        headers: { cookie: cookie(c), 'accept-encoding': encoding },
        decompress: false,
      } as RequestInit);
    const reference = await get(uncached, 'identity');
    expect(reference.status).toBe(200);
    const expected = await reference.text();
    for (let round = 0; round < 2; round++) {
      const plain = await get(server, 'identity');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(expected);
      const zipped = await get(server, 'gzip, deflate, br');
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(zipped.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const text = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await zipped.arrayBuffer())));
      expect(text).toBe(expected);
    }
    return JSON.parse(expected) as {
      chunks: { x: number; y: number }[];
      pois: { id: string; currentSignificance: number; hasShelter: boolean }[];
      settlements: { id: string }[];
      shelters: { id: string }[];
    };
  }

  async function poiState(c: TestClient, cx: number, cy: number, r = 1) {
    const res = await c.get(statePath(cx, cy, r));
    expect(res.status).toBe(200);
    return (await res.json()) as { pois: { id: string; currentSignificance: number; hasShelter: boolean }[] };
  }

  test('poi-state lists every POI of the region as generated, in a small answer', async () => {
    const c = await f.playerAt({ x: 0, y: 0 });
    const state = await poiState(c, 0, 0);
    const expected = [];
    for (let cy = -1; cy <= 1; cy++) for (let cx = -1; cx <= 1; cx++) expected.push(...core.pois(SEED, cx, cy));
    expect(state.pois).toEqual(expected.map((p) => ({ id: p.id, currentSignificance: p.significance, hasShelter: false })));
    const light = await (await c.get(statePath(0, 0))).text();
    const heavy = await (await c.get(chunksPath(0, 0, 1))).text();
    expect(light.length).toBeLessThan(heavy.length / 10);
    const region = await sameAsUncached(c, 0, 0, 2);
    expect(region.chunks).toHaveLength(25);
  });

  test('a scavenge shows in poi-state at once, and the chunks call still equals the uncached build', async () => {
    const poi = pois[0]!;
    const c = await f.playerAt({ x: poi.worldX, y: poi.worldY });
    await sameAsUncached(c, poi.chunkX, poi.chunkY, 2); // cached before the change
    const searched = await c.json(c.post(`/api/poi/${poi.id}/scavenge`, { worldId: W }));
    expect(searched.newSignificance).toBe(poi.significance - 1);
    const state = await poiState(c, poi.chunkX, poi.chunkY);
    expect(state.pois.find((p) => p.id === poi.id)).toEqual({
      id: poi.id,
      currentSignificance: poi.significance - 1,
      hasShelter: false,
    });
    const region = await sameAsUncached(c, poi.chunkX, poi.chunkY, 2);
    expect(region.pois.find((p) => p.id === poi.id)?.currentSignificance).toBe(poi.significance - 1);
  });

  test('a shelter on a POI and a new settlement show in poi-state and in the chunks call, equal to the uncached build', async () => {
    const poi = pois.find((p) => p.id !== pois[0]!.id)!;
    const c = await f.playerAt({ x: poi.worldX, y: poi.worldY });
    await f.giveAll(c, SHELTER_COST);
    expect(await c.json(c.post('/api/build-shelter', { worldId: W, x: poi.worldX, y: poi.worldY }))).toMatchObject({
      upgradedPOI: true,
    });
    expect((await poiState(c, poi.chunkX, poi.chunkY)).pois.find((p) => p.id === poi.id)?.hasShelter).toBe(true);
    const withShelter = await sameAsUncached(c, poi.chunkX, poi.chunkY, 1);
    expect(withShelter.pois.find((p) => p.id === poi.id)?.hasShelter).toBe(true);
    expect(withShelter.shelters.length).toBeGreaterThan(0);

    // Regions are read around the caller's survivor: the founder, standing at its settlement, reads that one.
    const { c: founder, at, settlement } = await f.founded();
    const [cx, cy] = [chunkOfWorld(at.x), chunkOfWorld(at.y)];
    expect((await sameAsUncached(founder, cx, cy, 0)).settlements.map((s) => s.id)).toContain(settlement.id);
    expect((await sameAsUncached(founder, cx, cy, 2)).settlements.map((s) => s.id)).toContain(settlement.id);
  });

  test('regions cut by the edge of the world are the same as well', async () => {
    // A survivor standing in the corner chunk: regions are read around the caller's survivor.
    const c = await f.playerAt({
      x: (MAX_CHUNK_COORD + 0.5) * CHUNK_WORLD_UNITS,
      y: (-MAX_CHUNK_COORD + 0.5) * CHUNK_WORLD_UNITS,
    });
    const region = await sameAsUncached(c, MAX_CHUNK_COORD, -MAX_CHUNK_COORD, 2);
    expect(region.chunks).toHaveLength(9);
    const state = await poiState(c, MAX_CHUNK_COORD, -MAX_CHUNK_COORD, 2);
    expect(state.pois.map((p) => p.id)).toEqual(region.pois.map((p) => p.id));
  });

  test('poi-state refuses like the chunks call: bad query 400, unknown world 404, no seat 403, visitor 401', async () => {
    const c = await f.playerAt({ x: 0, y: 0 });
    for (const q of ['centerChunkX=NaN&centerChunkY=0', 'centerChunkX=0&centerChunkY=0&chunkRadius=3', 'centerChunkX=0']) {
      const res = await c.get(`/api/world/${W}/poi-state?${q}`);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/Invalid request/);
    }
    const unknown = await c.get('/api/world/nowhere/poi-state?centerChunkX=0&centerChunkY=0');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Unknown world' });
    expect((await c.get('/api/world/nowhere/chunks?centerChunkX=0&centerChunkY=0')).status).toBe(404);
    const outsider = new TestClient(server.url);
    await outsider.register(uniqueName('out'));
    expect((await outsider.get(statePath(0, 0))).status).toBe(403);
    expect((await new TestClient(server.url).get(statePath(0, 0))).status).toBe(401);
  });
});

describe('the chunk wire cache', () => {
  test('keeps at most its capacity, dropping the least recently used chunk, and answers a hit from memory', async () => {
    const core = await loadCoreForBun();
    const terrain = new CoreTerrain(core, SEED);
    const view = (p: Poi) => ({ ...p, x: p.worldX, y: p.worldY, currentSignificance: p.significance, hasShelter: false });
    const cache = new ChunkWireCache(3);
    const first = cache.chunk(terrain, 0, 0, view);
    cache.chunk(terrain, 1, 0, view);
    cache.chunk(terrain, 2, 0, view);
    expect(cache.chunk(terrain, 0, 0, view)).toBe(first); // a hit, now the most recent
    cache.chunk(terrain, 3, 0, view);
    expect(cache.size).toBe(3);
    expect(cache.has(SEED, 1, 0)).toBe(false);
    expect([cache.has(SEED, 0, 0), cache.has(SEED, 2, 0), cache.has(SEED, 3, 0)]).toEqual([true, true, true]);
    // Another world's seed is another chunk.
    cache.chunk(new CoreTerrain(core, SEED + 1), 0, 0, view);
    expect(cache.has(SEED + 1, 0, 0)).toBe(true);
    expect(cache.has(SEED, 2, 0)).toBe(false);
    const tiles = JSON.parse(new TextDecoder().decode(first.tiles.raw));
    expect(tiles.x).toBe(0);
    expect(Buffer.from(tiles.tiles, 'base64').equals(Buffer.from(core.generateChunk(SEED, 0, 0).biomes))).toBe(true);
  });
});
