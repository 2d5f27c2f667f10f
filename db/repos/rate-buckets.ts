import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/** A bucket's numbers: `perSecond` regained (above 0), `burst` at once (at least 1). */
export interface BucketLimit {
  perSecond: number;
  burst: number;
}

/** Rows removed per prune statement; prune repeats while batches come back full, up to PRUNE_ROUNDS. */
const PRUNE_BATCH = 1000;
const PRUNE_ROUNDS = 5;

/** postgres.js answers an array of rows, PGlite `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}

/** Milliseconds a token is worth, and how far ahead of now the theoretical arrival time may run. */
function gcra(limit: BucketLimit): { interval: number; horizon: number } {
  const interval = 1000 / limit.perSecond;
  return { interval, horizon: interval * limit.burst };
}

/**
 * Token buckets in `rate_buckets` (db/schema/accounts.ts), one row per key, shared by every process on the database.
 * Each bucket is GCRA's theoretical arrival time (`tat`, ms): `take` is one conditional UPSERT, so concurrent takes
 * from any number of processes can never together spend more than the bucket holds. Times are the caller's clock in
 * ms since the epoch.
 */
export function rateBucketsRepo(db: Db) {
  return {
    /**
     * Spends one token of `key` at `now`: answers `{ wait: 0, tat }` when it was there (tat after the spend), or the
     * ms until it will be and the bucket's tat as it stands (nothing spent). One statement: the UPSERT spends only
     * when there is room, and the same statement reads the row as it was for the wait of a refusal.
     */
    async take(key: string, limit: BucketLimit, now: number): Promise<{ wait: number; tat: number }> {
      const { interval, horizon } = gcra(limit);
      const rows = rowsOf<{ spent: number | null; before: number | null }>(
        await db.execute(sql`
          with spent as (
            insert into rate_buckets as b (key, tat) values (${key}, ${now}::float8 + ${interval}::float8)
            on conflict (key) do update set tat = greatest(b.tat, ${now}::float8) + ${interval}::float8
              where greatest(b.tat, ${now}::float8) + ${interval}::float8 <= ${now}::float8 + ${horizon}::float8
            returning b.tat
          )
          select (select tat from spent) as spent, (select tat from rate_buckets where key = ${key}) as before`),
      );
      const spent = rows[0]?.spent ?? null;
      if (spent !== null) return { wait: 0, tat: Number(spent) };
      // Refused: the row as this statement found it (a row made by a concurrent first spend is not in its snapshot).
      const before = Number(rows[0]?.before ?? now + horizon);
      return { wait: Math.max(1, before + interval - horizon - now), tat: before };
    },

    /**
     * Records tokens already spent elsewhere (a process's local decisions since its last sync): `n` per key,
     * unconditionally, in one statement for all keys. Answers each bucket's tat after it; a tat more than burst/rate
     * ahead of now means the key has spent more than its budget over all processes. Keys are written in sorted
     * order, so two processes debiting the same keys never deadlock.
     */
    async debit(spent: Map<string, number>, limit: BucketLimit, now: number): Promise<Map<string, number>> {
      const tats = new Map<string, number>();
      if (spent.size === 0) return tats;
      const { interval } = gcra(limit);
      const keys = [...spent.keys()].sort();
      const values = sql.join(
        keys.map((k) => sql`(${k}, ${(spent.get(k) ?? 0) * interval}::float8)`),
        sql`, `,
      );
      const rows = rowsOf<{ key: string; tat: number }>(
        await db.execute(sql`
          insert into rate_buckets as b (key, tat)
          select v.key, ${now}::float8 + v.cost from (values ${values}) as v (key, cost)
          on conflict (key) do update set tat = greatest(b.tat, ${now}::float8) + (excluded.tat - ${now}::float8)
          returning b.key, b.tat`),
      );
      for (const r of rows) tats.set(r.key, Number(r.tat));
      return tats;
    },

    /** The tat of each of these keys that has a row (a full bucket may have none). */
    async read(keys: string[]): Promise<Map<string, number>> {
      const tats = new Map<string, number>();
      if (keys.length === 0) return tats;
      const rows = rowsOf<{ key: string; tat: number }>(
        await db.execute(
          sql`select key, tat from rate_buckets where key in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})`,
        ),
      );
      for (const r of rows) tats.set(r.key, Number(r.tat));
      return tats;
    },

    /**
     * Deletes buckets that are full by `now` (tat not after it: they hold nothing a fresh bucket would not), in
     * batches, skipping rows being written. Answers how many went.
     */
    async prune(now: number): Promise<number> {
      let removed = 0;
      for (let round = 0; round < PRUNE_ROUNDS; round++) {
        const rows = rowsOf<{ key: string }>(
          await db.execute(sql`
            delete from rate_buckets where key in (
              select key from rate_buckets where tat <= ${now}::float8 order by tat limit ${PRUNE_BATCH}
              for update skip locked)
            returning key`),
        );
        removed += rows.length;
        if (rows.length < PRUNE_BATCH) break;
      }
      return removed;
    },

    /** Rows in the table (tests: it must stay bounded). */
    async rows(): Promise<number> {
      const rows = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from rate_buckets`));
      return Number(rows[0]?.n ?? 0);
    },
  };
}

export type RateBucketsRepo = ReturnType<typeof rateBucketsRepo>;
