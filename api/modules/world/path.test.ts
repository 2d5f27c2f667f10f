import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Biome, loadCoreForBun, tileCentre } from '../../../core-wasm/index.ts';
import { walkPath } from '../../game/walking.ts';
import { IMPASSABLE } from '../../game/world.ts';
import { PATH_MAX_UNITS } from '../../game/paths.ts';
import { PATH_START_FAR, PATH_TOO_LONG } from '../../game/terrain-reads.ts';
import { players } from '../../../db/schema/index.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { CoreTerrain } from './terrain.ts';

const SEED = 4242;
const core = await loadCoreForBun();
const terrain = new CoreTerrain(core, SEED);
const passable = terrain.moveRules.isPassable;
const open = (tx: number, ty: number) => !IMPASSABLE.has(terrain.biomeAtTile(tx, ty));

/** A row with open ground, then 6–30 tiles of water, then open ground again (a lake or a river to walk round). */
function acrossWater(): { from: { x: number; y: number }; to: { x: number; y: number } } {
  for (let ty = -300; ty < 300; ty += 3) {
    for (let tx = -300; tx < 300; tx++) {
      if (!open(tx, ty) || terrain.biomeAtTile(tx + 1, ty) !== Biome.water) continue;
      let end = tx + 1;
      while (terrain.biomeAtTile(end, ty) === Biome.water && end - tx <= 31) end++;
      if (end - tx < 7 || end - tx > 31 || !open(end, ty)) continue;
      const from = { x: tileCentre(tx) - 1.2, y: tileCentre(ty) + 0.7 };
      const to = { x: tileCentre(end) + 1.1, y: tileCentre(ty) - 0.4 };
      const plan = core.findPath({ seed: SEED, fromTileX: tx, fromTileY: ty, toTileX: end, toTileY: ty, blocked: IMPASSABLE });
      if (plan.status === 'found') return { from, to };
    }
  }
  throw new Error('no water crossing near the origin of this seed');
}

/** Open ground in a straight, passable line of ~40 tiles. */
function openStretch(): { from: { x: number; y: number }; to: { x: number; y: number } } {
  for (let ty = -300; ty < 300; ty += 7) {
    for (let tx = -300; tx < 300; tx += 11) {
      const from = { x: tileCentre(tx) + 1, y: tileCentre(ty) - 2 };
      const to = { x: tileCentre(tx + 40) - 1.5, y: tileCentre(ty + 9) + 0.5 };
      if (open(tx, ty) && !walkPath(from, to, passable).blocked) return { from, to };
    }
  }
  throw new Error('no open stretch near the origin of this seed');
}

function expectWalk(
  body: { path: { x: number; y: number }[]; length: number },
  from: { x: number; y: number },
  to: { x: number; y: number },
) {
  expect(body.path[0]).toEqual(from);
  expect(body.path.at(-1)).toEqual(to);
  let length = 0;
  for (const [i, p] of body.path.entries()) {
    expect(passable(p.x, p.y)).toBe(true);
    if (i === 0) continue;
    const q = body.path[i - 1]!;
    const leg = Math.hypot(p.x - q.x, p.y - q.y);
    expect(leg).toBeLessThanOrEqual(15 + 1e-9);
    expect(walkPath(q, p, passable).blocked).toBe(false);
    length += leg;
  }
  expect(body.length).toBeCloseTo(length, 6);
}

const query = (from: { x: number; y: number }, to: { x: number; y: number }) =>
  `fromX=${from.x}&fromY=${from.y}&toX=${to.x}&toY=${to.y}`;

describe.each(backends())('GET /api/world/:worldId/path on %s', (backend) => {
  let server: TestServer;
  let player: TestClient;
  /** A seated player whose survivor stands at `at` (placed before it first enters the world). */
  async function playerAt(at: { x: number; y: number }): Promise<TestClient> {
    const c = new TestClient(server.url);
    const name = uniqueName('path');
    const { id } = await c.register(name);
    await c.post('/api/lobby/join-game');
    await server.database.db.insert(players).values({ userId: id, worldId: 'default', name, x: at.x, y: at.y, color: '#fff' });
    return c;
  }
  beforeAll(async () => {
    server = await startTestServer(backend, { worldSeed: SEED });
    player = new TestClient(server.url);
    await player.register(uniqueName('path'));
    await player.post('/api/lobby/join-game');
  });
  afterAll(() => server.stop());

  test('over open ground the walk is nearly the straight line, in legs of at most 3 tiles', async () => {
    const { from, to } = openStretch();
    const res = await (await playerAt(from)).get(`/api/world/default/path?${query(from, to)}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expectWalk(body, from, to);
    const straight = Math.hypot(to.x - from.x, to.y - from.y);
    expect(body.length).toBeGreaterThanOrEqual(straight - 1e-9);
    expect(body.length).toBeLessThanOrEqual(1.5 * straight);
  });

  test('across water the walk goes round it: every leg stays on passable ground', async () => {
    const { from, to } = acrossWater();
    expect(walkPath(from, to, passable).blocked).toBe(true);
    const walker = await playerAt(from);
    const body = await walker.json(walker.get(`/api/world/default/path?${query(from, to)}`));
    expectWalk(body, from, to);
    expect(body.length).toBeGreaterThan(Math.hypot(to.x - from.x, to.y - from.y));
  });

  test('a target on water or rock answers 422 No path', async () => {
    const { from, to } = acrossWater();
    const wet = { x: (from.x + to.x) / 2, y: from.y };
    expect(passable(wet.x, wet.y)).toBe(false);
    const res = await (await playerAt(from)).get(`/api/world/default/path?${query(from, wet)}`);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: 'No path' });
  });

  test('bad numbers get 400, positions outside the world 400, an unknown world 404, visitors 401', async () => {
    for (const q of ['fromX=abc&fromY=0&toX=1&toY=1', 'fromX=0&fromY=0&toX=1', 'fromX=NaN&fromY=0&toX=1&toY=1', '']) {
      const res = await player.get(`/api/world/default/path?${q}`);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/Invalid request/);
    }
    const outside = await player.get('/api/world/default/path?fromX=0&fromY=0&toX=99999999&toY=0');
    expect(outside.status).toBe(400);
    expect((await outside.json()).message).toBe('That position is outside the world');
    expect((await player.get('/api/world/nowhere/path?fromX=0&fromY=0&toX=1&toY=1')).status).toBe(404);
    expect((await new TestClient(server.url).get('/api/world/default/path?fromX=0&fromY=0&toX=1&toY=1')).status).toBe(401);
  });

  test("a walk that does not start at the caller's survivor, or reaches beyond one plan, is refused with 422", async () => {
    const { from, to } = openStretch();
    const walker = await playerAt(from);
    // A few units off where the server holds the survivor is its own position still (a walker runs a little ahead).
    const near = { x: from.x + 12, y: from.y - 9 };
    expect((await walker.get(`/api/world/default/path?${query(near, to)}`)).status).toBe(200);
    // A start far from the survivor, in land nobody made: refused.
    const far = { x: 400_000.5, y: -300_000.5 };
    const res = await walker.get(`/api/world/default/path?${query(far, { x: far.x + 50, y: far.y })}`);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: PATH_START_FAR });
    // Another player's survivor is not the caller's: its position is no start either.
    const other = await playerAt({ x: from.x + 2000, y: from.y });
    expect((await other.get(`/api/world/default/path?${query(from, to)}`)).status).toBe(422);
    // Past one plan's reach (as far as a survivor can see), even from the right start.
    const beyond = { x: from.x + PATH_MAX_UNITS * 0.8, y: from.y + PATH_MAX_UNITS * 0.8 };
    const long = await walker.get(`/api/world/default/path?${query(from, beyond)}`);
    expect(long.status).toBe(422);
    expect(await long.json()).toEqual({ message: PATH_TOO_LONG });
  });
});
