/**
 * Two server processes on one Postgres database with working NPCs in four worlds: they share the worlds (each holds
 * the lease of some, an advisory lock per world; none is held twice), the NPCs of every world work and no cycle is run
 * twice; when one process is killed outright (SIGKILL: no goodbye) the other holds every world within 5 s and the
 * NPCs go on. Needs a Postgres server (DATABASE_URL); PGlite serves one process by design.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../../db/index.ts';
import { npcs } from '../../../db/schema/index.ts';
import { freshPostgresUrl, openTestDatabase, describeOnPostgres } from '../../testing/databases.ts';
import { seedNpcs } from '../../testing/npcs.ts';
import { type ServerProcess, spawnServer } from '../../testing/process.ts';
import { until } from '../../testing/until.ts';
import { LEASE_TAKEN_LINE, NPC_LEASE_KEY, NPC_PROCESS_KEY } from './lease.ts';

const WORLDS = ['default', 'w-north', 'w-south', 'w-east'];
const count = (text: string, line: string) => text.split(line).length - 1;

/** What the process's /metrics says it simulates. */
async function worldsOf(p: ServerProcess): Promise<number> {
  const text = await (await fetch(`${p.url}/metrics`)).text();
  const m = /^wasteland_npc_sim_worlds (\d+)/m.exec(text);
  if (!m) throw new Error('no wasteland_npc_sim_worlds gauge');
  return Number(m[1]);
}

describeOnPostgres('NPC worlds shared by two processes', () => {
  let p1: ServerProcess;
  let p2: ServerProcess;
  let database: Database;
  /** Every (NPC, cycle) seen, with the time its cycle began: one cycle run twice would begin twice. */
  const cycles = new Map<string, number>();
  const conflicts: string[] = [];
  let watching: ReturnType<typeof setInterval> | null = null;

  /** Cycles done so far, by world. */
  async function observe(): Promise<Map<string, number>> {
    const rows = await database.db
      .select({ id: npcs.id, worldId: npcs.worldId, cycle: npcs.cycle, startedAt: npcs.cycleStartedAt })
      .from(npcs);
    const byWorld = new Map<string, number>();
    for (const r of rows) {
      byWorld.set(r.worldId, (byWorld.get(r.worldId) ?? 0) + r.cycle);
      if (!r.startedAt) continue;
      const key = `${r.id}:${r.cycle}`;
      const seen = cycles.get(key);
      if (seen === undefined) cycles.set(key, r.startedAt.getTime());
      else if (seen !== r.startedAt.getTime()) conflicts.push(`${key} began at ${seen} and at ${r.startedAt.getTime()}`);
    }
    return byWorld;
  }
  /**
   * The world leases granted in this test's database, by world and holding backend (pg_locks lists the locks of the
   * whole server: another database's never count).
   */
  async function leases(): Promise<{ world: string; pid: number }[]> {
    const rows = (await database.db.execute(
      sql`select l.pid, w.world_id as world from pg_locks l
            join (select distinct world_id, hashtext(world_id) as key from settlements) w on l.objid::int8 = (w.key::int8 & 4294967295)
            where l.locktype = 'advisory' and l.granted and l.objsubid = 2 and l.classid = ${NPC_LEASE_KEY}
              and l.database = (select oid from pg_database where datname = current_database())`,
    )) as unknown as { pid: number; world: string }[];
    return rows.map((r) => ({ world: r.world, pid: Number(r.pid) }));
  }
  /** Another game's leases on another database of the same server, as on a shared CI machine: they must not count. */
  let neighbour: Database | null = null;
  const advancedEverywhere = (before: Map<string, number>, after: Map<string, number>) =>
    WORLDS.filter((w) => (after.get(w) ?? 0) < (before.get(w) ?? 0) + 2);

  beforeAll(async () => {
    neighbour = await openTestDatabase('postgres');
    const [row] = (await neighbour.db.execute(sql`select hashtext('default') as key`)) as unknown as { key: number }[];
    // The neighbour "process" holds the lease of its own 'default' world and is present: none of it counts here.
    expect(await neighbour.sessionLockPairs!.take(NPC_LEASE_KEY, Number(row!.key))).toBe(true);
    expect(await neighbour.sessionLockPairs!.take(NPC_PROCESS_KEY, 1)).toBe(true);
    const url = await freshPostgresUrl();
    // NPC time 100 times faster: a work cycle takes a few seconds. The leases are looked at four times a second: a
    // dead process's worlds are taken in half a second, the production pace being two.
    const env = { DATABASE_URL: url, WORLD_SEED: '12345', NPC_TIME_SCALE: '0.01', NPC_LEASE_CHECK_MS: '250' };
    // One after the other: both would otherwise race to apply the migrations.
    p1 = await spawnServer(env);
    p2 = await spawnServer(env);
    database = await openDatabase({ url });
    await seedNpcs(database.db, {
      worldIds: WORLDS,
      settlementsPerWorld: 2,
      npcsPerSettlement: 3,
      start: new Date(),
      spreadMs: 3000,
    });
    watching = setInterval(() => void observe().catch(() => {}), 100);
  }, 60_000);
  afterAll(async () => {
    if (watching) clearInterval(watching);
    await Promise.all([p1?.stop(), p2?.stop()]);
    await database?.close();
    await neighbour?.close();
  });

  test('each process holds some worlds, none is held by both; the NPCs of every world work', async () => {
    await until(async () => (await leases()).length === WORLDS.length, { what: 'every world is held' });
    // Settled: two each, by the locks, by each process's own account and by its log.
    await until(async () => (await worldsOf(p1)) === 2 && (await worldsOf(p2)) === 2, {
      what: 'the worlds are split two and two',
    });
    const held = await leases();
    expect(held.map((l) => l.world).sort()).toEqual([...WORLDS].sort());
    const pids = [...new Set(held.map((l) => l.pid))];
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(held.filter((l) => l.pid === pid)).toHaveLength(2);
    expect(count(p1.output(), LEASE_TAKEN_LINE)).toBeGreaterThanOrEqual(1);
    expect(count(p2.output(), LEASE_TAKEN_LINE)).toBeGreaterThanOrEqual(1);

    const before = await observe();
    // Six NPCs a world, a cycle every three seconds or so each (journeys, a 1.2-second rest): two more in every world.
    await until(async () => advancedEverywhere(before, await observe()).length === 0, {
      what: 'two more cycles in every world',
      timeoutMs: 20_000,
    });
    // Still split the same way: nothing moves once shared.
    expect((await leases()).length).toBe(WORLDS.length);
    expect(new Set((await leases()).map((l) => l.pid)).size).toBe(2);
    expect(conflicts).toEqual([]);
  }, 40_000);

  test('one killed outright, the other holds every world within 5 s; the NPCs of every world go on, no cycle runs twice', async () => {
    const [victim, other] = [p1, p2];
    const takenBefore = count(other.output(), LEASE_TAKEN_LINE);
    process.kill(victim.pid, 'SIGKILL');
    await victim.exited;
    const killedAt = performance.now();
    await until(
      async () => {
        const held = await leases();
        return held.length === WORLDS.length && new Set(held.map((l) => l.pid)).size === 1;
      },
      { what: 'the other holds every world', timeoutMs: 5_000 },
    );
    const took = performance.now() - killedAt;
    console.log(`  every world held by the survivor ${took.toFixed(0)} ms after SIGKILL`);
    expect(took).toBeLessThan(5000);
    expect(await worldsOf(other)).toBe(WORLDS.length);
    expect(count(other.output(), LEASE_TAKEN_LINE)).toBeGreaterThan(takenBefore);
    const before = await observe();
    // Two more cycles in every world, and more than sixty seen over both tests.
    await until(async () => advancedEverywhere(before, await observe()).length === 0 && cycles.size > 60, {
      what: 'two more cycles in every world',
      timeoutMs: 20_000,
    });
    expect(conflicts).toEqual([]);
    expect(cycles.size).toBeGreaterThan(60);
  }, 30_000);
});
