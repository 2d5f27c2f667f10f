import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BIOME_NAMES, CHUNK_SIZE, chunkOfWorld, loadCoreForBun } from '../../../core-wasm/index.ts';
import { REGION_FAR } from '../../game/terrain-reads.ts';
import { TERRAIN_READ_REACH_CHUNKS } from '../../game/world.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';

const SEED = 4242;

describe.each(backends())('world and player calls on %s', (backend) => {
  let server: TestServer;
  let player: TestClient;
  beforeAll(async () => {
    server = await startTestServer(backend, { worldSeed: SEED });
    player = new TestClient(server.url);
    await player.register(uniqueName('w'));
    await player.post('/api/lobby/join-game');
  });
  afterAll(() => server.stop());

  test('GET /api/world/default creates the world once and keeps its seed', async () => {
    const first = await player.json(player.get('/api/world/default'));
    expect(first).toEqual({ id: 'default', name: 'The Wasteland', tileSize: 5, seed: SEED });
    expect(await player.json(player.get('/api/world/default'))).toEqual(first);
    expect((await new TestClient(server.url).get('/api/world/default')).status).toBe(401);
  });

  test('GET /api/time answers the clock', async () => {
    const t = await player.json(player.get('/api/time'));
    expect(typeof t.isDay).toBe('boolean');
    expect(t.timeString).toMatch(/^\d\d:\d\d$/);
    expect([0.5, 1]).toContain(t.visionMultiplier);
    expect(t.cyclePosition).toBeGreaterThanOrEqual(0);
    expect(t.cyclePosition).toBeLessThan(1);
  });

  test('chunks: radius 2 gives 25 compact chunks equal to the WASM core, with POIs', async () => {
    const res = await player.get('/api/world/default/chunks?centerChunkX=0&centerChunkY=-1&chunkRadius=2');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.chunks).toHaveLength(25);
    expect(body.legend).toEqual([...BIOME_NAMES]);
    const core = await loadCoreForBun();
    const c = body.chunks.find((ch: { x: number; y: number }) => ch.x === 1 && ch.y === 0);
    const bytes = new Uint8Array(Buffer.from(c.tiles, 'base64'));
    expect(bytes.length).toBe(CHUNK_SIZE * CHUNK_SIZE);
    expect(Buffer.from(bytes).equals(Buffer.from(core.generateChunk(SEED, 1, 0).biomes))).toBe(true);
    expect(body.pois.length).toBeGreaterThan(0);
    const poi = body.pois[0];
    expect(poi).toMatchObject({ currentSignificance: poi.significance, hasShelter: false, x: poi.worldX, y: poi.worldY });
    expect(body.settlements).toEqual([]);
    expect(body.shelters).toEqual([]);
  });

  test('chunks: NaN, non-integer and out-of-range parameters get 400 with a message', async () => {
    for (const q of [
      'centerChunkX=NaN&centerChunkY=0',
      'centerChunkX=1.5&centerChunkY=0',
      'centerChunkX=0&centerChunkY=0&chunkRadius=3',
      'centerChunkX=0',
      'centerChunkX=99999999&centerChunkY=0',
      'centerChunkX=4097&centerChunkY=0',
    ]) {
      const res = await player.get(`/api/world/default/chunks?${q}`);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/Invalid request/);
    }
    expect((await player.get('/api/world/nowhere/chunks?centerChunkX=0&centerChunkY=0')).status).toBe(404);
  });

  test("chunks and poi-state answer around the caller's survivor only: a region centred farther off is 422", async () => {
    const me = await player.json(player.get('/api/player/current'));
    const cx = chunkOfWorld(me.x);
    const cy = chunkOfWorld(me.y);
    const R = TERRAIN_READ_REACH_CHUNKS;
    for (const route of ['chunks', 'poi-state']) {
      const at = (x: number, y: number, r: number) =>
        player.get(`/api/world/default/${route}?centerChunkX=${x}&centerChunkY=${y}&chunkRadius=${r}`);
      for (const [x, y] of [
        [cx, cy],
        [cx + R, cy - R],
        [cx - R, cy + R],
      ] as const) {
        expect((await at(x, y, 2)).status).toBe(200);
      }
      for (const [x, y] of [
        [cx + R + 1, cy],
        [cx, cy - R - 1],
        [cx + 1000, cy - 700],
      ] as const) {
        const res = await at(x, y, 0);
        expect(res.status).toBe(422);
        expect(await res.json()).toEqual({ message: REGION_FAR });
      }
    }
  });

  test('terrain-info answers biome, cost and a nearby POI', async () => {
    const region = await player.json(player.get('/api/world/default/chunks?centerChunkX=0&centerChunkY=0&chunkRadius=0'));
    const poi = region.pois[0];
    const info = await player.json(player.get(`/api/world/default/terrain-info?x=${poi.worldX}&y=${poi.worldY}`));
    expect(BIOME_NAMES).toContain(info.biome);
    expect(info.cost).toBeGreaterThan(0);
    expect(info.poi.id).toBe(poi.id);
    expect((await player.get('/api/world/default/terrain-info?x=abc&y=1')).status).toBe(400);
  });

  test('players without a seat get 403 with the lobby reason; visitors 401', async () => {
    const outsider = new TestClient(server.url);
    await outsider.register(uniqueName('out'));
    const res = await outsider.get('/api/player/current');
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('You need to join the lobby first');
    expect((await new TestClient(server.url).get('/api/player/current')).status).toBe(401);
  });

  test('the survivor appears on safe ground near the origin and is listed online', async () => {
    const me = await player.json(player.get('/api/player/current'));
    expect(Math.hypot(me.x, me.y)).toBeLessThan(2000);
    const core = await loadCoreForBun();
    expect(['plains', 'desert', 'hills']).toContain(BIOME_NAMES[core.biomeAt(SEED, Math.floor(me.x / 5), Math.floor(me.y / 5))]);
    const online = await player.json(player.get('/api/world/default/players'));
    expect(online.find((p: { id: string }) => p.id === me.id)).toMatchObject({ x: me.x, y: me.y });
  });

  test('explored tiles: saved bitsets are merged, returned, and accepted from sendBeacon (text/plain)', async () => {
    const a = new Uint8Array(2048);
    a[0] = 0b0000_0011;
    const b = new Uint8Array(2048);
    b[0] = 0b0000_0100;
    b[2047] = 0x80;
    const save = (bits: Uint8Array, contentType?: string) =>
      player.post(
        '/api/player/explored-tiles',
        JSON.stringify({
          worldId: 'default',
          exploredTiles: [{ chunkX: 2, chunkY: -3, bits: Buffer.from(bits).toString('base64') }],
        }),
        contentType ? { 'content-type': contentType } : {},
      );
    expect((await save(a)).status).toBe(200);
    expect((await save(b, 'text/plain;charset=UTF-8')).status).toBe(200);
    const got = await player.json(player.get('/api/player/explored-tiles'));
    expect(got.exploredTiles).toHaveLength(1);
    const merged = new Uint8Array(Buffer.from(got.exploredTiles[0].bits, 'base64'));
    expect(merged[0]).toBe(0b0000_0111);
    expect(merged[2047]).toBe(0x80);

    const wrongSize = await player.post('/api/player/explored-tiles', {
      worldId: 'default',
      exploredTiles: [{ chunkX: 0, chunkY: 0, bits: Buffer.from(new Uint8Array(10)).toString('base64') }],
    });
    expect(wrongSize.status).toBe(400);
  });
});

describe('compression', () => {
  test('large JSON answers are gzipped for clients that accept it, and decode to the same body', async () => {
    const server = await startTestServer('pglite', { worldSeed: SEED });
    try {
      const c = new TestClient(server.url);
      await c.register(uniqueName('gz'));
      await c.post('/api/lobby/join-game');
      const path = '/api/world/default/chunks?centerChunkX=0&centerChunkY=0&chunkRadius=2';
      const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      // Bun's fetch would decode gzip itself: ask for the bytes as sent.
      const zipped = await fetch(server.url + path, {
        headers: { cookie, 'accept-encoding': 'gzip' },
        decompress: false,
      } as RequestInit);
      expect(zipped.status).toBe(200);
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      const bytes = new Uint8Array(await zipped.arrayBuffer());
      const plain = await fetch(server.url + path, { headers: { cookie, 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      const plainText = await plain.text();
      expect(bytes.length).toBeLessThan(plainText.length / 4);
      expect(new TextDecoder().decode(Bun.gunzipSync(bytes))).toBe(plainText);
    } finally {
      await server.stop();
    }
  });
});
