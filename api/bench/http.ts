/**
 * HTTP benchmark: GET /api/health (one database ping) under C concurrent clients on loopback, against
 *   1. a bare Bun.serve with the same ping (health-floor.ts): the floor;
 *   2. the production server with LOG_LEVEL=warn: Elysia, the guards and headers, request metrics, no access lines;
 *   3. the production server with LOG_LEVEL=info: the same plus one JSON access line per request (read off a pipe,
 *      as a log shipper would).
 * On embedded PGlite and, with DATABASE_URL, on Postgres. The three run side by side and are loaded in turns of one
 * second, so whatever else the machine does weighs on each alike. Prints requests/s, p50 and p99, the server's CPU
 * time per request (the steadiest figure on a busy machine) and the ratios to the floor. Measures; never fails. BENCH_HTTP_CLIENTS (16), BENCH_HTTP_SECONDS (5 per server).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freshPostgresUrl } from '../testing/databases.ts';
import { freePort } from '../testing/free-port.ts';
import { cpuSeconds } from './live-load.ts';

const CLIENTS = Number(process.env.BENCH_HTTP_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const root = resolve(import.meta.dir, '../..');

interface Result {
  perSecond: number;
  p50: number;
  p99: number;
  /** Bytes written to stdout per request. */
  logBytes: number;
  /** Server process CPU (all its threads) per request, µs. */
  cpuMicros: number;
}

/** Starts a server process, waits for /api/health, and counts (without keeping) what it prints on stdout. */
async function start(cmd: string[], env: Record<string, string>, port: number) {
  const child = Bun.spawn(cmd, { cwd: root, env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'inherit' });
  let logBytes = 0;
  void (async () => {
    for await (const chunk of child.stdout) logBytes += chunk.byteLength;
  })();
  const url = `http://127.0.0.1:${port}/api/health`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${cmd.join(' ')} exited early`);
    if (Date.now() > deadline) throw new Error(`${cmd.join(' ')} did not start`);
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    await Bun.sleep(100);
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await child.exited;
  };
  return { url, pid: child.pid, logBytes: () => logBytes, stop };
}

/** C clients in closed loops: each sends its next request when the last one is answered. */
async function hammer(url: string, seconds: number): Promise<{ latencies: number[]; elapsed: number }> {
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.ok) latencies.push(performance.now() - t);
      }
    }),
  );
  return { latencies, elapsed: (performance.now() - started) / 1000 };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

async function backend(name: string, postgresUrl: boolean): Promise<void> {
  const db = async (): Promise<Record<string, string>> =>
    postgresUrl
      ? { DATABASE_URL: await freshPostgresUrl() }
      : { DATABASE_URL: '', DATA_DIR: mkdtempSync(join(tmpdir(), 'wl-bench-http-')) };
  const variants = [
    { what: 'bare Bun.serve + ping', cmd: (p: number) => ['bun', 'api/bench/health-floor.ts', String(p)], level: null },
    { what: 'server, metrics, LOG_LEVEL=warn', cmd: () => ['bun', 'api/server.ts'], level: 'warn' },
    { what: 'server, metrics + access lines', cmd: () => ['bun', 'api/server.ts'], level: 'info' },
  ];
  const servers: Awaited<ReturnType<typeof start>>[] = [];
  try {
    for (const v of variants) {
      const port = await freePort();
      const env = { ...(await db()), PORT: String(port), HOST: '127.0.0.1', ...(v.level ? { LOG_LEVEL: v.level } : {}) };
      servers.push(await start(v.cmd(port), env, port));
    }
    for (const s of servers) await hammer(s.url, 1); // warm-up: JIT, connection pool, caches
    const runs = servers.map((s) => ({ latencies: [] as number[], elapsed: 0, cpu: 0, logBefore: s.logBytes() }));
    for (let turn = 0; turn < SECONDS; turn++) {
      for (const [i, s] of servers.entries()) {
        const cpuBefore = cpuSeconds(s.pid);
        const { latencies, elapsed } = await hammer(s.url, 1);
        runs[i]!.cpu += cpuSeconds(s.pid) - cpuBefore;
        runs[i]!.latencies.push(...latencies);
        runs[i]!.elapsed += elapsed;
      }
    }
    const rows = variants.map((v, i): [string, Result] => {
      const r = runs[i]!;
      r.latencies.sort((a, b) => a - b);
      return [
        v.what,
        {
          perSecond: r.latencies.length / r.elapsed,
          p50: quantile(r.latencies, 0.5),
          p99: quantile(r.latencies, 0.99),
          logBytes: (servers[i]!.logBytes() - r.logBefore) / r.latencies.length,
          cpuMicros: (r.cpu / r.latencies.length) * 1e6,
        },
      ];
    });
    report(name, rows);
  } finally {
    for (const s of servers) await s.stop();
  }
}

function report(name: string, rows: [string, Result][]): void {
  const floor = rows[0]![1];
  console.log(`\n${name}: GET /api/health, ${CLIENTS} clients, ${SECONDS} s each, in turns`);
  for (const [what, r] of rows) {
    const ratio = r === floor ? '' : `  (${((r.perSecond / floor.perSecond) * 100).toFixed(0)}% of the floor's req/s)`;
    const logs = r.logBytes ? `, ${r.logBytes.toFixed(0)} log bytes/request` : '';
    console.log(
      `  ${what.padEnd(34)} ${r.perSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ${r.cpuMicros.toFixed(0)} µs CPU/req${logs}${ratio}`,
    );
  }
}

await backend('embedded PGlite', false);
if (process.env.DATABASE_URL) await backend('Postgres', true);
