/**
 * Live fan-out benchmark: W worlds × P players, each moving M times a second over real WebSockets on loopback, for
 * S seconds, in one run against
 *   1. raw Bun pub/sub floors with the same shape (pubsub-floor.ts: per-world topic, nothing else), one per flush
 *      policy: the 25 ms beat, the adaptive beat, and every move at once (the latency floor);
 *   2. the production server in one process, on embedded PGlite and (with DATABASE_URL) on Postgres;
 *   3. with DATABASE_URL: two server processes on one Postgres database, each world's players split between them,
 *      so every move crosses the LISTEN/NOTIFY bus to half its observers;
 * each server run once per flush policy (MOVE_FLUSH_MS), so old and new are compared under the same load.
 * Prints p50/p99 delivery latency, frames delivered/s (and per observer), NOTIFY/s, CPU and peak RSS per process,
 * and the ratios. Measures; never fails. BENCH_WORLDS (50), BENCH_PLAYERS (20), BENCH_MOVES_PER_SECOND (10),
 * BENCH_SECONDS (20), BENCH_MODES (floor,one,two), BENCH_FLOORS (beat,adaptive,immediate), BENCH_FLUSH (the
 * MOVE_FLUSH_MS values to compare: beat,10), BENCH_BACKENDS (pglite, and postgres with DATABASE_URL),
 * BENCH_PROFILE_DIR (servers write CPU profiles there).
 */
import { headline } from './headline.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { SESSION_COOKIE } from '../contract/auth.ts';
import { PROTOCOL_VERSION } from '../contract/protocol.ts';
import { BUS_CHANNEL } from '../live/pg-bus.ts';
import { freshPostgresUrl } from '../testing/databases.ts';
import { freePort } from '../testing/free-port.ts';
import { spawnServer, type ServerProcess } from '../testing/process.ts';
import { postgresCpuSeconds, runLoad, type LoadResult, type LoadUser } from './live-load.ts';
import { type Seeded, seedPlayers } from './seed-players.ts';

const WORLDS = Number(process.env.BENCH_WORLDS ?? 50);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 20);
const RATE = Number(process.env.BENCH_MOVES_PER_SECOND ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const MODES = (process.env.BENCH_MODES ?? 'floor,one,two').split(',');
const FLOORS = (process.env.BENCH_FLOORS ?? 'beat,adaptive,immediate').split(',');
const FLUSHES = (process.env.BENCH_FLUSH ?? 'beat,10').split(',');
const root = resolve(import.meta.dir, '../..');
const load = { rate: RATE, seconds: SECONDS };

function gameUser(u: Seeded, server: ServerProcess): LoadUser {
  return {
    id: u.id,
    worldId: u.worldId,
    url: `${server.url.replace(/^http/, 'ws')}/ws?worldId=${u.worldId}&protocol=${PROTOCOL_VERSION}`,
    headers: { cookie: `${SESSION_COOKIE}=${u.token}`, origin: server.url },
  };
}

const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const serverEnv = (flush: string) => ({
  MAX_PLAYERS: String(WORLDS * PLAYERS + 10),
  LOG_LEVEL: 'warn',
  MOVE_FLUSH_MS: flush,
  // Each server writes a CPU profile (markdown, heaviest functions first) there when it stops.
  ...(PROFILE_DIR ? { BUN_OPTIONS: `--cpu-prof-md --cpu-prof-dir=${PROFILE_DIR}` } : {}),
});
const flushName = (flush: string) => (flush === 'beat' ? 'flush beat' : `flush ${flush} ms`);
const results: { name: string; r: LoadResult; notifiesPerSecond?: number }[] = [];

/** Server CPU over every process, % of one core. */
const cpu = (r: LoadResult) => r.processes.reduce((sum, p) => sum + p.cpuPercent, 0);
/** Server CPU a move, µs. */
const cpuPerMove = (r: LoadResult) => (cpu(r) / 100 / r.sentPerSecond) * 1e6;

function report(name: string, r: LoadResult, notifiesPerSecond?: number) {
  results.push({ name, r, notifiesPerSecond });
  const procs = r.processes.map((p, i) => `#${i + 1} ${p.cpuPercent.toFixed(0)}% CPU, ${p.rssPeakMiB.toFixed(0)} MiB`).join('; ');
  console.log(
    `${name}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms (${r.samples} samples); ` +
      `moves ${r.sentPerSecond.toFixed(0)}/s, rejected ${r.rejected}; frames delivered ${r.framesPerSecond.toFixed(0)}/s ` +
      `(${(r.framesPerSecond / (WORLDS * PLAYERS)).toFixed(0)} per observer)` +
      (notifiesPerSecond !== undefined ? `; NOTIFY ${notifiesPerSecond.toFixed(0)}/s` : '') +
      `; servers: ${procs} (${cpuPerMove(r).toFixed(0)} µs CPU a move)` +
      (r.databaseCpuPercent !== undefined ? `; Postgres ${r.databaseCpuPercent.toFixed(0)}% CPU` : '') +
      `; bench clients ${r.clientCpuPercent.toFixed(0)}% CPU`,
  );
}

/** A run that fails (a loaded machine may not connect everyone in time) is reported, and its servers still stop. */
async function attempt(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    console.log(`${name}: failed: ${err instanceof Error ? err.message : err}`);
  }
}

console.log(`${WORLDS} worlds × ${PLAYERS} players, ${RATE} moves/s each, ${SECONDS} s per run`);

for (const policy of MODES.includes('floor') ? FLOORS : []) {
  const port = await freePort();
  const floor = Bun.spawn(['bun', 'api/bench/pubsub-floor.ts', String(port), policy], {
    cwd: root,
    stdout: 'ignore',
    stderr: 'inherit',
  });
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (i > 100) throw new Error('the floor did not start');
    await Bun.sleep(100);
  }
  const users = Array.from({ length: WORLDS * PLAYERS }, (_, i) => {
    const id = `f${i}`;
    const worldId = `w${Math.floor(i / PLAYERS)}`;
    return { id, worldId, url: `ws://127.0.0.1:${port}/?worldId=${worldId}&id=${id}`, headers: {} };
  });
  await attempt(`floor ${policy}`, async () => report(`floor ${policy}`, await runLoad(users, { ...load, pids: [floor.pid] })));
  floor.kill();
  await floor.exited;
}

if (MODES.includes('one')) {
  const backends = (process.env.BENCH_BACKENDS ?? (process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',');
  for (const backend of backends) {
    for (const flush of FLUSHES) {
      const dataDir = mkdtempSync(join(tmpdir(), 'wl-bench-'));
      const url = backend === 'postgres' ? await freshPostgresUrl() : '';
      const seeded = await seedPlayers(url ? { url } : { dataDir }, WORLDS, PLAYERS);
      const server = await spawnServer({ ...serverEnv(flush), DATABASE_URL: url, DATA_DIR: dataDir });
      if (backend === 'pglite' && flush === FLUSHES[0]) await chunksCall(server, seeded[0]!);
      const databaseCpuSeconds = backend === 'postgres' ? postgresCpuSeconds : undefined;
      const users = seeded.map((u) => gameUser(u, server));
      const name = `one process on ${backend}, ${flushName(flush)}`;
      await attempt(name, async () => report(name, await runLoad(users, { ...load, pids: [server.pid], databaseCpuSeconds })));
      await server.stop();
    }
  }
}

if (MODES.includes('two') && process.env.DATABASE_URL) {
  for (const flush of FLUSHES) {
    const url = await freshPostgresUrl();
    const seeded = await seedPlayers({ url }, WORLDS, PLAYERS);
    const p1 = await spawnServer({ ...serverEnv(flush), DATABASE_URL: url });
    const p2 = await spawnServer({ ...serverEnv(flush), DATABASE_URL: url });
    // Count what crosses the bus, as Postgres delivers it to a third listener.
    const listener = postgres(url, { max: 1, onnotice: () => {} });
    let notifies = 0;
    await listener.listen(BUS_CHANNEL, () => {
      notifies += 1;
    });
    // Half of each world on each process: a proxy without sticky sessions spreads a world's players like this.
    const users = seeded.map((u, i) => gameUser(u, i % 2 ? p2 : p1));
    const before = notifies;
    const t0 = performance.now();
    const name = `two processes on Postgres (bus), ${flushName(flush)}`;
    await attempt(name, async () => {
      const r = await runLoad(users, { ...load, pids: [p1.pid, p2.pid], databaseCpuSeconds: postgresCpuSeconds });
      report(name, r, (notifies - before) / ((performance.now() - t0) / 1000));
    });
    await listener.end();
    await Promise.all([p1.stop(), p2.stop()]);
  }
} else if (MODES.includes('two')) {
  console.log('two processes: skipped (needs DATABASE_URL: PGlite serves one process)');
}

const find = (name: string) => results.find((x) => x.name === name)?.r;
const ratio = (what: string, a: LoadResult | undefined, b: LoadResult | undefined) => {
  if (!a || !b) return;
  console.log(
    `${what}: p50 ${(a.p50 / b.p50).toFixed(2)}×, p99 ${(a.p99 / b.p99).toFixed(2)}×, ` +
      `server CPU ${(cpu(a) / cpu(b)).toFixed(2)}×, frames ${(a.framesPerSecond / b.framesPerSecond).toFixed(2)}×`,
  );
};
console.log('\nratios (same run):');
const floors = { beat: find('floor beat'), adaptive: find('floor adaptive'), immediate: find('floor immediate') };
ratio('floor adaptive / floor beat', floors.adaptive, floors.beat);
for (const backend of ['pglite', 'postgres']) {
  const [old, ...news] = FLUSHES.map((f) => find(`one process on ${backend}, ${flushName(f)}`));
  for (const [i, r] of news.entries()) {
    ratio(`one process on ${backend}, ${flushName(FLUSHES[i + 1]!)} / ${flushName(FLUSHES[0]!)}`, r, old);
    ratio(`one process on ${backend}, ${flushName(FLUSHES[i + 1]!)} / floor adaptive`, r, floors.adaptive);
  }
  ratio(`one process on ${backend}, ${flushName(FLUSHES[0]!)} / floor beat`, old, floors.beat);
}
// The goals' figures, at the production setting (MOVE_FLUSH_MS 10): against the adaptive floor of this run.
const DEFAULT_FLUSH = flushName('10');
for (const backend of ['pglite', 'postgres']) {
  const r = find(`one process on ${backend}, ${DEFAULT_FLUSH}`);
  const floor = floors.adaptive;
  if (!r) continue;
  if (floor) {
    headline(
      `${backend}, p99 / adaptive floor`,
      `${(r.p99 / floor.p99).toFixed(2)}× (${r.p99.toFixed(1)} vs ${floor.p99.toFixed(1)} ms)`,
    );
    headline(
      `${backend}, CPU a move / adaptive floor`,
      `${(cpuPerMove(r) / cpuPerMove(floor)).toFixed(2)}× (${cpuPerMove(r).toFixed(0)} vs ${cpuPerMove(floor).toFixed(0)} µs)`,
    );
  }
  headline(
    `${backend}, RSS peak at ${WORLDS * PLAYERS} players`,
    `${Math.max(...r.processes.map((p) => p.rssPeakMiB)).toFixed(0)} MiB`,
  );
}
const two = find(`two processes on Postgres (bus), ${DEFAULT_FLUSH}`);
const onePostgres = find(`one process on postgres, ${DEFAULT_FLUSH}`);
if (two && onePostgres) headline('two processes / one (Postgres), p99', `${(two.p99 / onePostgres.p99).toFixed(2)}×`);
const twos = FLUSHES.map((f) => find(`two processes on Postgres (bus), ${flushName(f)}`));
for (const [i, r] of twos.entries()) {
  if (i > 0) ratio(`two processes, ${flushName(FLUSHES[i]!)} / ${flushName(FLUSHES[0]!)}`, r, twos[0]);
  ratio(
    `two processes / one process (Postgres), ${flushName(FLUSHES[i]!)}`,
    r,
    find(`one process on postgres, ${flushName(FLUSHES[i]!)}`),
  );
}
process.exit(0);

/** The chunks call at radius 2 (kept from the first live benchmark). */
async function chunksCall(server: ServerProcess, u: Seeded): Promise<void> {
  const headers = { cookie: `${SESSION_COOKIE}=${u.token}` };
  const times: number[] = [];
  let bytes = 0;
  // Regions are read around the player's own survivor: centres within two chunks of its chunk.
  const me = (await (await fetch(`${server.url}/api/player/current?worldId=${u.worldId}`, { headers })).json()) as {
    x: number;
    y: number;
  };
  const cx = Math.floor(me.x / 640);
  const cy = Math.floor(me.y / 640);
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    const res = await fetch(
      `${server.url}/api/world/${u.worldId}/chunks?centerChunkX=${cx + (i % 5) - 2}&centerChunkY=${cy + (Math.floor(i / 5) % 5) - 2}&chunkRadius=2`,
      { headers },
    );
    bytes = (await res.arrayBuffer()).byteLength;
    times.push(performance.now() - t0);
    if (!res.ok) throw new Error(`chunks: ${res.status}`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `chunks call, radius 2 (25 chunks, 25 centres round the survivor): median ${times[20]!.toFixed(1)} ms, p95 ${times[38]!.toFixed(1)} ms, response ${(bytes / 1024).toFixed(0)} KiB`,
  );
}
