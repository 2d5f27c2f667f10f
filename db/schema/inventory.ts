import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** A player's personal inventory: one row per stack (item name + quality); what fits is api/game/carrying.ts's rule. */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    worldId: text('world_id').notNull(),
    itemName: text('item_name').notNull(),
    quality: integer('quality').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('inventory_stack_uq').on(t.userId, t.worldId, t.itemName, t.quality)],
);

/** What players have changed about a generated POI (the generated base never changes for a seed). */
export const poiStates = pgTable(
  'poi_states',
  {
    worldId: text('world_id').notNull(),
    poiId: text('poi_id').notNull(),
    currentSignificance: integer('current_significance').notNull(),
    hasShelter: boolean('has_shelter').notNull().default(false),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.worldId, t.poiId] })],
);

/** When each tile was last foraged by each player (20-minute cooldown per tile per player). */
export const forageCooldowns = pgTable(
  'forage_cooldowns',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    worldId: text('world_id').notNull(),
    tileX: integer('tile_x').notNull(),
    tileY: integer('tile_y').notNull(),
    foragedAt: timestamp('foraged_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.worldId, t.tileX, t.tileY] })],
);

/**
 * Where each player last foraged in each world (its tile): a forage in the same area is refused until the player
 * has foraged somewhere else (spec section 4, the same-area rule of api/contract/actions.ts).
 */
export const forageSpots = pgTable(
  'forage_spots',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    worldId: text('world_id').notNull(),
    tileX: integer('tile_x').notNull(),
    tileY: integer('tile_y').notNull(),
    foragedAt: timestamp('foraged_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.worldId] })],
);

/** A survivor drawn by a scavenge, waiting for the player to recruit or dismiss them. */
export const npcSpawnSignals = pgTable(
  'npc_spawn_signals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    worldId: text('world_id').notNull(),
    poiId: text('poi_id').notNull(),
    npcName: text('npc_name').notNull(),
    npcDescription: text('npc_description').notNull(),
    /** The skills its description was written from (api/game/npc-skills.ts); they go with it when it is recruited. */
    npcSkills: text('npc_skills').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('npc_spawn_signals_user_idx').on(t.userId, t.worldId, t.createdAt)],
);

/**
 * What a search turned up that did not fit in the searcher's pack: it stays at the site, and the next search there
 * (by anyone) picks it up before searching again.
 */
export const siteLeftovers = pgTable(
  'site_leftovers',
  {
    worldId: text('world_id').notNull(),
    poiId: text('poi_id').notNull(),
    itemName: text('item_name').notNull(),
    quality: integer('quality').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.worldId, t.poiId, t.itemName, t.quality] })],
);
