/**
 * The pack's pace across processes: a survivor held by one process (its socket there) and asked to move through the
 * other is judged at the pace its load gives, and a pack lightened through the other process (a deposit there) gives
 * the holder full speed back. Needs a Postgres server (DATABASE_URL); PGlite serves one process by design.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { loadCoreForBun, TILE_SIZE } from '../../core-wasm/index.ts';
import { carryLimit, PACK_CAPACITY_G, weightOf } from '../game/carrying.ts';
import { budgetCap } from '../game/movement.ts';
import { walkPath } from '../game/walking.ts';
import { IMPASSABLE } from '../game/world.ts';
import { TestClient, uniqueName } from '../testing/client.ts';
import { describeOnPostgres, freshPostgresUrl } from '../testing/databases.ts';
import { TestSocket } from '../testing/live.ts';
import { type ServerProcess, spawnServer } from '../testing/process.ts';
import { until } from '../testing/until.ts';

const SEED = 12345;
const SCRAP = Math.ceil(carryLimit(PACK_CAPACITY_G) / weightOf('Scrap Metal'));
type Point = { x: number; y: number };

describeOnPostgres('the pack slows a survivor the same on every process', () => {
  let p1: ServerProcess;
  let p2: ServerProcess;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    const url = await freshPostgresUrl();
    // Past the carry limit from the first step, with what a shelter, a settlement and a materials container take.
    const env = {
      DATABASE_URL: url,
      WORLD_SEED: String(SEED),
      STARTER_KIT: `Scrap Metal:${SCRAP},Wood Planks:6,Cloth Scraps:1,Steel Pipes:2`,
    };
    // One after the other: on a database without the run's template both would race to apply the migrations.
    p1 = await spawnServer(env);
    p2 = await spawnServer(env);
  }, 90_000);
  afterAll(async () => {
    for (const s of sockets) if (s.ws.readyState <= 1) s.close();
    await Promise.all([p1?.stop(), p2?.stop()]);
  });

  /** A spot `distance` away along a straight path the server accepts. */
  async function reachable(from: Point, distance: number): Promise<Point> {
    const core = await loadCoreForBun();
    const passable = (x: number, y: number) =>
      !IMPASSABLE.has(core.biomeAt(SEED, Math.floor(x / TILE_SIZE), Math.floor(y / TILE_SIZE)));
    for (let i = 0; i < 16; i++) {
      const a = (i * Math.PI) / 8;
      const to = { x: from.x + Math.cos(a) * distance, y: from.y + Math.sin(a) * distance };
      if (!walkPath(from, to, passable).blocked) return to;
    }
    throw new Error('no passable line');
  }

  test('held on process 1, moved through process 2: the heavy pace; lightened through process 2: full speed on both', async () => {
    const c = new TestClient(p1.url);
    await c.register(uniqueName('mule'));
    expect((await c.post('/api/lobby/join-game')).status).toBe(200);
    const socket = TestSocket.open(p1.url, c);
    sockets.push(socket);
    await socket.next('players_list');
    const other = c.at(p2.url);
    const here = await c.json<Point>(other.get('/api/player/current?worldId=default'));
    // The settlement first (its costs weigh little), from process 2.
    expect((await other.post('/api/build-shelter', { worldId: 'default', ...here })).status).toBe(200);
    const made = await other.json<{ id: string }>(
      other.post('/api/settlements', { worldId: 'default', name: uniqueName('Depot'), ...here }),
    );
    const built = await other.post('/api/buildings', {
      type: 'container',
      subtype: 'materials',
      name: 'Scrap heap',
      materials: {},
      settlementId: made.id,
      worldId: 'default',
    });
    expect(built.status).toBe(200);

    // Longer than half speed's full budget, shorter than full speed's: refused however long the survivor waited.
    const to = await reachable(here, Math.round((budgetCap(0.5) + budgetCap(1)) / 2));
    const refusedOn = async (server: ServerProcess) =>
      c
        .at(server.url)
        .json<{ accepted: boolean; reason?: string }>(c.at(server.url).post('/api/player/move?worldId=default', to));
    expect(await refusedOn(p2)).toMatchObject({ accepted: false, reason: 'Too far to have walked there' });
    expect(await refusedOn(p1)).toMatchObject({ accepted: false, reason: 'Too far to have walked there' });

    // Stored through process 2: the holder on process 1 weighs the pack again and the same step goes through.
    const dep = await other.json<{ moved: number }>(
      other.post(`/api/settlements/${made.id}/deposit-by-category`, { worldId: 'default', category: 'materials' }),
    );
    expect(dep.moved).toBeGreaterThanOrEqual(SCRAP - 10);
    await until(async () => (await refusedOn(p2)).accepted, {
      what: 'the unladen survivor took the long step',
      timeoutMs: 15_000,
    });
    const [a, b] = await Promise.all([
      c.json<Point>(c.get('/api/player/current?worldId=default')),
      c.json<Point>(other.get('/api/player/current?worldId=default')),
    ]);
    expect(Math.hypot(a.x - to.x, a.y - to.y)).toBeLessThan(1);
    expect(Math.hypot(b.x - to.x, b.y - to.y)).toBeLessThan(1);
  }, 60_000);
});
