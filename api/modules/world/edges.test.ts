import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { CHUNK_WORLD_UNITS, MAX_CHUNK_COORD } from '../../../core-wasm/index.ts';
import { players } from '../../../db/schema/index.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';

/**
 * A chunk region reaching past the edge of the world holds only the chunks that exist. Regions are
 * read around the caller's survivor, so each is asked by a survivor standing in the region's centre chunk.
 */
describe('chunk regions at the edge of the world', () => {
  let server: TestServer;
  let player: TestClient;
  beforeAll(async () => {
    server = await startTestServer('pglite', { worldSeed: 4242 });
    player = new TestClient(server.url);
    await player.register(uniqueName('edge'));
    await player.post('/api/lobby/join-game');
    await player.get('/api/world/default');
  });
  afterAll(() => server.stop());

  /** A seated player whose survivor stands in the middle of chunk (cx, cy) (placed before it enters the world). */
  async function standingIn(cx: number, cy: number): Promise<TestClient> {
    const c = new TestClient(server.url);
    const name = uniqueName('edge');
    const { id } = await c.register(name);
    await c.post('/api/lobby/join-game');
    const at = { x: (cx + 0.5) * CHUNK_WORLD_UNITS, y: (cy + 0.5) * CHUNK_WORLD_UNITS };
    await server.database.db.insert(players).values({ userId: id, worldId: 'default', name, ...at, color: '#fff' });
    return c;
  }
  async function region(cx: number, cy: number, radius: number) {
    const player = await standingIn(cx, cy);
    const res = await player.get(`/api/world/default/chunks?centerChunkX=${cx}&centerChunkY=${cy}&chunkRadius=${radius}`);
    expect(res.status).toBe(200);
    return (await res.json()) as { chunks: { x: number; y: number; tiles: string }[]; pois: { chunkX?: number }[] };
  }
  const coords = (r: { chunks: { x: number; y: number }[] }) => r.chunks.map((c) => `${c.x},${c.y}`).sort();

  test('the last chunk with radius 1 and the last but one with radius 2, on every edge and corner', async () => {
    const M = MAX_CHUNK_COORD;
    for (const [cx, cy] of [
      [M, 0],
      [-M, 0],
      [0, M],
      [0, -M],
    ] as const) {
      const r = await region(cx, cy, 1);
      expect(r.chunks).toHaveLength(6);
      for (const c of r.chunks) {
        expect(Math.abs(c.x)).toBeLessThanOrEqual(M);
        expect(Math.abs(c.y)).toBeLessThanOrEqual(M);
        expect(Buffer.from(c.tiles, 'base64')).toHaveLength(128 * 128);
      }
    }
    const r2 = await region(M - 1, 0, 2);
    expect(r2.chunks).toHaveLength(4 * 5);
    expect(Math.max(...r2.chunks.map((c) => c.x))).toBe(M);
    const corner = await region(-M, M, 2);
    expect(coords(corner)).toEqual([-M, -M + 1, -M + 2].flatMap((x) => [M - 2, M - 1, M].map((y) => `${x},${y}`)).sort());
  });

  test('inside the world nothing changes: radius 1 is nine chunks', async () => {
    expect((await region(0, 0, 1)).chunks).toHaveLength(9);
  });

  test('a centre beyond the edge is still refused with 400', async () => {
    const res = await player.get(`/api/world/default/chunks?centerChunkX=${MAX_CHUNK_COORD + 1}&centerChunkY=0&chunkRadius=0`);
    expect(res.status).toBe(400);
    expect(typeof (await res.json()).message).toBe('string');
  });
});
