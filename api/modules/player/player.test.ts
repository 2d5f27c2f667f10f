import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Biome, loadCoreForBun, TILE_SIZE } from '../../../core-wasm/index.ts';
import { players } from '../../../db/schema/index.ts';
import { repositories } from '../../../db/index.ts';
import { MOVE_BUDGET_CAP, MOVE_BUDGET_REFILL_PER_SECOND } from '../../game/movement.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends } from '../../testing/databases.ts';
import { TestSocket } from '../../testing/live.ts';
import { NO_WRITE_LIMITS, startTestServer, type TestServer } from '../../testing/server.ts';
import { until } from '../../testing/until.ts';

const SEED = 12345;
const core = await loadCoreForBun();
const passable = (x: number, y: number) => {
  const b = core.biomeAt(SEED, Math.floor(x / TILE_SIZE), Math.floor(y / TILE_SIZE));
  return b !== Biome.water && b !== Biome.mountains;
};
/** A row at the x = 640 sector border where the walk x 630 → 650 crosses passable ground only. */
function borderRow(): number {
  let y = 2.5;
  const clear = (yy: number) => [630, 632.5, 635, 637.5, 640, 642.5, 645, 647.5, 650].every((x) => passable(x, yy));
  while (!clear(y)) y += 5;
  return y;
}
const explored = Buffer.from(new Uint8Array(2048).fill(255)).toString('base64');

/** The speed budget, the REST move limit, the game log's throttle and the explored-land bounds. */
describe.each(backends())('the survivor under abuse on %s', (backend) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    // Floods of 200 moves and saves test the routes' own limiters, not the central write limit.
    server = await startTestServer(backend, { worldSeed: SEED, ...NO_WRITE_LIMITS });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server.stop();
  });

  /** A seated player placed on a row where it can pace across the x = 640 border. */
  async function pacer(): Promise<{ c: TestClient & { id: string }; y: number }> {
    const c = new TestClient(server.url) as TestClient & { id: string };
    c.id = (await c.register(uniqueName('pace'))).id;
    await c.post('/api/lobby/join-game');
    expect((await c.get('/api/world/default')).status).toBe(200);
    const y = borderRow();
    await server.database.db
      .insert(players)
      .values({ userId: c.id, worldId: 'default', name: 'pacer', x: 635, y, color: '#fff', isOnline: false });
    return { c, y };
  }

  test('many small REST moves buy no extra ground, and a flood of them is answered 429', async () => {
    const { c, y } = await pacer();
    const t0 = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => c.post('/api/player/move', { x: i % 2 === 0 ? 645 : 635, y })),
    );
    const elapsed = (Date.now() - t0) / 1000;
    const bodies = await Promise.all(answers.map((r) => r.json()));
    const limited = answers.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(100);
    expect(limited[0]!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(bodies.find((_b, i) => answers[i]!.status === 429).message).toMatch(/Too many moves/);
    const accepted = bodies.filter((b) => b.accepted === true).length;
    // Each accepted report walked 10 units; the budget allows the cap plus what the elapsed time refilled.
    expect(accepted * 10).toBeLessThanOrEqual(MOVE_BUDGET_CAP + MOVE_BUDGET_REFILL_PER_SECOND * elapsed + 1e-6);
  });

  test('over the socket, within its rate limit and across reconnects, a walker covers no more than the budget', async () => {
    const { c, y } = await pacer();
    // The server's own word on where the walker went is what it tells a survivor watching from a few units away
    // (positions go only to those in sight), one frame per beat.
    const watcher = new TestClient(server.url) as TestClient & { id: string };
    watcher.id = (await watcher.register(uniqueName('watch'))).id;
    await watcher.post('/api/lobby/join-game');
    await server.database.db
      .insert(players)
      .values({ userId: watcher.id, worldId: 'default', name: 'watcher', x: 640, y: y + 5, color: '#fff', isOnline: false });
    const seen = TestSocket.open(server.url, watcher);
    sockets.push(seen);
    await seen.next('players_list');
    let covered = 0;
    let at = 635;
    const t0 = Date.now();
    for (let round = 0; round < 3; round++) {
      const s = TestSocket.open(server.url, c);
      sockets.push(s);
      await s.next('players_list');
      for (let i = 0; i < 12; i++) {
        s.send({ type: 'player_move', x: i % 2 === 0 ? 650 : 630, y });
        await Bun.sleep(55);
      }
      s.send({ type: 'ping' });
      await s.next('pong');
      s.close();
      await s.closed;
    }
    seen.send({ type: 'ping' });
    await seen.next('pong');
    for (const m of seen.received) {
      if (m.type !== 'player_moved' || m.playerId !== c.id) continue;
      covered += Math.abs(m.x - at);
      at = m.x;
    }
    const elapsed = (Date.now() - t0) / 1000;
    // 36 reports of 20 units in about 2 s: the old per-report slack accepted every one (705 units).
    expect(covered).toBeGreaterThan(0);
    expect(covered).toBeLessThanOrEqual(MOVE_BUDGET_CAP + MOVE_BUDGET_REFILL_PER_SECOND * elapsed + 1e-6);
  });

  test('pacing over a sector border logs one discovery and at most one travel line', async () => {
    const { c, y } = await pacer();
    for (let i = 0; i < 20; i++) {
      const res = await c.json(c.post('/api/player/move', { x: i % 2 === 0 ? 645 : 635, y }));
      expect(res.accepted).toBe(true);
    }
    // Whether a crossing gets a line is decided as its move is taken (the memory of sectors, the throttle's slot), and
    // the line sent to the database then; only the discovery asks the database first: its line is the last one sent.
    type Line = { playerId: string; type: string };
    let mine: Line[] = [];
    await until(
      async () => {
        mine = ((await c.json(c.get('/api/world/default/events'))) as Line[]).filter(
          (e) => e.playerId === c.id && (e.type === 'discover' || e.type === 'move'),
        );
        return mine.some((e) => e.type === 'discover');
      },
      { what: 'the discovery line' },
    );
    expect(mine.filter((e: { type: string }) => e.type === 'discover')).toHaveLength(1);
    expect(mine.filter((e: { type: string }) => e.type === 'move').length).toBeLessThanOrEqual(1);
  });

  test('the game log names a survivor without showing its e-mail address to anyone', async () => {
    const c = new TestClient(server.url);
    const username = uniqueName('mail');
    await c.register(username, { email: `${username}@example.com` });
    await c.post('/api/lobby/join-game');
    expect((await c.get('/api/player/current')).status).toBe(200);
    const other = (await pacer()).c;
    let lines: { message: string }[] = [];
    for (let i = 0; i < 20 && !lines.some((e) => e.message.includes(username)); i++) {
      await Bun.sleep(50);
      lines = await other.json(other.get('/api/world/default/events'));
    }
    expect(lines.some((e) => e.message === `${username} entered the wasteland`)).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('@example.com');
  });

  test('explored tiles: unknown worlds are 404, saves are rate-limited, and the total per player is bounded', async () => {
    const { c } = await pacer();
    expect((await c.get('/api/player/explored-tiles?worldId=made-up')).status).toBe(404);
    const bogus = await c.post('/api/player/explored-tiles', {
      worldId: 'made-up',
      exploredTiles: [{ chunkX: 1, chunkY: 1, bits: explored }],
    });
    expect(bogus.status).toBe(404);
    expect((await bogus.json()).message).toBe('Unknown world');
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await c.post('/api/player/explored-tiles', {
        worldId: 'default',
        exploredTiles: [{ chunkX: i, chunkY: 0, bits: explored }],
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(statuses).toContain(429);

    const repo = repositories(server.database.db).world;
    const chunk = (x: number) => ({ chunkX: x, chunkY: 9, bits: new Uint8Array(2048).fill(1) });
    const before = (await repo.exploredChunks(c.id, 'default')).length;
    expect(before).toBeGreaterThanOrEqual(8);
    expect(await repo.mergeExplored(c.id, 'default', [chunk(100), chunk(101)], before + 1)).toBe(false);
    expect(await repo.mergeExplored(c.id, 'default', [chunk(100)], before + 1)).toBe(true);
    // Re-saving a sector already kept is always allowed; a new one past the bound is refused whole.
    expect(await repo.mergeExplored(c.id, 'default', [chunk(100)], before + 1)).toBe(true);
    expect(await repo.mergeExplored(c.id, 'default', [chunk(102), chunk(100)], before + 1)).toBe(false);
    expect((await repo.exploredChunks(c.id, 'default')).length).toBe(before + 1);
  });
});
