import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Chat messages of a world: its radio (everyone hears it) and nearby voice (heard within the sender's vision when
 * sent; stored so slow mode counts both channels, never listed in the radio's history). The sender is the user (a survivor's id is its user's id, and the one the online list
 * and a mute name); the name shown is kept as it was when sent, so a later rename does not rewrite the log.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    worldId: text('world_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    /** Plain text, trimmed, 1–200 characters: stored and sent as given, never interpreted. */
    message: text('message').notNull(),
    /** 'radio' or 'nearby' (api/game/chat.ts CHAT_CHANNELS). */
    channel: text('channel').notNull().default('radio'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // The history: the latest N of a world.
    index('chat_messages_world_idx').on(t.worldId, t.channel, t.id),
    // Slow mode: a sender's messages of the last few seconds, counted on every send.
    index('chat_messages_sender_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Who muted whom, per account: a survivor's id is its user's id in every world, so a mute follows the person into
 * every world and outlives reloads and sign-ins.
 */
export const playerMutes = pgTable(
  'player_mutes',
  {
    muterId: text('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: text('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.muterId, t.mutedId] })],
);
