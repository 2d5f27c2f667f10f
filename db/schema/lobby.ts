import { bigint, boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * The one game's lobby and its queue: one row per user who holds a seat (`seatedAt` set) or waits in the
 * queue (`seatedAt` null). Kept in the database so a server restart loses no seat and no queue position.
 *
 * Queue positions are never stored: they are derived from `seq` (arrival order, first come first served),
 * so they are always 1..n without gaps. Every change to who is seated happens in one transaction holding
 * the lobby's advisory lock (see db/repos/lobby.ts).
 */
export const lobbyEntries = pgTable('lobby_entries', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Arrival order: the queue is served in ascending `seq`. */
  seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  /** When the user joined the lobby or the queue (queue wait time counts from here). */
  enteredAt: timestamp('entered_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** When the user took a seat in the lobby; null while waiting in the queue. */
  seatedAt: timestamp('seated_at', { withTimezone: true, mode: 'date' }),
  isReady: boolean('is_ready').notNull().default(false),
  /** Last lobby call or live-connection heartbeat; older than the seat timeout means the entry has lapsed. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
});
