import { boolean, doublePrecision, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** A user's survivor in one world. */
export const players = pgTable(
  'players',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    worldId: text('world_id').notNull(),
    name: text('name').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    color: text('color').notNull(),
    isOnline: boolean('is_online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The server process that holds this survivor's live state (position, movement budget) while `ownerUntil` is
     * ahead; every other process asks it (api/live/ownership.ts). Null when no process holds it.
     */
    ownerProcess: text('owner_process'),
    ownerUntil: timestamp('owner_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.worldId] })],
);
