/**
 * The world leases over a real database: on Postgres, processes (here: database connections of their own, as each
 * server process has) split the worlds with settlements, none held twice by pg_locks' account, a third joining takes
 * its share, and when one goes (its lock connection closed, as by a crash) the others hold every world within two
 * checks. On embedded PGlite the one process simulates every world.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../../db/index.ts';
import { npcSimRepo } from '../../../db/repos/npc-sim.ts';
import { NPC_LEASE_FREE_CHECKS } from '../../game/npc-lease.ts';
import { backends, dropTestDatabases, freshPostgresUrl, openTestDatabase } from '../../testing/databases.ts';
import { seedNpcs } from '../../testing/npcs.ts';
import { type LeaseChange, NPC_LEASE_KEY, NPC_PROCESS_KEY, WorldLeases } from './lease.ts';

const WORLDS = ['w-a', 'w-b', 'w-c', 'w-d', 'w-e'];

function leasesOn(database: Database, changes: LeaseChange[] = []) {
  const repo = npcSimRepo(database.db);
  return new WorldLeases(
    database.sessionLockPairs,
    () => repo.worldsToSimulate(),
    (c) => changes.push(c),
    async () => {},
    (what, err) => {
      throw new Error(`${what}: ${String(err)}`);
    },
  );
}

describe.each(backends())('world leases (%s)', (backend) => {
  const opened: Database[] = [];
  let url: string | null = null;
  afterAll(async () => {
    for (const d of opened) await d.close().catch(() => {});
    if (url) await dropTestDatabases([url]);
  });

  if (backend === 'pglite') {
    test('one process simulates every world, named or not', async () => {
      const database = await openTestDatabase('pglite');
      opened.push(database);
      const changes: LeaseChange[] = [];
      const leases = leasesOn(database, changes);
      leases.start();
      expect(leases.leading).toBe(true);
      expect(leases.worlds()).toBeUndefined();
      expect(leases.holds('anything')).toBe(true);
      expect(leases.chores).toBe(true);
      await leases.stop();
      expect(leases.leading).toBe(false);
    });
    return;
  }

  test('processes split the worlds, none held twice; one gone, the others hold all within two checks', async () => {
    url = await freshPostgresUrl();
    const open = async () => {
      const d = await openDatabase({ url: url! });
      opened.push(d);
      return d;
    };
    const [d1, d2, d3] = [await open(), await open(), await open()];
    await seedNpcs(d1.db, { worldIds: WORLDS, settlementsPerWorld: 1, npcsPerSettlement: 1, start: new Date(), spreadMs: 0 });
    const keys = new Map((await npcSimRepo(d1.db).worldsToSimulate()).map((w) => [w.key, w.id] as const));
    expect([...keys.values()].sort()).toEqual(WORLDS);
    /** The world leases pg_locks lists in this database, by holding backend. */
    const lockTable = async () => {
      const rows = (await d1.db.execute(
        sql`select pid, classid::int8 as space, objid::int8 as key from pg_locks where locktype = 'advisory' and granted
              and objsubid = 2 and database = (select oid from pg_database where datname = current_database())`,
      )) as unknown as { pid: number; space: string; key: string }[];
      return {
        worlds: rows
          .filter((r) => Number(r.space) === NPC_LEASE_KEY)
          .map((r) => ({ pid: r.pid, world: keys.get(Number(r.key) | 0) })),
        processes: rows.filter((r) => Number(r.space) === NPC_PROCESS_KEY).length,
      };
    };

    const a = leasesOn(d1);
    const b = leasesOn(d2);
    // Alone, the first takes nothing at its first check (free once) and every world at its second.
    await a.check();
    expect(a.worlds()).toEqual([]);
    await a.check();
    expect(a.worlds()?.sort()).toEqual(WORLDS);
    expect(a.chores).toBe(true);

    // A second process: the first gives up two (it keeps the ceiling, 3), the second takes them two checks later.
    for (let i = 0; i < 3; i++) {
      await b.check();
      await a.check();
    }
    expect(a.worlds()).toHaveLength(3);
    expect(b.worlds()).toHaveLength(2);
    // The chores (pruning) stay with one process.
    expect([a.chores, b.chores]).toEqual([true, false]);
    let table = await lockTable();
    expect(table.processes).toBe(2);
    expect(table.worlds.map((w) => w.world).sort()).toEqual(WORLDS);
    expect(new Set(table.worlds.map((w) => w.pid)).size).toBe(2);
    expect([...(a.worlds() ?? []), ...(b.worlds() ?? [])].sort()).toEqual(WORLDS);
    for (const w of WORLDS) expect(a.holds(w) !== b.holds(w)).toBe(true);

    // A third: shares 2, 2, 1 (the two holding most keep the ceiling).
    const c = leasesOn(d3);
    for (let i = 0; i < 3; i++) for (const l of [c, a, b]) await l.check();
    expect([a, b, c].map((l) => l.worlds()?.length).sort()).toEqual([1, 2, 2]);
    table = await lockTable();
    expect(table.processes).toBe(3);
    expect(table.worlds.map((w) => w.world).sort()).toEqual(WORLDS);

    // The first's connection closes (a crash closes it the same way): its worlds are free at once, taken within two checks.
    const hadA = a.worlds()!;
    expect(hadA.length).toBeGreaterThan(0);
    await d1.close();
    const d4 = await open();
    for (let i = 0; i < NPC_LEASE_FREE_CHECKS; i++) for (const l of [b, c]) await l.check();
    expect([...(b.worlds() ?? []), ...(c.worlds() ?? [])].sort()).toEqual(WORLDS);
    expect([b, c].map((l) => l.worlds()?.length).sort()).toEqual([2, 3]);
    expect([b, c].filter((l) => l.chores)).toHaveLength(1);
    const rows = (await d4.db.execute(
      sql`select count(*)::int as n, count(distinct pid)::int as holders from pg_locks where locktype = 'advisory' and granted
            and objsubid = 2 and classid = ${NPC_LEASE_KEY} and database = (select oid from pg_database where datname = current_database())`,
    )) as unknown as { n: number; holders: number }[];
    expect(rows[0]).toEqual({ n: WORLDS.length, holders: 2 });

    // A clean stop lets every world go.
    await b.stop();
    await c.stop();
    expect(b.leading || c.leading).toBe(false);
    const left = (await d4.db.execute(
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and granted and objsubid = 2
            and database = (select oid from pg_database where datname = current_database())`,
    )) as unknown as { n: number }[];
    expect(left[0]!.n).toBe(0);
  }, 60_000);
});
