/**
 * Live fan-out benchmark (issue 6): W worlds × P players, each moving M times a second over real WebSockets on
 * loopback, for S seconds, against the production server in its own process. Prints delivered messages/s,
 * p50/p99 delivery latency (send of player_move → receipt of player_moved by each observer), and the server
 * process's CPU and memory. Also times the chunks call at radius 2. Measures; never fails.
 *
 * BENCH_WORLDS (50), BENCH_PLAYERS (20), BENCH_MOVES_PER_SECOND (10), BENCH_SECONDS (30). With DATABASE_URL set, it
 * runs once more against a fresh database on that Postgres server (PGlite runs inside the server's thread).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase, repositories } from '../../db/index.ts';
import { SESSION_COOKIE } from '../contract/auth.ts';
import type { ServerMessage } from '../contract/protocol.ts';
import { hashSessionToken, newSessionToken } from '../modules/auth/session.ts';
import { freshPostgresUrl } from '../testing/databases.ts';

const WORLDS = Number(process.env.BENCH_WORLDS ?? 50);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 20);
const RATE = Number(process.env.BENCH_MOVES_PER_SECOND ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const root = resolve(import.meta.dir, '../..');

const dataDir = mkdtempSync(join(tmpdir(), 'wl-bench-'));
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;

// 1. Accounts, sessions and worlds written straight into the embedded database the server will open.
const pgUrl = process.env.BENCH_ON_POSTGRES ? await freshPostgresUrl() : undefined;
const setup = pgUrl ? await openDatabase({ url: pgUrl }) : await openDatabase({ dataDir });
console.log(`database: ${pgUrl ? 'Postgres server' : 'embedded PGlite'}`);
const repos = repositories(setup.db);
const users: { id: string; token: string; worldId: string }[] = [];
for (let w = 0; w < WORLDS; w++) {
  const worldId = `bench-${w}`;
  await repos.world.ensureWorld(worldId, worldId, 1000 + w);
  for (let p = 0; p < PLAYERS; p++) {
    const id = crypto.randomUUID();
    const name = `b${w}_${p}`;
    await repos.accounts.createUser({ id, username: name, usernameKey: name, passwordHash: 'unused' });
    const token = newSessionToken();
    await repos.accounts.createSession(hashSessionToken(token), id, new Date(Date.now() + 86_400_000));
    await repos.lobby.insert(id, new Date(), true);
    users.push({ id, token, worldId });
  }
}
await setup.close();

// 2. The server, alone in its process.
const server = Bun.spawn(['bun', 'api/server.ts'], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: pgUrl ?? '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    MAX_PLAYERS: String(WORLDS * PLAYERS + 10),
  },
  stdout: 'ignore',
  stderr: 'inherit',
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    // starting
  }
  if (i > 200) throw new Error('server did not start');
  await Bun.sleep(100);
}

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime in clock ticks (100 Hz)
}
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

// 3. The chunks call at radius 2.
{
  const u = users[0]!;
  const headers = { cookie: `${SESSION_COOKIE}=${u.token}` };
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    const res = await fetch(
      `${base}/api/world/${u.worldId}/chunks?centerChunkX=${i % 7}&centerChunkY=${Math.floor(i / 7)}&chunkRadius=2`,
      { headers },
    );
    const body = await res.arrayBuffer();
    times.push(performance.now() - t0);
    bytes = body.byteLength;
    if (!res.ok) throw new Error(`chunks: ${res.status}`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `chunks call, radius 2 (25 chunks, cold cache per centre): median ${times[20]!.toFixed(1)} ms, p95 ${times[38]!.toFixed(1)} ms, response ${(bytes / 1024).toFixed(0)} KiB`,
  );
}

// 4. The players: connect, then walk in place (±1 unit around the spawn point, always on safe ground).
interface Bot {
  ws: WebSocket;
  id: string;
  x: number;
  y: number;
  seq: number;
  ready: boolean;
}
/** One observer per world parses and times every move it hears; the others only count, to keep the clients light. */
const probes = new Set(users.filter((_, i) => i % PLAYERS === 0).map((u) => u.id));
const sentAt = new Map<string, number>();
const latencies: number[] = [];
let delivered = 0;
let counted = 0;
let rejected = 0;
const bots: Bot[] = [];
await Promise.all(
  users.map(
    (u) =>
      new Promise<void>((res, rej) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?worldId=${u.worldId}`, {
          headers: { cookie: `${SESSION_COOKIE}=${u.token}`, origin: base },
        } as never);
        const bot: Bot = { ws, id: u.id, x: 0, y: 0, seq: 0, ready: false };
        const probe = probes.has(u.id);
        ws.onmessage = (e) => {
          if (bot.ready && !probe) {
            counted += 1;
            return;
          }
          const m = JSON.parse(String(e.data)) as ServerMessage;
          if (m.type === 'players_list') {
            const me = m.players.find((p) => p.id === u.id)!;
            bot.x = me.x!;
            bot.y = me.y!;
            bot.ready = true;
            res();
          } else if (m.type === 'players_moved') {
            const now = performance.now();
            for (const mv of m.moves) {
              if (mv.playerId === u.id) continue;
              const t = sentAt.get(`${mv.playerId}:${mv.x}`);
              if (t !== undefined) latencies.push(now - t);
            }
            delivered += 1;
          } else if (m.type === 'move_rejected') rejected += 1;
        };
        ws.onerror = () => rej(new Error('socket refused'));
        bots.push(bot);
      }),
  ),
);
console.log(`connected ${bots.length} players in ${WORLDS} worlds; moving ${RATE}×/s each for ${SECONDS} s`);

const cpu0 = cpuSeconds(server.pid);
const clientCpu0 = process.cpuUsage();
const t0 = performance.now();
const interval = 1000 / RATE;
const timers = bots.map((bot, i) =>
  setTimeout(
    () => {
      const tick = setInterval(() => {
        bot.seq += 1;
        const x = bot.x + (bot.seq % 2 === 0 ? 0.5 : -0.5) + (bot.seq % 1000) * 1e-6;
        sentAt.set(`${bot.id}:${x}`, performance.now());
        bot.ws.send(JSON.stringify({ type: 'player_move', x, y: bot.y }));
      }, interval);
      timers.push(tick);
    },
    (i * interval) / bots.length,
  ),
);
const sampleRss: number[] = [];
const sampler = setInterval(() => sampleRss.push(rssMiB(server.pid)), 1000);
await Bun.sleep(SECONDS * 1000);
for (const t of timers) clearInterval(t as never);
clearInterval(sampler);
await Bun.sleep(500);
const elapsed = (performance.now() - t0) / 1000;
const cpu = cpuSeconds(server.pid) - cpu0;
const clientCpuUse = process.cpuUsage(clientCpu0);
const clientCpu = (clientCpuUse.user + clientCpuUse.system) / 1e6;

latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
const sent = bots.reduce((s, b) => s + b.seq, 0);
console.log(`moves sent: ${sent} (${(sent / elapsed).toFixed(0)}/s), rejected ${rejected}`);
const total = delivered + counted;
console.log(
  `frames delivered to observers: ${total} (${(total / elapsed).toFixed(0)} frames/s, each a fan-out tick of moves; ` +
    `moves fanned out ≈ ${((sent / elapsed) * (PLAYERS - 1)).toFixed(0)}/s)`,
);
console.log(
  `delivery latency (measured by one observer per world, ${latencies.length} samples): p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms, max ${q(1).toFixed(1)} ms (target p99 < 50 ms)`,
);
console.log(`server CPU: ${((cpu / elapsed) * 100).toFixed(0)}% of one core; RSS peak ${Math.max(...sampleRss).toFixed(0)} MiB`);
console.log(
  `bench clients (this process, same 2 cores): ${((clientCpu / elapsed) * 100).toFixed(0)}% of one core — ` +
    'latency includes their own queueing',
);

for (const b of bots) b.ws.close(1000);
server.kill('SIGTERM');
await server.exited;
if (!pgUrl && process.env.DATABASE_URL) {
  const again = Bun.spawnSync(['bun', import.meta.path], {
    env: { ...process.env, BENCH_ON_POSTGRES: '1' },
    stdout: 'inherit',
    stderr: 'inherit',
  });
  process.exit(again.exitCode ?? 0);
}
process.exit(0);
