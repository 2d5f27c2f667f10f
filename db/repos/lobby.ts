import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import { lobbyCounts, lobbyEntries, players, users, worldSeats, worlds } from '../schema/index.ts';

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

type Executor = Pick<Db, 'select' | 'selectDistinctOn' | 'insert' | 'update' | 'delete'>;

/**
 * One user's live entry: `queuePosition` is set for a queued user (entries waiting ahead of them, plus one),
 * `worldId` for a seated one. The lobby's rules (api/game/lobby.ts) read it; the times they compare it with
 * (`cutoff`, `staleBefore`) are passed in, so this layer holds no rule of its own.
 */
export interface OwnEntry {
  seatedAt: Date | null;
  lastSeenAt: Date;
  queuePosition: number | null;
  worldId: string | null;
}

/** A world with its seated players counted (lapsed entries not yet dropped by settling included). */
export interface WorldSeatsRow {
  id: string;
  name: string;
  state: 'open' | 'closed';
  /** Pinned seats; null follows the deployment's MAX_PLAYERS. */
  maxPlayers: number | null;
  createdAt: Date;
  seated: number;
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
  async function refresh(userId: string, now: Date, cutoff: Date, staleBefore: Date): Promise<boolean> {
    const rows = await db
      .update(lobbyEntries)
      .set({ lastSeenAt: now })
      .where(and(eq(lobbyEntries.userId, userId), gte(lobbyEntries.lastSeenAt, cutoff), lt(lobbyEntries.lastSeenAt, staleBefore)))
      .returning({ userId: lobbyEntries.userId });
    return rows.length > 0;
  }

  /**
   * Adds each user, seated in its `worldId` or (null) at the back of the queue, in one statement and in the given
   * order (their arrival order). Call only under the lobby lock.
   */
  async function insertMany(entries: readonly { userId: string; now: Date; worldId: string | null }[]): Promise<void> {
    if (entries.length === 0) return;
    await db.insert(lobbyEntries).values(
      entries.map(({ userId, now, worldId }) => ({
        userId,
        enteredAt: now,
        seatedAt: worldId === null ? null : now,
        worldId,
        lastSeenAt: now,
      })),
    );
  }

  /** Adds worlds (open; seats follow MAX_PLAYERS) in one statement; existing ids are left as they are. */
  async function createWorlds(opened: readonly { id: string; name: string; seed: number }[]): Promise<void> {
    if (opened.length === 0) return;
    // clock_timestamp(), not the transaction's start: worlds opened by queued transactions keep their real order
    // (evaluated row by row, so one statement's worlds keep theirs too).
    await db
      .insert(worlds)
      .values(opened.map((world) => ({ ...world, createdAt: sql`clock_timestamp()` })))
      .onConflictDoNothing({ target: worlds.id });
  }

  /** Each of these users' home world (see homeWorld), for those who have a survivor. */
  async function homeWorlds(userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([players.userId], { userId: players.userId, worldId: players.worldId })
      .from(players)
      .where(inArray(players.userId, [...userIds]))
      .orderBy(players.userId, desc(players.lastSeenAt));
    return new Map(rows.map((r) => [r.userId, r.worldId]));
  }

  return {
    /**
     * Entries in arrival order with their users' names: every one, or (with `worldId`) that world's seated players
     * and the whole queue (the queue is per deployment).
     */
    async listWithNames(worldId?: string): Promise<LobbyEntryWithNamesRow[]> {
      const rows = await db
        .select({ entry: lobbyEntries, displayName: users.displayName, firstName: users.firstName, username: users.username })
        .from(lobbyEntries)
        .innerJoin(users, eq(users.id, lobbyEntries.userId))
        .where(worldId === undefined ? undefined : or(isNull(lobbyEntries.seatedAt), eq(lobbyEntries.worldId, worldId)))
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
          worldId: lobbyEntries.worldId,
          queuePosition: sql<number | null>`case when ${lobbyEntries.seatedAt} is null then (${position}) end`.mapWith((v) =>
            v === null ? null : Number(v),
          ),
        })
        .from(lobbyEntries)
        .where(and(eq(lobbyEntries.userId, userId), gte(lobbyEntries.lastSeenAt, cutoff)));
      return rows[0] ?? null;
    },

    /** Adds the user, seated in `worldId` or (null) at the back of the queue. Call only under the lobby lock. */
    async insert(userId: string, now: Date, worldId: string | null): Promise<void> {
      await insertMany([{ userId, now, worldId }]);
    },

    insertMany,

    /** Of these users, those holding an entry of any age (seated or queued). */
    async withEntries(userIds: readonly string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .select({ userId: lobbyEntries.userId })
        .from(lobbyEntries)
        .where(inArray(lobbyEntries.userId, [...userIds]));
      return new Set(rows.map((r) => r.userId));
    },

    /**
     * Seats a user who holds an entry (queued, or seated elsewhere: a move) in `worldId`, not ready, seated from now.
     * Answers whether an entry was there. Call only under the lobby lock.
     */
    async seat(userId: string, worldId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(lobbyEntries)
        .set({ seatedAt: now, worldId, isReady: false })
        .where(eq(lobbyEntries.userId, userId))
        .returning({ userId: lobbyEntries.userId });
      return rows.length > 0;
    },

    /** The first `n` of the queue in arrival order (user ids), without seating them. */
    async queueHeads(n: number): Promise<string[]> {
      if (n <= 0) return [];
      const rows = await db
        .select({ userId: lobbyEntries.userId })
        .from(lobbyEntries)
        .where(isNull(lobbyEntries.seatedAt))
        .orderBy(asc(lobbyEntries.seq))
        .limit(n);
      return rows.map((r) => r.userId);
    },

    /** Every world with its seated players counted (`world_seats`, kept by triggers: one row per world), oldest first. */
    async worldSeats(): Promise<WorldSeatsRow[]> {
      return db
        .select({
          id: worlds.id,
          name: worlds.name,
          state: worlds.state,
          maxPlayers: worlds.maxPlayers,
          createdAt: worlds.createdAt,
          seated: sql<number>`coalesce(${worldSeats.seated}, 0)`.mapWith(Number),
        })
        .from(worlds)
        .leftJoin(worldSeats, eq(worldSeats.worldId, worlds.id))
        .orderBy(asc(worlds.createdAt), asc(worlds.id));
    },

    /** The world of the user's most recently seen survivor (their home world), or null when they have none yet. */
    async homeWorld(userId: string): Promise<string | null> {
      return (await homeWorlds([userId])).get(userId) ?? null;
    },

    homeWorlds,

    /** Adds a world (open; seats follow MAX_PLAYERS); an existing id is left as it is. Call only under the lobby lock. */
    async createWorld(world: { id: string; name: string; seed: number }): Promise<void> {
      await createWorlds([world]);
    },

    /** Under the lobby lock, in the given order, which is their opening order. */
    createWorlds,

    /**
     * Opens or closes a world (placement reads the state, so call it under the lobby lock); answers whether the world
     * exists.
     */
    async setWorldState(id: string, state: 'open' | 'closed'): Promise<boolean> {
      const rows = await db.update(worlds).set({ state }).where(eq(worlds.id, id)).returning({ id: worlds.id });
      return rows.length > 0;
    },

    /** Renames a world (under the lobby lock, where the names of the other worlds are compared); answers whether it exists. */
    async renameWorld(id: string, name: string): Promise<boolean> {
      const rows = await db.update(worlds).set({ name }).where(eq(worlds.id, id)).returning({ id: worlds.id });
      return rows.length > 0;
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

    /** Seats the first `n` of the queue (arrival order) in `worldId`, not ready, in one statement. Call only under the lobby lock. */
    async seatQueueHeads(n: number, now: Date, worldId: string): Promise<string[]> {
      if (n <= 0) return [];
      const heads = db
        .select({ userId: lobbyEntries.userId })
        .from(lobbyEntries)
        .where(isNull(lobbyEntries.seatedAt))
        .orderBy(asc(lobbyEntries.seq))
        .limit(n);
      const rows = await db
        .update(lobbyEntries)
        .set({ seatedAt: now, worldId, isReady: false })
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
    async touch(userId: string, now: Date, cutoff: Date, staleBefore: Date): Promise<boolean> {
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
    async touchMany(userIds: string[], now: Date, cutoff: Date, staleBefore: Date): Promise<string[]> {
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

    /** Of these users, those who hold a seat that has not lapsed, with the world it is in. */
    async seatsAmong(userIds: string[], cutoff: Date): Promise<{ userId: string; worldId: string | null }[]> {
      if (userIds.length === 0) return [];
      return db
        .select({ userId: lobbyEntries.userId, worldId: lobbyEntries.worldId })
        .from(lobbyEntries)
        .where(
          and(inArray(lobbyEntries.userId, userIds), isNotNull(lobbyEntries.seatedAt), gte(lobbyEntries.lastSeenAt, cutoff)),
        );
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
