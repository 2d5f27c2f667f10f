/**
 * Two server processes on one Postgres database, each on its own port, as an operator runs them behind one
 * address: the lobby, presence, moves, takeovers and logouts agree across them, and one can stop while the other
 * keeps serving. Needs a Postgres server (DATABASE_URL); PGlite serves one process by design.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Close } from '../contract/protocol.ts';
import { TestClient, uniqueName } from '../testing/client.ts';
import { freshPostgresUrl, describeOnPostgres } from '../testing/databases.ts';
import { TestSocket } from '../testing/live.ts';
import { passableStep } from '../testing/steps.ts';
import { spawnServer, type ServerProcess } from '../testing/process.ts';
import { DEFAULT_MAX_PLAYERS } from '../contract/lobby.ts';
import postgres from 'postgres';

const SEED = 12345;

describeOnPostgres('two processes on one Postgres database', () => {
  let p1: ServerProcess;
  let p2: ServerProcess;
  let sql: postgres.Sql;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    const url = await freshPostgresUrl();
    sql = postgres(url, { max: 1, onnotice: () => {} });
    // One world (WORLDS_MAX=1): these players meet in `default`, and the 21st queues (worlds opened on demand are
    // api/modules/lobby/worlds.test.ts's).
    const env = { DATABASE_URL: url, WORLD_SEED: String(SEED), MAX_PLAYERS: String(DEFAULT_MAX_PLAYERS), WORLDS_MAX: '1' };
    // One after the other: both would otherwise race to apply the migrations.
    p1 = await spawnServer(env);
    p2 = await spawnServer(env);
  }, 90_000);
  afterAll(async () => {
    for (const s of sockets) if (s.ws.readyState <= 1) s.close();
    await Promise.all([p1?.stop(), p2?.stop()]);
    await sql?.end();
  });

  /**
   * A survivor standing at (x, y) before first entering the world, as players who met there would: a move is told
   * only to those in sight, and newcomers appear far apart.
   */
  async function standAt(c: TestClient & { id: string }, at: { x: number; y: number }): Promise<void> {
    await sql`insert into players (user_id, world_id, name, x, y, color)
      values (${c.id}, 'default', ${uniqueName('st')}, ${at.x}, ${at.y}, '#fff')
      on conflict (user_id, world_id) do update set x = excluded.x, y = excluded.y`;
  }

  const via = (c: TestClient, server: ServerProcess): TestClient => c.at(server.url);
  function open(c: TestClient, server: ServerProcess): TestSocket {
    const s = TestSocket.open(server.url, via(c, server));
    sockets.push(s);
    return s;
  }
  const stepFrom = (x: number, y: number, distance?: number) => passableStep(SEED, x, y, distance);

  let seated: (TestClient & { id: string })[] = [];

  test('26 joins spread over both processes seat exactly MAX_PLAYERS and queue the rest', async () => {
    const clients = await Promise.all(
      Array.from({ length: 26 }, async (_, i) => {
        const c = new TestClient((i % 2 ? p2 : p1).url) as TestClient & { id: string };
        c.id = (await c.register(uniqueName('two'))).id;
        return c;
      }),
    );
    const answers = await Promise.all(clients.map(async (c) => (await c.json(c.post('/api/lobby/join-game'))).action));
    expect(answers.filter((a) => a === 'joined_lobby').length).toBe(DEFAULT_MAX_PLAYERS);
    expect(answers.filter((a) => a === 'added_to_queue').length).toBe(26 - DEFAULT_MAX_PLAYERS);
    for (const server of [p1, p2]) {
      const lobby = await via(clients[0]!, server).json(via(clients[0]!, server).get('/api/lobby'));
      expect(lobby.players.length).toBe(DEFAULT_MAX_PLAYERS);
      expect(lobby.queue.length).toBe(26 - DEFAULT_MAX_PLAYERS);
    }
    seated = clients.filter((_, i) => answers[i] === 'joined_lobby');
    expect((await seated[0]!.get('/api/world/default')).status).toBe(200);
  }, 30_000);

  test('a player on process 2 sees a player on process 1 join, move and leave', async () => {
    const [a, b] = [seated[5]!, seated[6]!];
    const meeting = await stepFrom(0, 0, 8);
    await standAt(a, meeting);
    await standAt(b, await stepFrom(meeting.x, meeting.y, 6));
    const sb = open(b, p2);
    await sb.next('players_list');
    const sa = open(a, p1);
    const list = await sa.next('players_list');
    // The list p1 gives may or may not hold b yet (its roster arrives over the bus); the join frame is certain.
    expect(list.players.some((p) => p.id === a.id)).toBe(true);
    await sb.next('player_joined', (m) => m.player.id === a.id, 3_000);
    const aSeesB = (await sa.next('players_list')).players.some((p) => p.id === b.id);
    if (!aSeesB) await sa.next('player_joined', (m) => m.player.id === b.id, 3_000);

    const me = await via(a, p1).json(via(a, p1).get('/api/player/current'));
    const target = await stepFrom(me.x, me.y);
    const sent = performance.now();
    sa.send({ type: 'player_move', ...target });
    const moved = await sb.next('player_moved', (m) => m.playerId === a.id && Math.abs(m.x - target.x) < 1e-9, 3_000);
    console.log(`  move seen across processes after ${(performance.now() - sent).toFixed(1)} ms`);
    expect(moved.y).toBeCloseTo(target.y);

    // Both processes list the same survivors.
    const [on1, on2] = await Promise.all([
      via(a, p1).json(via(a, p1).get('/api/world/default/players')),
      via(b, p2).json(via(b, p2).get('/api/world/default/players')),
    ]);
    const ids = (l: { id: string }[]) => l.map((p) => p.id).sort();
    expect(ids(on1)).toEqual(ids(on2));

    sa.close();
    await sb.next('player_left', (m) => m.playerId === a.id, 3_000);
  }, 30_000);

  test('a second tab on the other process takes over the first (4001); logging out on one closes sockets on both', async () => {
    const c = seated[2]!;
    const first = open(c, p1);
    await first.next('players_list');
    const second = open(c, p2);
    await second.next('players_list');
    expect((await first.closed).code).toBe(Close.replaced);

    await via(c, p1).post('/api/player/logout');
    expect((await second.closed).code).toBe(Close.normal);
  }, 30_000);

  test('SIGTERM closes the stopping process’s sockets with 1001 and exits 0 within 10 s; the other keeps serving', async () => {
    const [x, y] = [seated[3]!, seated[4]!];
    const onStopping = open(x, p1);
    await onStopping.next('players_list');
    const onStaying = open(y, p2);
    await onStaying.next('players_list');
    const started = performance.now();
    const code = await p1.stop();
    const took = performance.now() - started;
    console.log(`  SIGTERM to exit: ${took.toFixed(0)} ms`);
    expect(code).toBe(0);
    expect(took).toBeLessThan(10_000);
    expect((await onStopping.closed).code).toBe(Close.goingAway);
    expect((await fetch(`${p2.url}/api/health`)).status).toBe(200);
    onStaying.send({ type: 'ping' });
    await onStaying.next('pong');
    // The survivor on the stopped process leaves the world for those still in it: the stopping process says so.
    await onStaying.next('player_left', (m) => m.playerId === x.id, 3_000);
  }, 40_000);
});
