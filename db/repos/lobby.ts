import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { lastSeenStaleBefore, type OwnEntry } from '../../api/game/lobby.ts';
import type { Db } from '../client.ts';
import { lobbyCounts, lobbyEntries, users } from '../schema/index.ts';

export type LobbyEntryRow = typeof lobbyEntries.$inferSelect;
export type LobbyEntryWithNamesRow = LobbyEntryRow & {
  displayName: string | null;
  firstName: string | null;
  username: string;
};

/**
 * Key of the transaction-scoped advisory lock that serialises every change to who holds a seat
 * (join, leave, lapse, promotion). Reads and presence updates do not take it.
 */
export const LOBBY_LOCK_KEY = 0x57_4c_4f_42; // "WLOB"

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** Without an explicit threshold, a heartbeat writes once the stored time is older than LAST_SEEN_GRANULARITY of the timeout. */
function staleBeforeFor(now: Date, cutoff: Date): Date {
  return lastSeenStaleBefore(now, now.getTime() - cutoff.getTime());
}

/** Seated/queued counts as kept by `lobby_counts` (the triggers of migration 0006). */
const countsRow = { seated: lobbyCounts.seated, queued: lobbyCounts.queued };

/**
 * The lobby's queries over one executor: the database itself, or a transaction. Each touches the caller's own row
 * by primary key, the one-row `lobby_counts`, or a range of an index (the lapsed, the queue heads); only
 * `listWithNames` (GET /api/lobby's full list) reads every entry.
 */
function lobbyOps(db: Executor) {
  /**
   * Writes `now` as the user's last-seen time if their entry is live (last seen at or after `cutoff`: a lapsed
   * entry is not revived, the next settling drops it) and stale (last seen before `staleBefore`): a heartbeat
   * on a fresh entry changes nothing and writes nothing. Answers whether a row was written.
   */
  async function refresh(userId: string, now: Date, cutoff: Date, staleBefore = staleBeforeFor(now, cutoff)): Promise<boolean> {
    const rows = await db
      .update(lobbyEntries)
      .set({ lastSeenAt: now })
      .where(and(eq(lobbyEntries.userId, userId), gte(lobbyEntries.lastSeenAt, cutoff), lt(lobbyEntries.lastSeenAt, staleBefore)))
      .returning({ userId: lobbyEntries.userId });
    return rows.length > 0;
  }

  return {
    /** Every entry in arrival order with its user's names. */
    async listWithNames(): Promise<LobbyEntryWithNamesRow[]> {
      const rows = await db
        .select({ entry: lobbyEntries, displayName: users.displayName, firstName: users.firstName, username: users.username })
        .from(lobbyEntries)
        .innerJoin(users, eq(users.id, lobbyEntries.userId))
        .orderBy(asc(lobbyEntries.seq));
      return rows.map((r) => ({ ...r.entry, displayName: r.displayName, firstName: r.firstName, username: r.username }));
    },

    /** Seated and queued entries (one row), and whether any entry was last seen before `cutoff` (one index probe). */
    async counts(cutoff: Date): Promise<{ seated: number; queued: number; anyLapsed: boolean }> {
      const lapsed = db.select({ one: sql`1` }).from(lobbyEntries).where(lt(lobbyEntries.lastSeenAt, cutoff)).limit(1);
      const rows = await db
        .select({ ...countsRow, anyLapsed: sql<boolean>`exists ${lapsed}`.mapWith(Boolean) })
        .from(lobbyCounts)
        .where(eq(lobbyCounts.id, 1));
      return rows[0] ?? { seated: 0, queued: 0, anyLapsed: false };
    },

    /**
     * The user's own live entry (none when absent or last seen before `cutoff`) and, when queued, their position:
     * the queued entries up to theirs in arrival order. One primary-key read, plus a range of the queue index.
     */
    async own(userId: string, cutoff: Date): Promise<OwnEntry | null> {
      const ahead = alias(lobbyEntries, 'ahead');
      const position = db
        .select({ n: sql`count(*)` })
        .from(ahead)
        .where(and(isNull(ahead.seatedAt), lte(ahead.seq, lobbyEntries.seq)));
      const rows = await db
        .select({
          seatedAt: lobbyEntries.seatedAt,
          lastSeenAt: lobbyEntries.lastSeenAt,
          queuePosition: sql<number | null>`case when ${lobbyEntries.seatedAt} is null then (${position}) end`.mapWith((v) =>
            v === null ? null : Number(v),
          ),
        })
        .from(lobbyEntries)
        .where(and(eq(lobbyEntries.userId, userId), gte(lobbyEntries.lastSeenAt, cutoff)));
      return rows[0] ?? null;
    },

    /** Adds the user, seated or at the back of the queue. Call only under the lobby lock. */
    async insert(userId: string, now: Date, seated: boolean): Promise<void> {
      await db.insert(lobbyEntries).values({ userId, enteredAt: now, seatedAt: seated ? now : null, lastSeenAt: now });
    },

    /** Removes the user's entry; answers whether they were seated, queued, or absent. Call only under the lobby lock. */
    async remove(userId: string): Promise<'lobby' | 'queue' | 'none'> {
      const rows = await db
        .delete(lobbyEntries)
        .where(eq(lobbyEntries.userId, userId))
        .returning({ seatedAt: lobbyEntries.seatedAt });
      if (!rows[0]) return 'none';
      return rows[0].seatedAt ? 'lobby' : 'queue';
    },

    /** Drops every entry last seen before `cutoff` (an index range); answers how many. Call only under the lobby lock. */
    async removeLapsed(cutoff: Date): Promise<number> {
      const rows = await db
        .delete(lobbyEntries)
        .where(lt(lobbyEntries.lastSeenAt, cutoff))
        .returning({ userId: lobbyEntries.userId });
      return rows.length;
    },

    /** Seats the first `n` of the queue (arrival order), not ready, in one statement. Call only under the lobby lock. */
    async seatQueueHeads(n: number, now: Date): Promise<string[]> {
      if (n <= 0) return [];
      const heads = db
        .select({ userId: lobbyEntries.userId })
        .from(lobbyEntries)
        .where(isNull(lobbyEntries.seatedAt))
        .orderBy(asc(lobbyEntries.seq))
        .limit(n);
      const rows = await db
        .update(lobbyEntries)
        .set({ seatedAt: now, isReady: false })
        .where(and(inArray(lobbyEntries.userId, heads), isNull(lobbyEntries.seatedAt)))
        .returning({ userId: lobbyEntries.userId });
      return rows.map((r) => r.userId);
    },

    refresh,

    /**
     * Records that the user is still around (see `refresh`: written only when stale, never reviving a lapsed
     * entry). Answers whether the user holds a live entry, written or not. One primary-key read, and a write
     * only when the stored time is stale.
     */
    async touch(userId: string, now: Date, cutoff: Date, staleBefore = staleBeforeFor(now, cutoff)): Promise<boolean> {
      const rows = await db
        .select({ lastSeenAt: lobbyEntries.lastSeenAt })
        .from(lobbyEntries)
        .where(and(eq(lobbyEntries.userId, userId), gte(lobbyEntries.lastSeenAt, cutoff)));
      const row = rows[0];
      if (!row) return false;
      if (row.lastSeenAt < staleBefore) await refresh(userId, now, cutoff, staleBefore);
      return true;
    },

    /** `refresh` for many users in one statement; answers the users whose row was written (live and stale). */
    async touchMany(userIds: string[], now: Date, cutoff: Date, staleBefore = staleBeforeFor(now, cutoff)): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .update(lobbyEntries)
        .set({ lastSeenAt: now })
        .where(
          and(
            inArray(lobbyEntries.userId, userIds),
            gte(lobbyEntries.lastSeenAt, cutoff),
            lt(lobbyEntries.lastSeenAt, staleBefore),
          ),
        )
        .returning({ userId: lobbyEntries.userId });
      return rows.map((r) => r.userId);
    },

    /** Of these users, those who hold a seat that has not lapsed (last seen at or after `cutoff`). */
    async seatedAmong(userIds: string[], cutoff: Date): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .select({ userId: lobbyEntries.userId })
        .from(lobbyEntries)
        .where(
          and(inArray(lobbyEntries.userId, userIds), isNotNull(lobbyEntries.seatedAt), gte(lobbyEntries.lastSeenAt, cutoff)),
        );
      return rows.map((r) => r.userId);
    },

    /** Sets the ready flag of a seated, non-lapsed user; answers false when the user has no seat. */
    async setReady(userId: string, ready: boolean, cutoff: Date): Promise<boolean> {
      const rows = await db
        .update(lobbyEntries)
        .set({ isReady: ready })
        .where(and(eq(lobbyEntries.userId, userId), isNotNull(lobbyEntries.seatedAt), gte(lobbyEntries.lastSeenAt, cutoff)))
        .returning({ userId: lobbyEntries.userId });
      return rows.length > 0;
    },
  };
}

export type LobbyOps = ReturnType<typeof lobbyOps>;

export function lobbyRepo(db: Db) {
  return {
    ...lobbyOps(db),

    /**
     * Runs `fn` in one transaction holding the lobby's advisory lock, so seat changes never interleave:
     * with N seats and any number of simultaneous joins, leaves and lapses, at most N are ever seated.
     * (On PGlite every transaction is serial anyway; the lock matters on the Postgres server.)
     */
    locked<T>(fn: (lobby: LobbyOps) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${LOBBY_LOCK_KEY})`);
        return fn(lobbyOps(tx));
      });
    },
  };
}

export type LobbyRepo = ReturnType<typeof lobbyRepo>;
