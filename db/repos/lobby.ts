import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { lobbyEntries, users } from '../schema/index.ts';

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

/** The lobby's queries over one executor: the database itself, or a transaction. */
function lobbyOps(db: Executor) {
  return {
    /** Every entry in arrival order. */
    async list(): Promise<LobbyEntryRow[]> {
      return db.select().from(lobbyEntries).orderBy(asc(lobbyEntries.seq));
    },

    /** Every entry in arrival order with its user's names. */
    async listWithNames(): Promise<LobbyEntryWithNamesRow[]> {
      const rows = await db
        .select({ entry: lobbyEntries, displayName: users.displayName, firstName: users.firstName, username: users.username })
        .from(lobbyEntries)
        .innerJoin(users, eq(users.id, lobbyEntries.userId))
        .orderBy(asc(lobbyEntries.seq));
      return rows.map((r) => ({ ...r.entry, displayName: r.displayName, firstName: r.firstName, username: r.username }));
    },

    /** Seated and queued entries, and how many of them were last seen before `cutoff`. */
    async counts(cutoff: Date): Promise<{ seated: number; queued: number; lapsed: number }> {
      const rows = await db
        .select({
          seated: sql<number>`count(*) filter (where ${isNotNull(lobbyEntries.seatedAt)})`.mapWith(Number),
          queued: sql<number>`count(*) filter (where ${isNull(lobbyEntries.seatedAt)})`.mapWith(Number),
          lapsed: sql<number>`count(*) filter (where ${lt(lobbyEntries.lastSeenAt, cutoff)})`.mapWith(Number),
        })
        .from(lobbyEntries);
      return rows[0] ?? { seated: 0, queued: 0, lapsed: 0 };
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

    /** Drops every entry last seen before `cutoff`; answers how many. Call only under the lobby lock. */
    async removeLapsed(cutoff: Date): Promise<number> {
      const rows = await db
        .delete(lobbyEntries)
        .where(lt(lobbyEntries.lastSeenAt, cutoff))
        .returning({ userId: lobbyEntries.userId });
      return rows.length;
    },

    /** Seats the first `n` of the queue (arrival order), not ready. Call only under the lobby lock. */
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
        .where(inArray(lobbyEntries.userId, heads))
        .returning({ userId: lobbyEntries.userId });
      return rows.map((r) => r.userId);
    },

    /**
     * Records that the user is still around, unless their entry has already lapsed (last seen before
     * `cutoff`): a lapsed seat is not revived, it is dropped by the next settling. Answers whether an
     * entry was refreshed.
     */
    async touch(userId: string, now: Date, cutoff: Date): Promise<boolean> {
      const rows = await db
        .update(lobbyEntries)
        .set({ lastSeenAt: now })
        .where(and(eq(lobbyEntries.userId, userId), gte(lobbyEntries.lastSeenAt, cutoff)))
        .returning({ userId: lobbyEntries.userId });
      return rows.length > 0;
    },

    /** `touch` for many users in one statement; answers the users whose entry was refreshed. */
    async touchMany(userIds: string[], now: Date, cutoff: Date): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .update(lobbyEntries)
        .set({ lastSeenAt: now })
        .where(and(inArray(lobbyEntries.userId, userIds), gte(lobbyEntries.lastSeenAt, cutoff)))
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
