/**
 * NPC simulation benchmark (issue 15), with the server's own runner (api/modules/npcs/simulation.ts) over a real
 * database, driven by a virtual clock one simulated second per round:
 *   steady:   10,000 working NPCs (scavengers and foragers alike) in 500 settlements over 50 worlds, already spread
 *             over their cycles: CPU seconds of this process per second of simulated time, phases and journey
 *             messages per second (the live layer is a counter here).
 *   catch-up: 1,000 NPCs after 24 hours with no server: seconds until every one is up to date.
 * PGlite always (its CPU is this process's); Postgres too when DATABASE_URL is set (the server's CPU is not counted).
 * NPCS_BENCH_SCALE=0.1 runs a tenth of the NPCs. Prints figures; never fails.
 */
import { loadCoreForBun } from '../../core-wasm/index.ts';
import { type Database, repositories } from '../../db/index.ts';
import { loadConfig } from '../config.ts';
import { AccessEnded } from '../live/access-ended.ts';
import type { Audience } from '../live/bus.ts';
import type { ServerMessage } from '../contract/protocol.ts';
import { NpcSimulation } from '../modules/npcs/simulation.ts';
import { WorldService } from '../modules/world/service.ts';
import type { Services } from '../services.ts';
import { silentLogger } from '../ops/log.ts';
import { backends, openTestDatabase } from '../testing/databases.ts';
import { seedNpcs } from '../testing/npcs.ts';

const SCALE = Number(process.env.NPCS_BENCH_SCALE ?? 1);
const WORLDS = 50;
const STEADY_NPCS = Math.round(10_000 * SCALE);
const CATCHUP_NPCS = Math.round(1_000 * SCALE);
const NPCS_PER_SETTLEMENT = 10;
const WARMUP_S = 360;
const MEASURE_S = 60;
const T0 = Date.parse('2026-11-24T12:00:00Z');

const core = await loadCoreForBun();

function harness(database: Database) {
  let clock = T0;
  const counts = { journeys: 0, arrivals: 0, other: 0 };
  const services: Services = {
    instanceId: 'bench',
    config: { ...loadConfig({}), npcTimeScale: 1 },
    database,
    repos: repositories(database.db),
    now: () => new Date(clock),
    log: silentLogger(),
    report: (what, err) => console.error(what, err),
    accessEnded: new AccessEnded(),
  };
  const send = (_w: string, _a: Audience, m: ServerMessage) => {
    if (m.type === 'npc_movement_journey') counts.journeys += 1;
    else if (m.type === 'npc_arrival') counts.arrivals += 1;
    else counts.other += 1;
  };
  // No lease: this process leads (as on PGlite), and no timers: the bench calls the rounds itself.
  const sim = new NpcSimulation(services, new WorldService(services, core), send);
  return {
    sim,
    counts,
    at: (ms: number) => {
      clock = ms;
    },
  };
}

const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

async function steady(database: Database): Promise<void> {
  const perWorld = Math.max(1, Math.round(STEADY_NPCS / WORLDS / NPCS_PER_SETTLEMENT));
  const t = performance.now();
  const ids = await seedNpcs(database.db, {
    worldIds: Array.from({ length: WORLDS }, (_, i) => `bench-${i}`),
    settlementsPerWorld: perWorld,
    npcsPerSettlement: NPCS_PER_SETTLEMENT,
    start: new Date(T0),
    // Cycles last some 5–8 minutes: ends spread over 6 start the run as if it had always been running.
    spreadMs: 6 * 60_000,
  });
  console.log(`  seeded ${ids.length} NPCs in ${WORLDS} worlds in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const h = harness(database);
  for (let s = 1; s <= WARMUP_S; s++) {
    h.at(T0 + s * 1000);
    await h.sim.runOnce();
  }
  const before = { ...h.sim.stats, ...h.counts, cpu: cpuSeconds(), wall: performance.now() };
  let slowest = 0;
  for (let s = WARMUP_S + 1; s <= WARMUP_S + MEASURE_S; s++) {
    h.at(T0 + s * 1000);
    const r = performance.now();
    await h.sim.runOnce();
    slowest = Math.max(slowest, performance.now() - r);
  }
  const cpu = cpuSeconds() - before.cpu;
  const wall = (performance.now() - before.wall) / 1000;
  const phases = h.sim.stats.phases - before.phases;
  console.log(
    `  steady, ${ids.length} NPCs over ${MEASURE_S} simulated s: ${(cpu / MEASURE_S).toFixed(3)} CPU s per simulated s ` +
      `(wall ${(wall / MEASURE_S).toFixed(3)} s), ${(phases / MEASURE_S).toFixed(0)} phases/s, ` +
      `${((h.counts.journeys - before.journeys) / MEASURE_S).toFixed(0)} journey messages/s, ` +
      `${((h.counts.arrivals - before.arrivals) / MEASURE_S).toFixed(0)} arrivals/s, slowest round ${slowest.toFixed(0)} ms`,
  );
}

async function catchUp(database: Database): Promise<void> {
  const perWorld = Math.max(1, Math.round(CATCHUP_NPCS / WORLDS / NPCS_PER_SETTLEMENT));
  const ids = await seedNpcs(database.db, {
    worldIds: Array.from({ length: WORLDS }, (_, i) => `catchup-${i}`),
    settlementsPerWorld: perWorld,
    npcsPerSettlement: NPCS_PER_SETTLEMENT,
    start: new Date(T0),
    spreadMs: 6 * 60_000,
  });
  const h = harness(database);
  h.at(T0 + 24 * 3600_000);
  const cpu = cpuSeconds();
  const t = performance.now();
  const phases = await h.sim.runOnce();
  const seconds = (performance.now() - t) / 1000;
  console.log(
    `  catch-up, ${ids.length} NPCs after 24 h offline: ${seconds.toFixed(1)} s (${(cpuSeconds() - cpu).toFixed(1)} CPU s), ` +
      `${phases} phases in ${h.sim.stats.transactions} transactions, ${h.counts.journeys} journey messages`,
  );
}

for (const backend of backends()) {
  console.log(`${backend}:`);
  for (const part of [steady, catchUp]) {
    const database = await openTestDatabase(backend);
    try {
      await part(database);
    } catch (err) {
      console.log(`  ${part.name} failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      await database.close();
    }
  }
}
