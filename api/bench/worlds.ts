/**
 * `bun run bench worlds`: many 20-seat worlds on two processes on one Postgres, measured through the real
 * lobby. Needs DATABASE_URL.
 *
 * 1. Admission: N users (accounts and sessions seeded beforehand, BENCH_USERS, default 1,000) join at once, each
 *    doing what a browser does: POST /api/lobby/join-game, GET /api/lobby/access for the world it was given (both
 *    alternately on either process), then a /ws socket to that world until its first players_list, on the process
 *    its world hashes to (as the nginx template sends /ws?worldId=). MAX_PLAYERS=20 and
 *    WORLDS_MAX=N/20 (50): the lobby opens worlds on demand under its lock. Prints the time until all are playing,
 *    p50/p99/max per join, and checks the outcome: all seated, none queued, exactly N/20 worlds of 20.
 * 2. Moves: those N players moving at BENCH_MOVES_PER_SECOND (10) for BENCH_SECONDS (20) in the worlds the lobby
 *    made, compared in one run with the raw Bun pub/sub floor (pubsub-floor.ts, adaptive) and with one process
 *    (the same worlds and players seeded straight into a fresh database). Two layouts over two processes:
 *      by world — every socket of a world on one process, as the nginx template hashes /ws?worldId= (the moves
 *                 stay in process);
 *      split    — each world's players alternately on both (a proxy without affinity: every move crosses the bus).
 * BENCH_WORLDS_ADMISSION_ONLY=1 stops after the admission. Writes are not limited per address (every bench client is 127.0.0.1; behind a proxy each player has its own).
 * Measures; never fails.
 */
import { SESSION_COOKIE } from '../contract/auth.ts';
import type { JoinGameResponse, LobbyAccess, WorldsList } from '../contract/lobby.ts';
import { PROTOCOL_VERSION, type ServerMessage } from '../contract/protocol.ts';
import { freshPostgresUrl } from '../testing/databases.ts';
import { freePort } from '../testing/free-port.ts';
import { spawnServer, type ServerProcess } from '../testing/process.ts';
import { cpuSeconds, postgresCpuSeconds, runLoad, type LoadResult, type LoadUser } from './live-load.ts';
import { seedAccounts, seedPlayers, type Seeded } from './seed-players.ts';

const USERS = Number(process.env.BENCH_USERS ?? 1000);
const SEATS = 20;
const WORLDS = Math.ceil(USERS / SEATS);
const RATE = Number(process.env.BENCH_MOVES_PER_SECOND ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const load = { rate: RATE, seconds: SECONDS };

const ADMISSION_ONLY = process.env.BENCH_WORLDS_ADMISSION_ONLY === '1';

if (!process.env.DATABASE_URL) {
  console.log('worlds: skipped (needs DATABASE_URL: several processes share one Postgres)');
  process.exit(0);
}

const serverEnv = (url: string) => ({
  DATABASE_URL: url,
  MAX_PLAYERS: String(SEATS),
  WORLDS_MAX: String(WORLDS),
  LOG_LEVEL: 'warn',
  WRITE_RATE_PER_ADDRESS: '0',
});

const q = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
const ms = (n: number) => `${n.toFixed(0)} ms`;

function socketUrl(server: ServerProcess, worldId: string): string {
  return `${server.url.replace(/^http/, 'ws')}/ws?worldId=${worldId}&protocol=${PROTOCOL_VERSION}`;
}

/** One user's admission as a browser does it; answers its world, its time and its socket (left open). */
async function admit(u: { id: string; token: string }, server: ServerProcess, socketTo: (worldId: string) => ServerProcess) {
  const headers = { cookie: `${SESSION_COOKIE}=${u.token}`, origin: server.url };
  const t0 = performance.now();
  const joined = await fetch(`${server.url}/api/lobby/join-game`, { method: 'POST', headers });
  if (!joined.ok) throw new Error(`join: ${joined.status} ${await joined.text()}`);
  const seat = (await joined.json()) as JoinGameResponse;
  const t1 = performance.now();
  if (!seat.seated || !seat.worldId) return { worldId: null, ms: t1 - t0, phases: [t1 - t0, 0, 0], ws: null };
  const access = (await (
    await fetch(`${server.url}/api/lobby/access?worldId=${seat.worldId}`, { headers })
  ).json()) as LobbyAccess;
  if (!access.canAccessGame) throw new Error(`access refused: ${JSON.stringify(access)}`);
  const t2 = performance.now();
  const live = socketTo(seat.worldId);
  const ws = new WebSocket(socketUrl(live, seat.worldId), { headers: { ...headers, origin: live.url } } as never);
  await new Promise<void>((res, rej) => {
    ws.onmessage = (e) => {
      if ((JSON.parse(String(e.data)) as ServerMessage).type === 'players_list') res();
    };
    ws.onerror = () => rej(new Error('socket refused'));
    ws.onclose = (e) => rej(new Error(`socket closed ${e.code} ${e.reason}`));
  });
  ws.onclose = null;
  ws.onmessage = null;
  const t3 = performance.now();
  return { worldId: seat.worldId, ms: t3 - t0, phases: [t1 - t0, t2 - t1, t3 - t2], ws };
}

const cpu = (r: LoadResult) => r.processes.reduce((s, p) => s + p.cpuPercent, 0);
function line(name: string, r: LoadResult) {
  console.log(
    `${name}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms (${r.samples} samples); ` +
      `moves ${r.sentPerSecond.toFixed(0)}/s, rejected ${r.rejected}; frames ${r.framesPerSecond.toFixed(0)}/s; servers ` +
      r.processes.map((p, i) => `#${i + 1} ${p.cpuPercent.toFixed(0)}% CPU ${p.rssPeakMiB.toFixed(0)} MiB`).join(', ') +
      (r.databaseCpuPercent !== undefined ? `; Postgres ${r.databaseCpuPercent.toFixed(0)}% CPU` : '') +
      `; bench clients ${r.clientCpuPercent.toFixed(0)}% CPU`,
  );
}
async function attempt(name: string, run: () => Promise<LoadResult>): Promise<LoadResult | undefined> {
  try {
    const r = await run();
    line(name, r);
    return r;
  } catch (err) {
    console.log(`${name}: failed: ${err instanceof Error ? err.message : err}`);
    return undefined;
  }
}

console.log(`${USERS} users, MAX_PLAYERS=${SEATS}, WORLDS_MAX=${WORLDS}, two processes on Postgres`);

// 1. Admission through the real lobby.
const url = await freshPostgresUrl();
const accounts = await seedAccounts({ url }, USERS);
const p1 = await spawnServer(serverEnv(url));
const p2 = await spawnServer(serverEnv(url));
const pids = [p1.pid, p2.pid];
const cpu0 = pids.map(cpuSeconds);
const db0 = postgresCpuSeconds();
const bench0 = process.cpuUsage();
const t0 = performance.now();
// HTTP alternates between the processes (the template's least_conn); a socket goes to its world's process (the
// template hashes /ws?worldId=; any fixed hash of the world does here).
const byHash = (worldId: string) => ([...worldId].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % 2 ? p2 : p1);
const admitted = await Promise.allSettled(accounts.map((u, i) => admit(u, i % 2 ? p2 : p1, byHash)));
const allPlaying = performance.now() - t0;
const cpuAdmission = pids.map((pid, i) => cpuSeconds(pid) - cpu0[i]!);
const dbAdmission = postgresCpuSeconds() - db0;
const benchCpu = process.cpuUsage(bench0);
const failed = admitted.filter((a) => a.status === 'rejected');
const done = admitted.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
const times = done.map((a) => a.ms).sort((a, b) => a - b);
const list = (await (await fetch(`${p1.url}/api/worlds`)).json()) as WorldsList;
const sizes = list.worlds.map((w) => w.seated);
console.log(
  `admission: all ${done.length} playing after ${ms(allPlaying)} (goal ≤ 5 s); per join p50 ${ms(q(times, 0.5))}, ` +
    `p99 ${ms(q(times, 0.99))}, max ${ms(q(times, 1))}; seated ${done.filter((a) => a.worldId).length}, ` +
    `queued ${done.filter((a) => !a.worldId).length}, failed ${failed.length}` +
    (failed.length ? ` (first: ${(failed[0] as PromiseRejectedResult).reason})` : '') +
    `; worlds ${list.worlds.length} (open ${list.open}, seats ${Math.min(...sizes)}..${Math.max(...sizes)}, online ${list.online}); ` +
    `CPU s: processes ${cpuAdmission.map((c) => c.toFixed(1)).join(' + ')}, Postgres ${dbAdmission.toFixed(1)}, ` +
    `bench clients ${((benchCpu.user + benchCpu.system) / 1e6).toFixed(1)}`,
);
if (failed.length) {
  // What the servers reported: a failed join is a defect to find, not a figure.
  const reports = [p1, p2].flatMap((p) =>
    p
      .output()
      .split('\n')
      .filter((l) => /error|fail/i.test(l)),
  );
  console.log(`  server reports (${reports.length}):\n${reports.slice(0, 12).join('\n')}`);
}
const phase = (i: number) => done.map((a) => a.phases[i]!).sort((a, b) => a - b);
console.log(
  '  phases p50/p99: ' +
    ['join', 'access', 'socket'].map((n, i) => `${n} ${ms(q(phase(i), 0.5))}/${ms(q(phase(i), 0.99))}`).join(', '),
);
for (const a of done) a.ws?.close(1000);
const players: Seeded[] = accounts.flatMap((u, i) => {
  const w =
    done.length === accounts.length ? (admitted[i] as PromiseFulfilledResult<{ worldId: string | null }>).value.worldId : null;
  return w ? [{ ...u, worldId: w }] : [];
});
if (ADMISSION_ONLY) {
  await Promise.all([p1.stop(), p2.stop()]);
  process.exit(0);
}
await Bun.sleep(2000); // the closes settle before the same users reconnect

// 2. Moves, in the worlds the lobby made.
const floorPort = await freePort();
const floor = Bun.spawn(['bun', 'api/bench/pubsub-floor.ts', String(floorPort), 'adaptive'], {
  cwd: `${import.meta.dir}/../..`,
  stdout: 'ignore',
  stderr: 'inherit',
});
for (
  let i = 0;
  !(await fetch(`http://127.0.0.1:${floorPort}/`).then(
    () => true,
    () => false,
  ));
  i++
) {
  if (i > 100) throw new Error('the floor did not start');
  await Bun.sleep(100);
}
const floorResult = await attempt('floor (Bun pub/sub, adaptive)', () =>
  runLoad(
    players.map((u) => ({
      id: u.id,
      worldId: u.worldId,
      url: `ws://127.0.0.1:${floorPort}/?worldId=${u.worldId}&id=${u.id}`,
      headers: {},
    })),
    { ...load, pids: [floor.pid] },
  ),
);
floor.kill();
await floor.exited;

const user = (u: Seeded, server: ServerProcess): LoadUser => ({
  id: u.id,
  worldId: u.worldId,
  url: socketUrl(server, u.worldId),
  headers: { cookie: `${SESSION_COOKIE}=${u.token}`, origin: server.url },
});
const byWorld = await attempt('two processes, by world (as the nginx template)', () =>
  runLoad(
    players.map((u) => user(u, byHash(u.worldId))),
    { ...load, pids, databaseCpuSeconds: postgresCpuSeconds },
  ),
);
const split = await attempt('two processes, each world split over both (bus)', () =>
  runLoad(
    players.map((u, i) => user(u, i % 2 ? p2 : p1)),
    { ...load, pids, databaseCpuSeconds: postgresCpuSeconds },
  ),
);
await Promise.all([p1.stop(), p2.stop()]);

const oneUrl = await freshPostgresUrl();
const seeded = await seedPlayers({ url: oneUrl }, WORLDS, SEATS);
const one = await spawnServer(serverEnv(oneUrl));
const oneResult = await attempt('one process', () =>
  runLoad(
    seeded.map((u) => user(u, one)),
    { ...load, pids: [one.pid], databaseCpuSeconds: postgresCpuSeconds },
  ),
);
await one.stop();

const ratio = (what: string, a?: LoadResult, b?: LoadResult) => {
  if (a && b)
    console.log(
      `${what}: p50 ${(a.p50 / b.p50).toFixed(2)}×, p99 ${(a.p99 / b.p99).toFixed(2)}×, server CPU ${(cpu(a) / cpu(b)).toFixed(2)}×`,
    );
};
console.log('\nratios (same run; goal: two processes ≤ 1.3× one process at p99):');
ratio('two by world / one process', byWorld, oneResult);
ratio('two split / one process', split, oneResult);
ratio('one process / floor', oneResult, floorResult);
ratio('two by world / floor', byWorld, floorResult);
process.exit(0);
