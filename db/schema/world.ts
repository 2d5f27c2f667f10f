import { customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * A world and its terrain seed, created once and kept (a closed world's data stays). `default` is the first; the lobby
 * opens more on demand, each with its own seed and a generated name, in the same transaction as the seat
 * that needed it.
 */
export const worlds = pgTable('worlds', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  seed: integer('seed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** 'open' admits players; 'closed' admits nobody new (its seated players keep their seats). 'full' is derived. */
  state: text('state', { enum: ['open', 'closed'] })
    .notNull()
    .default('open'),
  /** Seats pinned by an operator; null follows the deployment's MAX_PLAYERS, so changing the env applies to it. */
  maxPlayers: integer('max_players'),
});

/** The world's game log: join, leave, move, discover. */
export const worldEvents = pgTable(
  'world_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    worldId: text('world_id').notNull(),
    type: text('type', { enum: ['join', 'leave', 'move', 'discover'] }).notNull(),
    playerId: text('player_id'),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('world_events_world_idx').on(t.worldId, t.id),
    // A player's last entered/left line (the live layer asks on every arrival and departure).
    index('world_events_player_idx').on(t.worldId, t.playerId, t.id),
  ],
);

/** Fog of war: one bit per tile of a chunk (128 × 128 bits = 2048 bytes), per player and world. */
export const exploredChunks = pgTable(
  'explored_chunks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    worldId: text('world_id').notNull(),
    chunkX: integer('chunk_x').notNull(),
    chunkY: integer('chunk_y').notNull(),
    bits: bytea('bits').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.worldId, t.chunkX, t.chunkY] })],
);
