/**
 * NPC simulation benchmark, with the server's own runner (api/modules/npcs/simulation.ts) over a real
 * database, driven by a virtual clock one simulated second per round:
 *   steady:   10,000 working NPCs (scavengers and foragers alike) in 500 settlements over 50 worlds, already spread
 *             over their cycles: CPU seconds of this process per second of simulated time, phases and journey
 *             messages per second (the live layer is a counter here).
 *   catch-up: 1,000 NPCs after 24 hours with no server: seconds until every one is up to date.
 *   raids and upkeep: 1,000 settlements of 3 workers and 0, 1, 2 or 4 defenders, their containers stocked
 *             from nothing above the protected capacity to 400 units above it, over a simulated week (7 in-game days of
 *             NPCS_BENCH_DAY_MS, 2 minutes by default: the week fits in bench time, so meals and raids come ten times
 *             as often per NPC phase as at the production day of 20 minutes), then 200 settlements after 24 hours
 *             offline at the production day. Each is run twice on fresh databases: with the settlements' clocks
 *             (meals, raids drawn, announced, arriving) and with them parked far in the future, so no meal or raid ever
 *             falls due while the rest of the simulation runs unchanged. The difference is what meals and raids cost;
 *             what the pre-issue runner cost on the same workload is measured by running this file in a tree of the
 *             commit before the issue (51d7ed6; copy this file and api/testing/npcs.ts there): its clocks are ignored.
 *   processes (Postgres only): 10,000 NPCs in 50 worlds simulated by two real server processes
 *             (`bun api/server.ts`, NPC_TIME_SCALE 1) sharing the world leases: how the worlds and NPCs split, the phases
 *             each steps per second, and after one is killed with SIGKILL how long until the other holds every world
 *             (pg_locks) and how far behind the taken worlds fell.
 * PGlite always (its CPU is this process's); Postgres too when DATABASE_URL is set (the server's CPU is not counted).
 * NPCS_BENCH_SCALE=0.1 runs a tenth of the NPCs and settlements, NPCS_BENCH_CATCHUP_HOURS=3 a shorter absence;
 * NPCS_BENCH_PARTS=raids (a comma list of steady, catchUp, raids, processes) runs only those parts,
 * NPCS_BENCH_BACKENDS=postgres only that backend. Prints figures; never fails.
 */
import { headline } from './headline.ts';
import { asc, inArray, like, sql } from 'drizzle-orm';
import { loadCoreForBun } from '../../core-wasm/index.ts';
import { readFileSync } from 'node:fs';
import { type Database, openDatabase, repositories } from '../../db/index.ts';
import { npcs, raids, settlements, storageLedger } from '../../db/schema/index.ts';
import { loadConfig } from '../config.ts';
import { gameDay, nightOf } from '../game/raids.ts';
import { AccessEnded } from '../live/access-ended.ts';
import type { Audience } from '../live/bus.ts';
import type { ServerMessage } from '../contract/protocol.ts';
import { NpcSimulation } from '../modules/npcs/simulation.ts';
import { WorldService } from '../modules/world/service.ts';
import type { Services } from '../services.ts';
import { silentLogger } from '../ops/log.ts';
import { type Backend, backends, dropTestDatabases, freshPostgresUrl, openTestDatabase } from '../testing/databases.ts';
import { type ServerProcess, spawnServer } from '../testing/process.ts';
import { NPC_LEASE_KEY } from '../modules/npcs/lease.ts';
import { type StockedContainer, seedNpcs } from '../testing/npcs.ts';

const SCALE = Number(process.env.NPCS_BENCH_SCALE ?? 1);
const WORLDS = 50;
const STEADY_NPCS = Math.round(10_000 * SCALE);
const CATCHUP_NPCS = Math.round(1_000 * SCALE);
/** NPCS_BENCH_CATCHUP_HOURS: how long the catch-up's NPCs were left (24 by default; fewer for a quick look). */
const CATCHUP_HOURS = Number(process.env.NPCS_BENCH_CATCHUP_HOURS ?? 24);
const NPCS_PER_SETTLEMENT = 10;
const WARMUP_S = 360;
const MEASURE_S = 60;
const T0 = Date.parse('2026-11-24T12:00:00Z');
const PARTS = (process.env.NPCS_BENCH_PARTS ?? 'steady,catchUp,raids,processes').split(',').map((p) => p.trim());

/** Raids and upkeep: settlements of 3 workers and 0/1/2/4 defenders over a simulated week. */
const RAID_SETTLEMENTS = Math.max(16, Math.round(1_000 * SCALE));
const RAID_CATCHUP_SETTLEMENTS = Math.max(16, Math.round(200 * SCALE));
const RAID_WORKERS = 3;
const RAID_DEFENDERS = [0, 1, 2, 4] as const;
/** The bench's in-game day: a week of 7 days is 14 simulated minutes (the production day is 20 minutes). */
const RAID_DAY_MS = Number(process.env.NPCS_BENCH_DAY_MS ?? 2 * 60_000);
const WEEK_DAYS = 7;
/** Stock tiers, in units above the protected capacity (50 per container) summed over the containers. */
const WEALTH_TIERS = [0, 50, 150, 400] as const;

const core = await loadCoreForBun();

type Presence = (worldId: string) => Promise<{ id: string; x: number; y: number }[]>;

function harness(database: Database, o: { dayCycleMs?: number; presence?: Presence } = {}) {
  let clock = T0;
  const counts = { journeys: 0, arrivals: 0, other: 0 };
  const services: Services = {
    instanceId: 'bench',
    config: { ...loadConfig({}), npcTimeScale: 1, ...(o.dayCycleMs ? { dayCycleMs: o.dayCycleMs } : {}) },
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
  const sim = new NpcSimulation(services, new WorldService(services, core), send, { presence: o.presence });
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
  headline(`steady on ${database.kind}, ${ids.length} NPCs: CPU s per simulated s`, (cpu / MEASURE_S).toFixed(3));
  headline(`steady on ${database.kind}, ${ids.length} NPCs: slowest round`, `${slowest.toFixed(0)} ms`);
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
  h.at(T0 + CATCHUP_HOURS * 3600_000);
  const cpu = cpuSeconds();
  const t = performance.now();
  const phases = await h.sim.runOnce();
  const seconds = (performance.now() - t) / 1000;
  console.log(
    `  catch-up, ${ids.length} NPCs after ${CATCHUP_HOURS} h offline: ${seconds.toFixed(1)} s (${(cpuSeconds() - cpu).toFixed(1)} CPU s), ` +
      `${phases} phases in ${h.sim.stats.transactions} transactions, ${h.counts.journeys} journey messages`,
  );
  headline(`catch-up on ${database.kind}, ${ids.length} NPCs after ${CATCHUP_HOURS} h`, `${seconds.toFixed(1)} s`);
}

/**
 * What the s-th settlement holds (counted over every world): its tier (floor(s / 4) mod 4, so every number of defenders
 * meets every tier) sets the units above the protected capacity, 0, 50, 150 or 400 summed over the containers.
 */
function raidStock(s: number): Partial<Record<'food' | 'ammo' | 'medicine' | 'materials', StockedContainer>> {
  const stock = (itemName: string, quantity: number, level = 0): StockedContainer => ({
    level,
    items: [{ itemName, quality: 50, quantity }],
  });
  switch (WEALTH_TIERS[Math.floor(s / 4) % 4]) {
    case 0:
      return {
        food: stock('Canned Beans', 10),
        ammo: stock('Pistol Rounds', 10),
        medicine: stock('Bandages', 5),
        materials: stock('Scrap Metal', 30),
      };
    case 50:
      return {
        food: stock('Canned Beans', 60),
        ammo: stock('Pistol Rounds', 30),
        medicine: stock('Bandages', 10),
        materials: stock('Scrap Metal', 90),
      };
    case 150:
      return {
        food: stock('Canned Beans', 100),
        ammo: stock('Pistol Rounds', 100),
        medicine: stock('Bandages', 20),
        materials: stock('Scrap Metal', 100),
      };
    default:
      return {
        food: stock('Canned Beans', 200, 4),
        ammo: stock('Pistol Rounds', 150, 4),
        medicine: stock('Bandages', 50, 4),
        materials: stock('Scrap Metal', 200, 4),
      };
  }
}

type RaidMode = 'on' | 'off';
interface RaidWorld {
  /** Settlement ids in seeding order (index s as raidStock and the defenders count it). */
  ids: number[];
  npcs: number;
  founder: string;
}

/**
 * The raid bench's settlements, founded two in-game days before `weekStart` (beginner's protection ends as the week
 * begins), their clocks as if they had been running: meals served up to the day before, no raid drawn for the night
 * under way. `off` parks every clock a million days ahead, so no meal or raid ever falls due.
 */
async function seedRaidWorld(
  database: Database,
  o: { prefix: string; count: number; weekStart: number; npcStart: number; dayCycleMs: number; mode: RaidMode },
): Promise<RaidWorld> {
  const worldIds = Array.from({ length: Math.min(WORLDS, o.count) }, (_, i) => `${o.prefix}-${i}`);
  const perWorld = Math.ceil(o.count / worldIds.length);
  const ids = await seedNpcs(database.db, {
    worldIds,
    settlementsPerWorld: perWorld,
    npcsPerSettlement: RAID_WORKERS,
    npcsIn: (s) => RAID_WORKERS + RAID_DEFENDERS[s % 4]!,
    assignment: (_n, { k }) => (k >= RAID_WORKERS ? 'defend' : k % 2 ? 'foraging' : 'scavenge'),
    start: new Date(o.npcStart),
    spreadMs: 6 * 60_000,
    foundedAt: new Date(o.weekStart - 2 * o.dayCycleMs),
    stock: raidStock,
  });
  const db = database.db;
  const rows = await db
    .select({ id: settlements.id, founderId: settlements.founderId })
    .from(settlements)
    .where(like(settlements.worldId, `${o.prefix}-%`))
    .orderBy(asc(settlements.id));
  const day = gameDay(o.weekStart, o.dayCycleMs);
  const parked = day + 1_000_000;
  // Same seeds on every run and database: the same raids are drawn.
  await db
    .update(settlements)
    .set({
      seed: sql`(${settlements.id} * 40503) % 2147483647`,
      upkeepDay: o.mode === 'on' ? day - 1 : parked,
      raidNight: o.mode === 'on' ? nightOf(o.weekStart, o.dayCycleMs) : parked,
      // Due at the week's start (the warm-up's last round): that round corrects it to each one's own meal moment.
      simDueAt: new Date(o.mode === 'on' ? o.weekStart : (parked + 1) * o.dayCycleMs),
    })
    .where(
      inArray(
        settlements.id,
        rows.map((r) => r.id),
      ),
    );
  return { ids: rows.map((r) => r.id), npcs: ids.length, founder: rows[0]!.founderId };
}

interface WeekFigures {
  cpuPerS: number;
  wallPerS: number;
  slowestMs: number;
  slowestAt: number;
  phasesPerS: number;
  txPerS: number;
  simulatedS: number;
}

/** A simulated week, one round per simulated second as the server ticks at NPC_TIME_SCALE 1, after 6 minutes of warm-up. */
async function raidWeek(database: Database, mode: RaidMode): Promise<{ figures: WeekFigures; world: RaidWorld }> {
  const day = RAID_DAY_MS;
  const weekStart = Math.ceil(T0 / day) * day + 10 * day;
  const warmup = WARMUP_S * 1000;
  const t = performance.now();
  const world = await seedRaidWorld(database, {
    prefix: 'raid',
    count: RAID_SETTLEMENTS,
    weekStart,
    npcStart: weekStart - warmup,
    dayCycleMs: day,
    mode,
  });
  console.log(
    `  [${mode}] seeded ${world.ids.length} settlements, ${world.npcs} NPCs in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  // The settlements' members play (far from home): they count as online, so raids follow the online rules.
  const h = harness(database, { dayCycleMs: day, presence: async () => [{ id: world.founder, x: 1e7, y: 1e7 }] });
  for (let at = weekStart - warmup + 1000; at <= weekStart; at += 1000) {
    h.at(at);
    await h.sim.runOnce(at);
  }
  const before = { ...h.sim.stats, cpu: cpuSeconds(), wall: performance.now() };
  const seconds = (WEEK_DAYS * day) / 1000;
  let slowest = 0;
  let slowestAt = 0;
  for (let s = 1; s <= seconds; s++) {
    const at = weekStart + s * 1000;
    h.at(at);
    const r = performance.now();
    await h.sim.runOnce(at);
    const ms = performance.now() - r;
    if (ms > slowest) [slowest, slowestAt] = [ms, at - weekStart];
  }
  return {
    world,
    figures: {
      cpuPerS: (cpuSeconds() - before.cpu) / seconds,
      wallPerS: (performance.now() - before.wall) / 1000 / seconds,
      slowestMs: slowest,
      slowestAt,
      phasesPerS: (h.sim.stats.phases - before.phases) / seconds,
      txPerS: (h.sim.stats.transactions - before.transactions) / seconds,
      simulatedS: seconds,
    },
  };
}

/** What the week's play came to on the server: raids by wealth and defenders, losses, meals, NPCs who left. */
async function raidPlay(database: Database, world: RaidWorld): Promise<void> {
  const db = database.db;
  const index = new Map(world.ids.map((id, s) => [id, s]));
  const rows = await db.select().from(raids).where(inArray(raids.settlementId, world.ids));
  const byTier = new Map<number, number>();
  const byDefenders = new Map<number, { repelled: number; breached: number }>();
  let lostOnBreach = 0;
  let maxLost = 0;
  for (const r of rows) {
    const s = index.get(r.settlementId)!;
    const tier = WEALTH_TIERS[Math.floor(s / 4) % 4]!;
    byTier.set(tier, (byTier.get(tier) ?? 0) + 1);
    const d = RAID_DEFENDERS[s % 4]!;
    const o = byDefenders.get(d) ?? { repelled: 0, breached: 0 };
    o[r.outcome] += 1;
    byDefenders.set(d, o);
    if (r.outcome === 'breached') {
      const lost = r.losses.reduce((sum, l) => sum + l.quantity, 0);
      lostOnBreach += lost;
      maxLost = Math.max(maxLost, lost);
    }
  }
  const perTier = WEALTH_TIERS.map((tier) => {
    const settled = world.ids.filter((_, s) => WEALTH_TIERS[Math.floor(s / 4) % 4] === tier).length;
    return `${tier} above: ${((byTier.get(tier) ?? 0) / Math.max(1, settled)).toFixed(2)}`;
  });
  const breached = rows.filter((r) => r.outcome === 'breached').length;
  const perDefenders = RAID_DEFENDERS.map((d) => {
    const o = byDefenders.get(d) ?? { repelled: 0, breached: 0 };
    const n = o.repelled + o.breached;
    return `${d}: ${n ? ((100 * o.repelled) / n).toFixed(0) : '-'}% of ${n}`;
  });
  const ledger = await db
    .select({ reason: storageLedger.reason, units: sql<number>`coalesce(sum(${storageLedger.quantity}), 0)::bigint` })
    .from(storageLedger)
    .where(inArray(storageLedger.settlementId, world.ids))
    .groupBy(storageLedger.reason);
  const spent = (reason: string) => Number(ledger.find((l) => l.reason === reason)?.units ?? 0);
  // Every settlement eats once an in-game day, at its own moment after midnight (clockOffset): the mealtimes of the
  // settlement that ate most often (one whose food never ran out) are the week's.
  const meals = await db
    .selectDistinct({ settlementId: storageLedger.settlementId, at: storageLedger.at })
    .from(storageLedger)
    .where(sql`${storageLedger.reason} = 'meal' and ${inArray(storageLedger.settlementId, world.ids)}`);
  const mealsBySettlement = new Map<number, number>();
  for (const m of meals)
    if (m.settlementId !== null) mealsBySettlement.set(m.settlementId, (mealsBySettlement.get(m.settlementId) ?? 0) + 1);
  const mealTimes = Math.max(0, ...mealsBySettlement.values());
  const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(npcs).where(inArray(npcs.settlementId, world.ids));
  const stayed = Number(left?.n ?? 0);
  console.log(
    `    played (members online): ${rows.length} raids, per settlement in the week by wealth stocked at the start ${perTier.join(', ')}; ` +
      `repelled with 0/1/2/4 defenders ${perDefenders.join(', ')}; ${breached} breached, ` +
      `${breached ? (lostOnBreach / breached).toFixed(1) : '-'} units lost per breach (max ${maxLost}); ` +
      `eaten ${spent('meal')} food units at ${mealTimes} mealtimes (${(spent('meal') / world.npcs / Math.max(1, mealTimes)).toFixed(2)} per NPC and day), ` +
      `${spent('ammo')} rounds fired, ${spent('medicine')} medicine used; ${world.npcs - stayed} of ${world.npcs} NPCs left unfed`,
  );
}

/** 24 hours with no server at the production day (72 in-game days), in one runOnce as at start-up. */
async function raidCatchUp(database: Database, mode: RaidMode) {
  const day = loadConfig({}).dayCycleMs;
  const weekStart = Math.ceil(T0 / day) * day + 10 * day;
  const world = await seedRaidWorld(database, {
    prefix: 'raidc',
    count: RAID_CATCHUP_SETTLEMENTS,
    weekStart,
    npcStart: weekStart,
    dayCycleMs: day,
    mode,
  });
  const h = harness(database, { dayCycleMs: day });
  const now = weekStart + 24 * 3600_000;
  h.at(now);
  const cpu = cpuSeconds();
  const t = performance.now();
  const phases = await h.sim.runOnce(now);
  const [r] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(raids)
    .where(inArray(raids.settlementId, world.ids));
  return {
    world,
    seconds: (performance.now() - t) / 1000,
    cpu: cpuSeconds() - cpu,
    phases,
    transactions: h.sim.stats.transactions,
    raids: Number(r?.n ?? 0),
  };
}

const pct = (after: number, before: number) => `${after >= before ? '+' : ''}${((100 * (after - before)) / before).toFixed(0)}%`;

async function raidsAndUpkeep(backend: Backend): Promise<void> {
  console.log(
    `  raids and upkeep: ${RAID_SETTLEMENTS} settlements (${RAID_WORKERS} workers and 0/1/2/4 defenders each), ` +
      `a week of ${WEEK_DAYS} in-game days of ${RAID_DAY_MS / 1000} s (production: ${loadConfig({}).dayCycleMs / 1000} s), ` +
      `one round per simulated second; "off": every settlement's clock parked (no meal, no raid), all else the same`,
  );
  const week = new Map<RaidMode, WeekFigures>();
  const catchUps = new Map<RaidMode, Awaited<ReturnType<typeof raidCatchUp>>>();
  for (const mode of ['off', 'on'] as const) {
    let database = await openTestDatabase(backend);
    try {
      const { figures: f, world } = await raidWeek(database, mode);
      week.set(mode, f);
      console.log(
        `    week [${mode}]: ${f.cpuPerS.toFixed(3)} CPU s per simulated s (wall ${f.wallPerS.toFixed(3)} s), ` +
          `${f.phasesPerS.toFixed(0)} phases/s, ${f.txPerS.toFixed(1)} transactions/s, slowest round ${f.slowestMs.toFixed(0)} ms ` +
          `(at ${(f.slowestAt / RAID_DAY_MS).toFixed(2)} days)`,
      );
      if (mode === 'on') await raidPlay(database, world);
    } catch (err) {
      console.log(`    week [${mode}] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    } finally {
      await database.close();
    }
    database = await openTestDatabase(backend);
    try {
      const c = await raidCatchUp(database, mode);
      catchUps.set(mode, c);
      console.log(
        `    24 h catch-up [${mode}], ${c.world.ids.length} settlements, ${c.world.npcs} NPCs, day ${loadConfig({}).dayCycleMs / 60_000} min: ` +
          `${c.seconds.toFixed(1)} s (${c.cpu.toFixed(1)} CPU s), ${c.phases} phases in ${c.transactions} transactions, ${c.raids} raids`,
      );
    } catch (err) {
      console.log(`    catch-up [${mode}] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    } finally {
      await database.close();
    }
  }
  const [off, on] = [week.get('off'), week.get('on')];
  const [cOff, cOn] = [catchUps.get('off'), catchUps.get('on')];
  if (off && on && cOff && cOn) {
    // Meals and raids come RAID_DAY_MS / production-day times as often per NPC phase here as in production.
    const density = loadConfig({}).dayCycleMs / RAID_DAY_MS;
    console.log(
      `    off → on: CPU per simulated s ${off.cpuPerS.toFixed(3)} → ${on.cpuPerS.toFixed(3)} (${pct(on.cpuPerS, off.cpuPerS)}; ` +
        `at the production day, ${density}× fewer meals and raids per phase: ~${pct(off.cpuPerS + (on.cpuPerS - off.cpuPerS) / density, off.cpuPerS)}), ` +
        `slowest round ${off.slowestMs.toFixed(0)} → ${on.slowestMs.toFixed(0)} ms, ` +
        `24 h catch-up ${cOff.seconds.toFixed(1)} → ${cOn.seconds.toFixed(1)} s (${pct(cOn.seconds, cOff.seconds)}; CPU ${pct(cOn.cpu, cOff.cpu)}); goal ≤ +25%`,
    );
  }
}

/** What a server process's /metrics says of its NPC simulation. */
async function simMetrics(p: ServerProcess): Promise<{ worlds: number; phases: number; lag: number }> {
  const text = await (await fetch(`${p.url}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^${name} ([0-9.eE+-]+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    worlds: read('wasteland_npc_sim_worlds'),
    phases: read('wasteland_npc_sim_phases_total'),
    lag: read('wasteland_npc_sim_lag_seconds'),
  };
}

/** Two server processes share the worlds: the split, each one's pace, and the takeover after a SIGKILL. */
async function processes(): Promise<void> {
  const url = await freshPostgresUrl();
  const spawned: ServerProcess[] = [];
  const database = await openDatabase({ url });
  try {
    const perWorld = Math.max(1, Math.round(STEADY_NPCS / WORLDS / NPCS_PER_SETTLEMENT));
    const t = performance.now();
    const ids = await seedNpcs(database.db, {
      worldIds: Array.from({ length: WORLDS }, (_, i) => `proc-${i}`),
      settlementsPerWorld: perWorld,
      npcsPerSettlement: NPCS_PER_SETTLEMENT,
      // Real time now: the servers run on the clock. Rests end over the next 6 minutes, as in the steady part.
      start: new Date(),
      spreadMs: 6 * 60_000,
    });
    console.log(`  processes: seeded ${ids.length} NPCs in ${WORLDS} worlds in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    // The rests as if seeded now, plus the servers' start-up: no backlog from the seeding's own time.
    const shift = sql`(now() - ${new Date(Date.now() - performance.now() + t).toISOString()}::timestamptz + interval '10 seconds')`;
    await database.db.execute(
      sql`update npcs set phase_started_at = phase_started_at + ${shift}, phase_ends_at = phase_ends_at + ${shift}
            where phase_ends_at is not null`,
    );
    /** World leases in this database by holding backend, and the NPCs of the worlds each holds. */
    const split = async () => {
      const rows = (await database.db.execute(
        sql`select l.pid, count(distinct w.world_id)::int as worlds, coalesce(sum(w.npcs), 0)::int as npcs from pg_locks l
              join (select s.world_id, hashtext(s.world_id) as key, count(n.id) as npcs from settlements s
                      left join npcs n on n.settlement_id = s.id group by s.world_id) w
                on l.objid::int8 = (w.key::int8 & 4294967295)
              where l.locktype = 'advisory' and l.granted and l.objsubid = 2 and l.classid = ${NPC_LEASE_KEY}
                and l.database = (select oid from pg_database where datname = current_database())
              group by l.pid order by l.pid`,
      )) as unknown as { pid: number; worlds: number; npcs: number }[];
      return rows;
    };
    /** How far behind the oldest phase that has ended lies (s, on the database's clock; 0 when none is due). */
    const behind = async () => {
      const [r] = (await database.db.execute(
        sql`select coalesce(extract(epoch from now() - min(phase_ends_at)), 0)::float8 as s from npcs where phase_ends_at <= now()`,
      )) as unknown as { s: number }[];
      return Number(r?.s ?? 0);
    };
    const env = { DATABASE_URL: url, WORLD_SEED: '12345', LOG_LEVEL: 'warn' };
    const started = performance.now();
    spawned.push(await spawnServer(env));
    spawned.push(await spawnServer(env));
    const [p1, p2] = spawned as [ServerProcess, ServerProcess];
    const half = Math.ceil(WORLDS / 2);
    for (;;) {
      const [m1, m2] = await Promise.all([simMetrics(p1), simMetrics(p2)]);
      if (m1.worlds + m2.worlds === WORLDS && Math.max(m1.worlds, m2.worlds) === half) break;
      if (performance.now() - started > 60_000) throw new Error(`not split within 60 s: ${m1.worlds} and ${m2.worlds}`);
      await Bun.sleep(100);
    }
    console.log(
      `    shared ${((performance.now() - started) / 1000).toFixed(1)} s after the first process started (both started one after the other)`,
    );
    // Half a minute on the clock: each process's pace.
    const WINDOW_S = 30;
    await Bun.sleep(5000);
    const before = await Promise.all([simMetrics(p1), simMetrics(p2)]);
    const cpuBefore = spawned.map((p) => processCpu(p.pid));
    await Bun.sleep(WINDOW_S * 1000);
    const after = await Promise.all([simMetrics(p1), simMetrics(p2)]);
    const cpuAfter = spawned.map((p) => processCpu(p.pid));
    const locks = await split();
    const behindBefore = await behind();
    console.log(
      `    split by pg_locks: ${locks.map((r) => `${r.worlds} worlds / ${r.npcs} NPCs`).join(' and ')} (${locks.length} lock connections)`,
    );
    for (const [i, p] of spawned.entries()) {
      const phases = (after[i]!.phases - before[i]!.phases) / WINDOW_S;
      const cpu = (cpuAfter[i]! - cpuBefore[i]!) / WINDOW_S;
      console.log(
        `    process ${i + 1} (pid ${p.pid}): ${after[i]!.worlds} worlds, ${phases.toFixed(0)} phases/s, ${cpu.toFixed(3)} CPU s per s ` +
          `(whole server process), lag ${after[i]!.lag.toFixed(2)} s`,
      );
    }
    console.log(`    oldest due phase ${behindBefore.toFixed(2)} s behind before the kill`);
    // The first is killed outright: how long until the second holds every world, and how far behind those fell.
    const survivor = p2;
    p1.kill('SIGKILL');
    await p1.exited;
    const killed = performance.now();
    let heldAll = Number.NaN;
    for (;;) {
      const rows = await split();
      if (rows.length === 1 && rows[0]!.worlds === WORLDS) {
        heldAll = performance.now() - killed;
        break;
      }
      if (performance.now() - killed > 30_000) break;
      await Bun.sleep(25);
    }
    const phasesAt = (await simMetrics(survivor)).phases;
    let maxLag = 0;
    let maxBehind = 0;
    const watchUntil = performance.now() + 15_000;
    while (performance.now() < watchUntil) {
      maxLag = Math.max(maxLag, (await simMetrics(survivor)).lag);
      maxBehind = Math.max(maxBehind, await behind());
      await Bun.sleep(250);
    }
    const m = await simMetrics(survivor);
    console.log(
      `    SIGKILL of process 1: process 2 holds all ${WORLDS} worlds ${Number.isNaN(heldAll) ? 'not within 30 s' : `${heldAll.toFixed(0)} ms after`} ` +
        `(goal ≤ 5,000 ms); then ${m.worlds} worlds, ${((m.phases - phasesAt) / 15).toFixed(0)} phases/s over 15 s, ` +
        `lag gauge at most ${maxLag.toFixed(2)} s, ${m.lag.toFixed(2)} s at the end; oldest due phase at most ` +
        `${maxBehind.toFixed(2)} s behind, ${(await behind()).toFixed(2)} s at the end`,
    );
  } finally {
    await Promise.all(spawned.map((p) => p.stop()));
    await database.close();
    await dropTestDatabases([url]).catch(() => {});
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc. */
function processCpu(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const only = process.env.NPCS_BENCH_BACKENDS?.split(',');
for (const backend of backends().filter((b) => !only || only.includes(b))) {
  console.log(`${backend}:`);
  for (const part of [steady, catchUp]) {
    if (!PARTS.includes(part.name)) continue;
    const database = await openTestDatabase(backend);
    try {
      await part(database);
    } catch (err) {
      console.log(`  ${part.name} failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      await database.close();
    }
  }
  if (PARTS.includes('raids')) await raidsAndUpkeep(backend);
  if (PARTS.includes('processes') && backend === 'postgres') {
    try {
      await processes();
    } catch (err) {
      console.log(`  processes failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
