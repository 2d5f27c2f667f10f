import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * The deployment's lobby and its queue: one row per user who holds a seat (`seatedAt` set, in world `worldId`) or
 * waits in the queue (`seatedAt` null, no world yet). Kept in the database so a server restart loses no seat and no queue position.
 *
 * Queue positions are never stored: they are derived from `seq` (arrival order, first come first served),
 * so they are always 1..n without gaps. Every change to who is seated happens in one transaction holding
 * the lobby's advisory lock (see db/repos/lobby.ts).
 *
 * Admission reads only the caller's own row (primary key) and, for a queued caller, counts the queue ahead of
 * them (`lobby_entries_queue_idx`); lapsed entries are found through `lobby_entries_last_seen_idx`; how many are
 * seated and queued is kept in `lobby_counts`. No lobby call scans the table except GET /api/lobby's list.
 */
export const lobbyEntries = pgTable(
  'lobby_entries',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Arrival order: the queue is served in ascending `seq`. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** When the user joined the lobby or the queue (queue wait time counts from here). */
    enteredAt: timestamp('entered_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When the user took a seat in the lobby; null while waiting in the queue. */
    seatedAt: timestamp('seated_at', { withTimezone: true, mode: 'date' }),
    /** The world the seat is in; null while waiting in the queue, which is per deployment. */
    worldId: text('world_id'),
    isReady: boolean('is_ready').notNull().default(false),
    /**
     * Last lobby call or live-connection heartbeat, to within LAST_SEEN_GRANULARITY of the seat timeout (a heartbeat
     * rewrites it only once it is that old); older than the seat timeout means the entry has lapsed.
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    /** Lapsed entries (last seen before the cutoff): the oldest come first, so finding none is one index probe. */
    index('lobby_entries_last_seen_idx').on(t.lastSeenAt),
    /** The queue in arrival order: its heads, and how many wait ahead of a queued user. */
    index('lobby_entries_queue_idx').on(t.seq).where(sql`${t.seatedAt} is null`),
    /** A world's seated players (its seat count, GET /api/lobby?worldId=). */
    index('lobby_entries_world_idx').on(t.worldId).where(sql`${t.seatedAt} is not null`),
  ],
);

/**
 * How many lobby entries are seated and how many queued, in its one row (id 1). Triggers on `lobby_entries` keep it
 * exact in the same transaction as every insert, delete (including the cascade from a deleted user), truncate and
 * change of `seated_at` (migration 0006), so deciding whether a seat is free reads one row instead of counting seats.
 */
export const lobbyCounts = pgTable(
  'lobby_counts',
  {
    id: smallint('id').primaryKey().default(1),
    seated: integer('seated').notNull().default(0),
    queued: integer('queued').notNull().default(0),
  },
  (t) => [check('lobby_counts_one_row', sql`${t.id} = 1`)],
);

/**
 * How many lobby entries are seated in each world, one row per world that has had a seat. Triggers on
 * `lobby_entries` keep it exact in the same transaction as every insert, delete (including the cascade from a deleted
 * user), truncate and change of `seated_at` or `world_id` (migration 0020), so placement reads one row per world
 * instead of counting every seat of the deployment on each join.
 */
export const worldSeats = pgTable('world_seats', {
  worldId: text('world_id').primaryKey(),
  seated: integer('seated').notNull().default(0),
});
