/**
 * Two server processes on one Postgres database with working NPCs: exactly one of them simulates (it holds the
 * lease, an advisory lock; the other only retries), no cycle is run twice, and when the simulating process is killed
 * outright (SIGKILL: no goodbye) the other takes over within seconds and the NPCs go on. Needs a Postgres server
 * (DATABASE_URL); PGlite serves one process by design.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../../db/index.ts';
import type { SessionLock } from '../../../db/client.ts';
import { npcs } from '../../../db/schema/index.ts';
import { freshPostgresUrl, openTestDatabase } from '../../testing/databases.ts';
import { seedNpcs } from '../../testing/npcs.ts';
import { type ServerProcess, spawnServer } from '../../testing/process.ts';
import { NPC_LEASE_KEY } from './lease.ts';

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;
const LEASE_TAKEN = '[npcs] this process simulates the NPCs (lease taken)';
const count = (text: string, line: string) => text.split(line).length - 1;

describeOnPostgres('NPCs simulated by one of two processes', () => {
  let p1: ServerProcess;
  let p2: ServerProcess;
  let database: Database;
  /** Every (NPC, cycle) seen, with the time its cycle began: one cycle run twice would begin twice. */
  const cycles = new Map<string, number>();
  const conflicts: string[] = [];
  let watching: ReturnType<typeof setInterval> | null = null;

  async function observe(): Promise<number> {
    const rows = await database.db.select({ id: npcs.id, cycle: npcs.cycle, startedAt: npcs.cycleStartedAt }).from(npcs);
    let total = 0;
    for (const r of rows) {
      total += r.cycle;
      if (!r.startedAt) continue;
      const key = `${r.id}:${r.cycle}`;
      const seen = cycles.get(key);
      if (seen === undefined) cycles.set(key, r.startedAt.getTime());
      else if (seen !== r.startedAt.getTime()) conflicts.push(`${key} began at ${seen} and at ${r.startedAt.getTime()}`);
    }
    return total;
  }
  /** pg_locks lists the locks of the whole server: count only this test's database (issue 25, item 12). */
  const holders = async () =>
    Number(
      (
        (await database.db.execute(
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ${NPC_LEASE_KEY} and granted
                and database = (select oid from pg_database where datname = current_database())`,
        )) as unknown as { n: number }[]
      )[0]!.n,
    );
  /** Another game's NPC lease on another database of the same server, as on a shared CI machine: it must not count. */
  let neighbour: Database | null = null;
  let neighbourLease: SessionLock | null = null;
  async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
    const started = performance.now();
    while (!(await check())) {
      if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
      await Bun.sleep(50);
    }
    return performance.now() - started;
  }

  beforeAll(async () => {
    neighbour = await openTestDatabase('postgres');
    neighbourLease = await neighbour.sessionLock!(NPC_LEASE_KEY);
    if (!neighbourLease) throw new Error('the neighbour database did not get its own NPC lease');
    const url = await freshPostgresUrl();
    // NPC time 50 times faster: a work cycle takes a few seconds.
    const env = { DATABASE_URL: url, WORLD_SEED: '12345', NPC_TIME_SCALE: '0.02' };
    // One after the other: both would otherwise race to apply the migrations.
    p1 = await spawnServer(env);
    p2 = await spawnServer(env);
    database = await openDatabase({ url });
    await seedNpcs(database.db, {
      worldIds: ['default'],
      settlementsPerWorld: 3,
      npcsPerSettlement: 4,
      start: new Date(),
      spreadMs: 3000,
    });
    watching = setInterval(() => void observe().catch(() => {}), 100);
  }, 60_000);
  afterAll(async () => {
    if (watching) clearInterval(watching);
    await Promise.all([p1?.stop(), p2?.stop()]);
    await database?.close();
    await neighbourLease?.release();
    await neighbour?.close();
  });

  test('exactly one process holds the lease and simulates; the NPCs work', async () => {
    await until('a process takes the lease', () => count(p1.output() + p2.output(), LEASE_TAKEN) >= 1, 10_000);
    const before = await observe();
    await Bun.sleep(6000);
    expect(count(p1.output(), LEASE_TAKEN) + count(p2.output(), LEASE_TAKEN)).toBe(1);
    expect(await holders()).toBe(1);
    // Twelve NPCs, a cycle every five seconds or so each (journeys, a 2.4-second rest).
    expect(await observe()).toBeGreaterThanOrEqual(before + 8);
    expect(conflicts).toEqual([]);
  }, 30_000);

  test('the leader killed outright, the other takes over within seconds; still no cycle runs twice', async () => {
    const [leader, other] = count(p1.output(), LEASE_TAKEN) ? [p1, p2] : [p2, p1];
    process.kill(leader.pid, 'SIGKILL');
    await leader.exited;
    const took = await until('the other process takes the lease', () => count(other.output(), LEASE_TAKEN) === 1, 10_000);
    console.log(`  lease taken over ${took.toFixed(0)} ms after SIGKILL`);
    expect(took).toBeLessThan(6000);
    const before = await observe();
    await Bun.sleep(6000);
    expect(await observe()).toBeGreaterThanOrEqual(before + 8);
    expect(await holders()).toBe(1);
    expect(conflicts).toEqual([]);
    expect(cycles.size).toBeGreaterThan(30);
  }, 30_000);
});
