import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import { buildStatus, expiryCutoff, lastSeenStaleBefore } from '../../api/game/lobby.ts';
import { backends, openTestDatabase } from '../../api/testing/databases.ts';
import type { Database, Db } from '../client.ts';
import { lobbyCounts, lobbyEntries, users, worlds } from '../schema/index.ts';
import { lobbyRepo } from './lobby.ts';

/** Rows of a raw query on either driver (PGlite answers `{ rows }`, postgres.js an array). */
async function rowsOf<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows?: T[] } & T[];
  return r.rows ?? r;
}

const TIMEOUT = 120_000;
const t0 = new Date('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const cutoffAt = (ms: number) => expiryCutoff(at(ms), TIMEOUT);
const staleAt = (ms: number) => lastSeenStaleBefore(at(ms), TIMEOUT);
/** The world seats are taken in. */
const W = 'default';

/** One contract, two backends: the same lobby repository behaviour on PGlite and on the Postgres server. */
describe.each(backends())('lobby repository contract on %s', (backend) => {
  let database: Database;
  let repo: ReturnType<typeof lobbyRepo>;
  const ids = Array.from({ length: 8 }, (_, i) => `lc-user-${i}`);

  /** The stored counts, and the counts of the entries themselves: the triggers must keep them equal. */
  async function counts() {
    const [kept] = await database.db.select().from(lobbyCounts);
    const [real] = await rowsOf<{ seated: number; queued: number }>(
      database.db,
      sql`select count(*) filter (where seated_at is not null)::int as seated, count(*) filter (where seated_at is null)::int as queued from lobby_entries`,
    );
    return {
      kept: { seated: kept!.seated, queued: kept!.queued },
      real: { seated: Number(real!.seated), queued: Number(real!.queued) },
    };
  }

  /** The row version of a user's entry: a write, even of the same values, gives it a new xmin and ctid. */
  async function version(userId: string): Promise<string> {
    const [row] = await rowsOf<{ v: string }>(
      database.db,
      sql`select xmin::text || '/' || ctid::text as v from lobby_entries where user_id = ${userId}`,
    );
    return row!.v;
  }

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    repo = lobbyRepo(database.db);
    await database.db.insert(users).values(ids.map((id) => ({ id, username: id, usernameKey: id, passwordHash: 'x' })));
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(lobbyEntries);
  });

  test('lobby_counts follows every insert, promotion, removal, lapse, cascade and truncate', async () => {
    expect(await counts()).toEqual({ kept: { seated: 0, queued: 0 }, real: { seated: 0, queued: 0 } });
    await repo.locked(async (l) => {
      for (const [i, id] of ids.entries()) await l.insert(id, at(i), i < 3 ? W : null);
    });
    expect((await counts()).kept).toEqual({ seated: 3, queued: 5 });
    await repo.locked((l) => l.seatQueueHeads(2, at(100), W));
    expect((await counts()).kept).toEqual({ seated: 5, queued: 3 });
    // Heartbeats and ready flags do not change who is seated: the counts row is not touched.
    await repo.touchMany(ids, at(60_000), cutoffAt(60_000), staleAt(60_000));
    await repo.setReady(ids[0]!, true, cutoffAt(60_000));
    expect((await counts()).kept).toEqual({ seated: 5, queued: 3 });
    expect(await repo.locked((l) => l.remove(ids[0]!))).toBe('lobby');
    expect(await repo.locked((l) => l.remove(ids[7]!))).toBe('queue');
    expect((await counts()).kept).toEqual({ seated: 4, queued: 2 });
    // Everyone but ids[1] was seen at 60 s; ids[1] is refreshed later, the others lapse.
    await repo.refresh(ids[1]!, at(100_000), cutoffAt(100_000), staleAt(100_000));
    expect(await repo.locked((l) => l.removeLapsed(cutoffAt(190_000)))).toBe(5);
    let c = await counts();
    expect(c.kept).toEqual(c.real);
    expect(c.kept).toEqual({ seated: 1, queued: 0 });
    // Deleting the user cascades to the entry, and the counts follow.
    await repo.locked((l) => l.insert(ids[7]!, at(200_000), null));
    await database.db.delete(users).where(eq(users.id, ids[7]!));
    c = await counts();
    expect(c.kept).toEqual({ seated: 1, queued: 0 });
    await database.db.insert(users).values({ id: ids[7]!, username: ids[7]!, usernameKey: ids[7]!, passwordHash: 'x' });
    await database.db.execute(sql`truncate lobby_entries`);
    expect((await counts()).kept).toEqual({ seated: 0, queued: 0 });
  });

  test('world_seats follows every seat, move, promotion, removal, lapse, cascade and truncate, per world', async () => {
    /** The kept seat counts per world (worlds with none left out) and the real ones, from the entries. */
    async function perWorld() {
      const kept = await rowsOf<{ world_id: string; seated: number }>(
        database.db,
        sql`select world_id, seated from world_seats where seated <> 0 order by world_id`,
      );
      const real = await rowsOf<{ world_id: string; seated: number }>(
        database.db,
        sql`select world_id, count(*)::int as seated from lobby_entries where seated_at is not null group by world_id order by world_id`,
      );
      const shape = (rows: { world_id: string; seated: number }[]) =>
        Object.fromEntries(rows.map((r) => [r.world_id, Number(r.seated)]));
      return { kept: shape(kept), real: shape(real) };
    }
    await database.db
      .insert(worlds)
      .values([
        { id: 'lc-a', name: 'A', seed: 1 },
        { id: 'lc-b', name: 'B', seed: 2 },
      ])
      .onConflictDoNothing();
    await repo.locked(async (l) => {
      for (const [i, id] of ids.entries()) await l.insert(id, at(i), i < 2 ? 'lc-a' : i < 3 ? 'lc-b' : null);
    });
    expect((await perWorld()).kept).toEqual({ 'lc-a': 2, 'lc-b': 1 });
    await repo.locked((l) => l.seatQueueHeads(1, at(100), 'lc-b'));
    await repo.locked((l) => l.seat(ids[4]!, 'lc-a', at(100)));
    expect((await perWorld()).kept).toEqual({ 'lc-a': 3, 'lc-b': 2 });
    // A move: one seat less in the old world, one more in the new.
    await repo.locked((l) => l.seat(ids[0]!, 'lc-b', at(200)));
    expect((await perWorld()).kept).toEqual({ 'lc-a': 2, 'lc-b': 3 });
    // Heartbeats and ready flags touch no count.
    await repo.touchMany(ids, at(60_000), cutoffAt(60_000), staleAt(60_000));
    await repo.setReady(ids[0]!, true, cutoffAt(60_000));
    expect(await repo.locked((l) => l.remove(ids[1]!))).toBe('lobby');
    let c = await perWorld();
    expect(c.kept).toEqual(c.real);
    expect(c.kept).toEqual({ 'lc-a': 1, 'lc-b': 3 });
    expect((await repo.worldSeats()).filter((w) => w.id.startsWith('lc-')).map((w) => [w.id, w.seated])).toEqual([
      ['lc-a', 1],
      ['lc-b', 3],
    ]);
    await repo.refresh(ids[2]!, at(100_000), cutoffAt(100_000), staleAt(100_000));
    await repo.locked((l) => l.removeLapsed(cutoffAt(190_000)));
    c = await perWorld();
    expect(c.kept).toEqual(c.real);
    expect(c.kept).toEqual({ 'lc-b': 1 });
    await database.db.delete(users).where(eq(users.id, ids[2]!));
    expect((await perWorld()).kept).toEqual({});
    await database.db.insert(users).values({ id: ids[2]!, username: ids[2]!, usernameKey: ids[2]!, passwordHash: 'x' });
    await repo.locked((l) => l.insert(ids[2]!, at(300_000), 'lc-a'));
    await database.db.execute(sql`truncate lobby_entries`);
    expect(await perWorld()).toEqual({ kept: {}, real: {} });
  });

  test('counts: seated and queued from one row, and whether anything has lapsed', async () => {
    await repo.locked(async (l) => {
      await l.insert(ids[0]!, at(0), W);
      await l.insert(ids[1]!, at(50_000), null);
    });
    expect(await repo.counts(cutoffAt(60_000))).toEqual({ seated: 1, queued: 1, anyLapsed: false });
    expect(await repo.counts(cutoffAt(120_001))).toEqual({ seated: 1, queued: 1, anyLapsed: true });
  });

  test('own: the caller’s live entry and queue position agree with the full list’s order', async () => {
    const seated = new Set([0, 2, 5]);
    await repo.locked(async (l) => {
      for (const [i, id] of ids.entries()) await l.insert(id, at(i), seated.has(i) ? W : null);
    });
    // Promote the first in the queue, so positions must skip a seated entry that came later than them.
    await repo.locked((l) => l.seatQueueHeads(1, at(10), W));
    const all = await repo.listWithNames();
    const { queue } = buildStatus(all, at(20), 20, { worldId: W, worldName: 'W' });
    for (const id of ids) {
      const own = await repo.own(id, cutoffAt(20));
      const inQueue = queue.find((q) => q.id === id);
      expect(own?.queuePosition ?? null).toBe(inQueue?.position ?? null);
      expect(own?.seatedAt === null).toBe(inQueue !== undefined);
    }
    expect(await repo.own('lc-nobody', cutoffAt(20))).toBeNull();
    // A lapsed entry is no standing at all.
    expect(await repo.own(ids[0]!, cutoffAt(120_001))).toBeNull();
  });

  test('a heartbeat on a fresh entry writes nothing; a stale one is written; a lapsed one is never revived', async () => {
    await repo.locked(async (l) => {
      await l.insert(ids[0]!, at(0), W);
      await l.insert(ids[1]!, at(0), null);
    });
    const fresh = at(TIMEOUT / 10); // exactly a tenth of the timeout: not yet stale
    const before = [await version(ids[0]!), await version(ids[1]!)];
    expect(await repo.touch(ids[0]!, fresh, expiryCutoff(fresh, TIMEOUT), lastSeenStaleBefore(fresh, TIMEOUT))).toBe(true);
    expect(await repo.refresh(ids[0]!, fresh, expiryCutoff(fresh, TIMEOUT), lastSeenStaleBefore(fresh, TIMEOUT))).toBe(false);
    expect(await repo.touchMany(ids, fresh, expiryCutoff(fresh, TIMEOUT), lastSeenStaleBefore(fresh, TIMEOUT))).toEqual([]);
    expect([await version(ids[0]!), await version(ids[1]!)]).toEqual(before);

    const stale = at(TIMEOUT / 10 + 1);
    expect(lastSeenStaleBefore(stale, TIMEOUT) > at(0)).toBe(true);
    expect((await repo.touchMany(ids, stale, expiryCutoff(stale, TIMEOUT), lastSeenStaleBefore(stale, TIMEOUT))).sort()).toEqual([
      ids[0]!,
      ids[1]!,
    ]);
    expect(await version(ids[0]!)).not.toBe(before[0]);
    const [row] = await database.db.select().from(lobbyEntries).where(eq(lobbyEntries.userId, ids[0]!));
    expect(row!.lastSeenAt).toEqual(stale);
    // And again straight after: fresh, so no write.
    const again = await version(ids[0]!);
    expect(
      await repo.touch(
        ids[0]!,
        at(TIMEOUT / 10 + 2),
        expiryCutoff(at(TIMEOUT / 10 + 2), TIMEOUT),
        lastSeenStaleBefore(at(TIMEOUT / 10 + 2), TIMEOUT),
      ),
    ).toBe(true);
    expect(await version(ids[0]!)).toBe(again);

    const late = at(TIMEOUT / 10 + 1 + TIMEOUT + 1);
    expect(await repo.touch(ids[0]!, late, expiryCutoff(late, TIMEOUT), lastSeenStaleBefore(late, TIMEOUT))).toBe(false);
    expect(await repo.touchMany(ids, late, expiryCutoff(late, TIMEOUT), lastSeenStaleBefore(late, TIMEOUT))).toEqual([]);
    expect(await version(ids[0]!)).toBe(again);
  });

  /**
   * Admission must not read the whole table: with 3,000 entries and fresh statistics, every query of the admission
   * and heartbeat paths runs without a sequential scan of lobby_entries (pg_stat_xact_user_tables counts them within
   * the transaction, so the check needs no stats flush). GET /api/lobby's full list is the one query left out.
   */
  test('admission, heartbeats and settling never scan lobby_entries sequentially', async () => {
    await database.db.execute(sql`
      insert into users (id, username, username_key, password_hash)
      select 'lc-bulk-' || g, 'lc-bulk-' || g, 'lc-bulk-' || g, 'x' from generate_series(1, 3000) g
      on conflict do nothing`);
    await database.db.execute(sql`
      insert into lobby_entries (user_id, entered_at, seated_at, last_seen_at)
      select 'lc-bulk-' || g, ${at(0).toISOString()}::timestamptz + g * interval '1 ms',
             case when g <= 2000 then ${at(0).toISOString()}::timestamptz end, ${at(60_000).toISOString()}::timestamptz
      from generate_series(1, 3000) g`);
    await database.db.execute(sql`analyze lobby_entries`);
    const now = at(70_000);
    const cutoff = expiryCutoff(now, TIMEOUT);
    const scans = async (tx: Pick<Db, 'execute'>) => {
      const [r] = await rowsOf<{ seq: number }>(
        tx,
        sql`select coalesce(seq_scan, 0)::int as seq from pg_stat_xact_user_tables where relname = 'lobby_entries'`,
      );
      return Number(r?.seq ?? 0);
    };
    const rollback = new Error('rollback');
    const seqScans = await database.db
      .transaction(async (tx) => {
        const inTx = lobbyRepo(tx as unknown as Db);
        const start = await scans(tx);
        expect(await inTx.counts(cutoff)).toEqual({ seated: 2000, queued: 1000, anyLapsed: false });
        expect((await inTx.own('lc-bulk-10', cutoff))?.queuePosition).toBeNull();
        expect((await inTx.own('lc-bulk-2005', cutoff))?.queuePosition).toBe(5);
        expect(await inTx.touch('lc-bulk-10', now, cutoff, lastSeenStaleBefore(now, TIMEOUT))).toBe(true);
        await inTx.refresh('lc-bulk-11', at(80_000), cutoff, staleAt(80_000));
        await inTx.touchMany(['lc-bulk-12', 'lc-bulk-13', 'lc-bulk-2100'], at(80_000), cutoff, staleAt(80_000));
        expect(await inTx.seatedAmong(['lc-bulk-1', 'lc-bulk-2001'], cutoff)).toEqual(['lc-bulk-1']);
        expect(await inTx.seatsAmong(['lc-bulk-1', 'lc-bulk-2001'], cutoff)).toEqual([{ userId: 'lc-bulk-1', worldId: null }]);
        await inTx.worldSeats();
        expect(await inTx.homeWorld('lc-bulk-10')).toBeNull();
        expect(await inTx.setReady('lc-bulk-1', true, cutoff)).toBe(true);
        await inTx.locked(async (l) => {
          expect(await l.removeLapsed(cutoff)).toBe(0);
          expect(await l.remove('lc-bulk-3')).toBe('lobby');
          expect(await l.seatQueueHeads(1, now, W)).toEqual(['lc-bulk-2001']);
          expect(await l.queueHeads(2)).toEqual(['lc-bulk-2002', 'lc-bulk-2003']);
          expect(await l.seat('lc-bulk-2002', W, now)).toBe(true);
          await l.insert(ids[0]!, now, null);
        });
        const used = (await scans(tx)) - start;
        throw Object.assign(rollback, { used });
      })
      .catch((err) => {
        if (err !== rollback) throw err;
        return (err as Error & { used: number }).used;
      });
    expect(seqScans).toBe(0);
  });
});
