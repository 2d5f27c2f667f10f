/**
 * Action calls benchmark: POST /api/poi/{id}/scavenge and POST /api/forage over real HTTP through
 * the whole server (session, lobby seat, validation, the rule, the transaction), PLAYERS seated survivors calling at
 * once, each standing on a searchable POI of its own. A survivor's first search and first forage write (loot, the
 * POI's significance, the foraged tiles); later calls answer the same way the game does once a POI is worn down or
 * an area scoured (depleted searches still write, a second forage in one area is 409): the statuses are printed with
 * the figures. Write limits are off (they would answer 429 long before the server's own ceiling). Server and client
 * share this process, so compare runs of the same machine. PGlite always; Postgres too when DATABASE_URL is set.
 * BENCH_ACTIONS_PLAYERS (16), BENCH_ACTIONS_MS (5000). Measures; never fails.
 */
import { loadCoreForBun, type Poi } from '../../core-wasm/index.ts';
import { IMPASSABLE } from '../contract/world.ts';
import type { TestClient } from '../testing/client.ts';
import { backends } from '../testing/databases.ts';
import { NO_WRITE_LIMITS, startTestServer, type TestServer } from '../testing/server.ts';
import { pct, seatedClientAt } from './seated.ts';

const SEED = 4242;
const PLAYERS = Number(process.env.BENCH_ACTIONS_PLAYERS ?? 16);
const MEASURE_MS = Number(process.env.BENCH_ACTIONS_MS ?? 5000);
const WARMUP_MS = 1000;

const core = await loadCoreForBun();

interface Survivor {
  client: TestClient;
  poi: Poi;
}

/** Searchable POIs on walkable ground around chunk (0, 0), one per survivor. */
function searchablePois(n: number): Poi[] {
  const out: Poi[] = [];
  for (let ring = 0; out.length < n; ring++) {
    for (let cx = -ring; cx <= ring && out.length < n; cx++) {
      for (let cy = -ring; cy <= ring && out.length < n; cy++) {
        if (Math.max(Math.abs(cx), Math.abs(cy)) !== ring) continue;
        for (const p of core.pois(SEED, cx, cy)) {
          if (out.length < n && !p.landmark && !IMPASSABLE.has(core.biomeAt(SEED, p.tileX, p.tileY))) out.push(p);
        }
      }
    }
  }
  return out;
}

async function seat(server: TestServer, poi: Poi): Promise<Survivor> {
  return { client: await seatedClientAt(server, poi.worldX, poi.worldY, 'act'), poi };
}

/** Every survivor calls `call` in a loop for `ms`; latency per call, statuses counted. */
async function measure(survivors: Survivor[], call: (s: Survivor) => Promise<Response>, ms: number) {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const until = performance.now() + ms;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    survivors.map(async (s) => {
      while (performance.now() < until) {
        const c0 = performance.now();
        const res = await call(s);
        await res.arrayBuffer();
        times.push(performance.now() - c0);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(6);
  return (
    `${(times.length / (wall / 1000)).toFixed(0).padStart(5)} calls/s  p50 ${f(pct(times, 50))} ms  p99 ${f(pct(times, 99))} ms  ` +
    `CPU ${(((cpu.user + cpu.system) / 1000 / wall) * 100).toFixed(0)}%  statuses ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s} × ${n}`)
      .join(', ')}`
  );
}

const scavenge = (s: Survivor) => s.client.post(`/api/poi/${s.poi.id}/scavenge`, { worldId: 'default' });
const forage = (s: Survivor) =>
  s.client.post('/api/forage', { worldId: 'default', playerX: s.poi.worldX, playerY: s.poi.worldY });

console.log(`${PLAYERS} seated survivors calling at once, ${MEASURE_MS / 1000} s per case (after ${WARMUP_MS / 1000} s warm-up)`);
for (const backend of backends()) {
  const server = await startTestServer(backend, { worldSeed: SEED, seatTimeoutMs: 3600_000, ...NO_WRITE_LIMITS });
  try {
    const survivors = await Promise.all(searchablePois(PLAYERS).map((p) => seat(server, p)));
    // The first call of each writes in full; the warm-up spends those, so the figures are the steady state.
    const firstScavenge = await measure(survivors, scavenge, 1);
    const firstForage = await measure(survivors, forage, 1);
    await measure(survivors, scavenge, WARMUP_MS);
    console.log(`${backend.padEnd(8)} scavenge, first call each ${firstScavenge}`);
    console.log(`${backend.padEnd(8)} scavenge, steady         ${await measure(survivors, scavenge, MEASURE_MS)}`);
    console.log(`${backend.padEnd(8)} forage, first call each   ${firstForage}`);
    console.log(`${backend.padEnd(8)} forage, steady           ${await measure(survivors, forage, MEASURE_MS)}`);
  } finally {
    await server.stop();
  }
}
process.exit(0);
