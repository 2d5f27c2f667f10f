import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { loadCoreForBun } from '../../../core-wasm/index.ts';
import { poiStates } from '../../../db/schema/index.ts';
import { SCAVENGE_RULES } from '../../game/scavenge.ts';
import { SPAWN_GROUND } from '../../game/spawn.ts';
import { IMPASSABLE } from '../../game/world.ts';
import { hashString } from '../../live/entity.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { CoreTerrain } from './terrain.ts';

const SEED = 4242;
/** Every site this close to the origin is picked clean in the second test. */
const PICKED_CLEAN_WITHIN = 600;

describe.each(backends())('where a new survivor appears on %s', (backend) => {
  let server: TestServer;
  let clock = Date.parse('2026-11-27T12:00:00Z');
  let terrain: CoreTerrain;
  beforeAll(async () => {
    server = await startTestServer(backend, { worldSeed: SEED, seatTimeoutMs: 24 * 3600_000, now: () => new Date(clock) });
    terrain = new CoreTerrain(await loadCoreForBun(), SEED);
  });
  afterAll(() => server.stop());

  /** A new survivor, created by its first call in the world; `usual` is where the terrain alone would put it. */
  async function newcomer() {
    const c = new TestClient(server.url);
    const { id } = await c.register(uniqueName('spawn'));
    await c.post('/api/lobby/join-game');
    const { x, y } = (await c.json(c.get('/api/player/current'))) as { x: number; y: number };
    return { c, me: { x, y }, usual: terrain.spawnPoint(hashString(id)) };
  }

  test('in an untouched world newcomers appear where they always did: near the origin, close to each other', async () => {
    const a = await newcomer();
    const b = await newcomer();
    for (const n of [a, b]) {
      expect(n.me).toEqual({ x: n.usual.x, y: n.usual.y });
      // The search starts within 20 tiles (100 units) of the origin each way: a corner start lies 141 units off.
      expect(Math.max(Math.abs(n.me.x), Math.abs(n.me.y))).toBeLessThan(150);
    }
    expect(Math.max(Math.abs(a.me.x - b.me.x), Math.abs(a.me.y - b.me.y))).toBeLessThan(300);
  });

  test('with the sites round the origin picked clean, a newcomer appears at the nearest site with significance left; once they recover, near the origin again', async () => {
    const all = [...terrain.spawnSites({ x: 0, y: 0 }).sites];
    const cleaned = all.filter((s) => Math.hypot(s.poi.worldX, s.poi.worldY) <= PICKED_CLEAN_WITHIN);
    expect(cleaned.length).toBeGreaterThan(5);
    await server.database.db
      .insert(poiStates)
      .values(cleaned.map((s) => ({ worldId: 'default', poiId: s.poi.id, currentSignificance: 0, changedAt: new Date(clock) })));

    const n = await newcomer();
    // The newcomer's own nearest walkable sites all lie in the picked-clean circle.
    const walkable = (p: { x: number; y: number }) =>
      all.filter(
        (s) => !IMPASSABLE.has(s.ground) && Math.hypot(s.poi.worldX - p.x, s.poi.worldY - p.y) < PICKED_CLEAN_WITHIN - 150,
      );
    expect(walkable(n.usual).length).toBeGreaterThanOrEqual(3);

    // It stands on a site outside that circle, on safe ground, and the server says the site has significance left.
    const site = all.find((s) => s.poi.worldX === n.me.x && s.poi.worldY === n.me.y);
    expect(site).toBeDefined();
    expect(Math.hypot(n.me.x, n.me.y)).toBeGreaterThan(PICKED_CLEAN_WITHIN);
    expect(SPAWN_GROUND.has(site!.ground)).toBe(true);
    const info = await n.c.json(n.c.get(`/api/world/default/terrain-info?x=${n.me.x}&y=${n.me.y}`));
    expect(info.poi).toMatchObject({ id: site!.poi.id });
    expect(info.poi.currentSignificance).toBeGreaterThan(0);
    // And no untouched site on safe ground lies nearer its usual spot.
    const dist = (s: (typeof all)[number]) => Math.hypot(s.poi.worldX - n.usual.x, s.poi.worldY - n.usual.y);
    const untouched = terrain
      .spawnSites(n.usual)
      .sites.filter((s) => SPAWN_GROUND.has(s.ground) && Math.hypot(s.poi.worldX, s.poi.worldY) > PICKED_CLEAN_WITHIN);
    expect(Math.min(...untouched.map(dist))).toBe(dist(site!));

    // Half an hour on, every picked-clean site has recovered a point: the next newcomer appears near the origin.
    clock += SCAVENGE_RULES.recoveryMsPerPoint;
    const later = await newcomer();
    expect(later.me).toEqual({ x: later.usual.x, y: later.usual.y });
    expect(Math.max(Math.abs(later.me.x), Math.abs(later.me.y))).toBeLessThan(150);
  });
});
