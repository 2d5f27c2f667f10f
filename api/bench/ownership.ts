/**
 * What one owner per survivor costs: two server processes on one Postgres database, a player whose socket holds the
 * survivor on process 2. Times GET /api/player/current and POST /api/player/move answered by the holder itself
 * (process 2) and by the other process, which asks the holder over the bus (process 1). Prints p50/p99 of each and
 * the ratio. Needs DATABASE_URL.
 */
import { TestClient, uniqueName } from '../testing/client.ts';
import { freshPostgresUrl } from '../testing/databases.ts';
import { TestSocket } from '../testing/live.ts';
import { spawnServer } from '../testing/process.ts';
import { passableStep } from '../testing/steps.ts';
import { pct } from './seated.ts';

if (!process.env.DATABASE_URL) {
  console.log('ownership: skipped (needs DATABASE_URL)');
  process.exit(0);
}
const SEED = 12345;
const N = Number(process.env.BENCH_OWNERSHIP_CALLS ?? 200);
const url = await freshPostgresUrl();
const env = { DATABASE_URL: url, WORLD_SEED: String(SEED), WRITE_LIMIT_PER_MINUTE: '0' };
const p1 = await spawnServer(env);
const p2 = await spawnServer(env);
try {
  const holder = new TestClient(p2.url);
  await holder.register(uniqueName('bench'));
  await holder.post('/api/lobby/join-game');
  const other = new TestClient(p1.url);
  for (const [k, v] of holder.cookies) other.cookies.set(k, v);
  const socket = TestSocket.open(p2.url, holder);
  await socket.next('players_list');

  async function time(call: () => Promise<Response>): Promise<number[]> {
    const ms: number[] = [];
    for (let i = 0; i < N; i++) {
      const t = performance.now();
      const res = await call();
      await res.arrayBuffer();
      ms.push(performance.now() - t);
    }
    return ms.sort((a, b) => a - b);
  }
  const where = (c: TestClient) => () => c.get('/api/player/current?worldId=default');
  /** REST moves a few units at a time, within the REST move limit (12 a second); only the move itself is timed. */
  async function moves(c: TestClient): Promise<number[]> {
    const ms: number[] = [];
    let at = await (await c.get('/api/player/current?worldId=default')).json();
    for (let i = 0; i < N / 4; i++) {
      const to = await passableStep(SEED, at.x, at.y, 3);
      await Bun.sleep(90);
      const t = performance.now();
      const moved = await (await c.post('/api/player/move?worldId=default', to)).json();
      ms.push(performance.now() - t);
      at = moved;
    }
    return ms.sort((a, b) => a - b);
  }
  const rows: [string, number[]][] = [
    ['position, on the holder', await time(where(holder))],
    ['position, asked of the holder', await time(where(other))],
    ['REST move, on the holder', await moves(holder)],
    ['REST move, forwarded to the holder', await moves(other)],
  ];
  console.log(`${N} calls each, one after another; the survivor is held by the process with its socket`);
  for (const [name, ms] of rows)
    console.log(`  ${name.padEnd(36)} p50 ${pct(ms, 50).toFixed(2)} ms  p99 ${pct(ms, 99).toFixed(2)} ms`);
  const [local, remote] = [rows[0]![1], rows[1]![1]];
  console.log(
    `  forwarding adds p50 ×${(pct(remote, 50) / pct(local, 50)).toFixed(1)} (${(pct(remote, 50) - pct(local, 50)).toFixed(2)} ms)`,
  );
  socket.close();
} finally {
  await Promise.all([p1.stop(), p2.stop()]);
}
