/**
 * The database under the game's load: N players (20 per world) connect at once over real
 * WebSockets and then move 10 times a second for S seconds, which spans the seat renewals of the socket audit.
 * A probe process (loop-probe.ts) times a database-free request to the server all along: its longest wait while
 * players connect, and while they play, is the longest the server's event loop was held. Prints, per server:
 * the probe's longest and p99 wait and the time spent in stalls over 100 ms, per phase; RSS idle, right after the
 * joins and at the end; the process's peak RSS (VmHWM).
 *
 * PGlite always, Postgres too with DATABASE_URL. BENCH_EMBEDDED_PLAYERS (1000), BENCH_EMBEDDED_SECONDS (30).
 * BENCH_SERVER_ROOTS: the checkouts (comma-separated; default this one) whose servers run the same load in turn, for
 * A/B pairs on a shared machine (say `.,../before`, a worktree of the commit before a change). BENCH_SERVER_BUN_ARGS:
 * flags for the servers' bun, e.g. `--cpu-prof-md --cpu-prof-dir=prof`. Measures; never fails.
 */
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SESSION_COOKIE } from '../contract/auth.ts';
import { PROTOCOL_VERSION } from '../contract/protocol.ts';
import { freshPostgresUrl } from '../testing/databases.ts';
import { freePort } from '../testing/free-port.ts';
import { rssMiB } from './live-load.ts';
import { type Seeded, seedPlayers } from './seed-players.ts';

const PLAYERS = Number(process.env.BENCH_EMBEDDED_PLAYERS ?? 1000);
const SECONDS = Number(process.env.BENCH_EMBEDDED_SECONDS ?? 30);
const PER_WORLD = 20;
const WORLDS = Math.ceil(PLAYERS / PER_WORLD);
const RATE = 10;
const here = resolve(import.meta.dir, '../..');
const roots = (process.env.BENCH_SERVER_ROOTS ?? here).split(',').map((r) => resolve(here, r));

function peakMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

const children = new Set<{ kill(): void }>();
process.on('exit', () => {
  for (const c of children) c.kill();
});

async function startServer(root: string, env: Record<string, string>) {
  const port = await freePort();
  const bunArgs = (process.env.BENCH_SERVER_BUN_ARGS ?? '').split(' ').filter(Boolean);
  const child = Bun.spawn(['bun', ...bunArgs, 'api/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', MAX_PLAYERS: String(PLAYERS + 10), ...env },
    stdout: process.env.BENCH_SERVER_LOG ? Bun.file(process.env.BENCH_SERVER_LOG) : 'ignore',
    stderr: 'inherit',
  });
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      (await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )) === true
    )
      break;
    if (i > 600) throw new Error('the server did not start');
    await Bun.sleep(100);
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await child.exited;
      children.delete(child);
    },
  };
}

/** Samples `<epoch ms, latency ms>` from the probe process until stopped. */
function startProbe(url: string) {
  const child = Bun.spawn(['bun', 'api/bench/loop-probe.ts', url], { cwd: here, stdin: 'pipe', stdout: 'pipe' });
  children.add(child);
  const samples: [number, number][] = [];
  const done = (async () => {
    let rest = '';
    for await (const chunk of child.stdout) {
      const lines = (rest + new TextDecoder().decode(chunk)).split('\n');
      rest = lines.pop()!;
      for (const l of lines) {
        const [t, ms] = l.split(' ').map(Number);
        samples.push([t!, ms!]);
      }
    }
  })();
  return {
    /** Longest, p99 and the total of waits over 100 ms, for samples that ended in [from, to]. */
    window(from: number, to: number) {
      const ms = samples
        .filter(([t]) => t >= from && t <= to)
        .map(([, m]) => m)
        .sort((a, b) => a - b);
      return {
        max: ms.at(-1) ?? Number.NaN,
        p99: ms[Math.floor(ms.length * 0.99)] ?? Number.NaN,
        stalledS: ms.filter((m) => m > 100).reduce((s, m) => s + m, 0) / 1000,
      };
    },
    async stop() {
      child.stdin.end();
      await done;
    },
  };
}

/** One seeded copy per server: PGlite's seeded directory is copied, a Postgres database seeded anew. */
async function seeded(backend: 'pglite' | 'postgres'): Promise<() => Promise<{ users: Seeded[]; env: Record<string, string> }>> {
  if (backend === 'postgres') {
    return async () => {
      const url = await freshPostgresUrl();
      return { users: (await seedPlayers({ url }, WORLDS, PER_WORLD)).slice(0, PLAYERS), env: { DATABASE_URL: url } };
    };
  }
  const template = mkdtempSync(join(tmpdir(), 'embedded-bench-'));
  const users = (await seedPlayers({ dataDir: template }, WORLDS, PER_WORLD)).slice(0, PLAYERS);
  return async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'embedded-bench-'));
    cpSync(template, dataDir, { recursive: true });
    return { users, env: { DATABASE_URL: '', DATA_DIR: dataDir } };
  };
}

async function run(label: string, root: string, copy: Awaited<ReturnType<typeof seeded>>) {
  const { users, env } = await copy();
  const server = await startServer(root, env);
  await Bun.sleep(1000);
  const rssIdle = rssMiB(server.pid);
  const probe = startProbe(server.url);
  await Bun.sleep(500);

  const t0 = Date.now();
  const refused = new Map<string, number>();
  const joined = await Promise.all(
    users.map(
      (u) =>
        new Promise<{ socket: WebSocket; x: number; y: number } | null>((res) => {
          const socket = new WebSocket(
            `${server.url.replace(/^http/, 'ws')}/ws?worldId=${u.worldId}&protocol=${PROTOCOL_VERSION}`,
            { headers: { cookie: `${SESSION_COOKIE}=${u.token}`, origin: server.url } } as never,
          );
          const give = (why: string) => {
            refused.set(why, (refused.get(why) ?? 0) + 1);
            res(null);
          };
          const timer = setTimeout(() => give('no players_list within 120 s'), 120_000);
          socket.onmessage = (e) => {
            const m = JSON.parse(String(e.data)) as { type: string; players?: { id: string; x: number; y: number }[] };
            if (m.type !== 'players_list') return;
            clearTimeout(timer);
            socket.onmessage = null;
            socket.onclose = null;
            const me = m.players?.find((p) => p.id === u.id);
            res({ socket, x: me?.x ?? 0, y: me?.y ?? 0 });
          };
          socket.onclose = (e) => {
            clearTimeout(timer);
            give(`closed ${e.code} ${e.reason}`.trim());
          };
        }),
    ),
  );
  const ws = joined.filter((j) => j !== null);
  if (refused.size) console.log(`  not joined: ${[...refused].map(([why, n]) => `${n} × ${why}`).join(', ')}`);
  const t1 = Date.now();
  await Bun.sleep(2000);
  const rssJoined = rssMiB(server.pid);

  let seq = 0;
  const mover = setInterval(
    () => {
      seq += 1;
      for (const [i, c] of ws.entries()) {
        if ((i + seq) % RATE !== 0) continue; // each player once a second per tenth: 10 moves/s overall, spread out
        c.socket.send(JSON.stringify({ type: 'player_move', x: c.x + (seq % 2 ? 0.5 : -0.5), y: c.y }));
      }
    },
    1000 / RATE / RATE,
  );
  const t2 = Date.now();
  await Bun.sleep(SECONDS * 1000);
  clearInterval(mover);
  const t3 = Date.now();
  const rssEnd = rssMiB(server.pid);
  const peak = peakMiB(server.pid);
  await probe.stop();
  for (const c of ws) c.socket.close(1000);
  await server.stop();

  const joins = probe.window(t0, t1 + 2000);
  const play = probe.window(t2, t3);
  const f = (n: number) => n.toFixed(0).padStart(6);
  console.log(
    `${label.padEnd(30)} joins ${((t1 - t0) / 1000).toFixed(1).padStart(5)} s: loop held max ${f(joins.max)} ms, ` +
      `p99 ${f(joins.p99)} ms, ${joins.stalledS.toFixed(1)} s in stalls > 100 ms | play ${SECONDS} s: max ${f(play.max)} ms, ` +
      `p99 ${f(play.p99)} ms, ${play.stalledS.toFixed(1)} s in stalls | RSS idle ${f(rssIdle)}, joined ${f(rssJoined)}, ` +
      `end ${f(rssEnd)}, peak ${f(peak)} MiB`,
  );
}

console.log(`${PLAYERS} players (${PER_WORLD} per world) join at once, then move ${RATE}/s for ${SECONDS} s`);
const backends: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
for (const backend of backends) {
  const copy = await seeded(backend);
  for (const root of roots) await run(`${backend}${root === here ? '' : ` (${root})`}`, root, copy);
}
process.exit(0);
