import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A shelter: built on a tile (a basic shelter) or inside a POI's reach (it upgrades that POI: poiId set). One per
 * tile and one per POI; a settlement is founded at one.
 */
export const shelters = pgTable(
  'shelters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    worldId: text('world_id').notNull(),
    tileX: integer('tile_x').notNull(),
    tileY: integer('tile_y').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    chunkX: integer('chunk_x').notNull(),
    chunkY: integer('chunk_y').notNull(),
    poiId: text('poi_id'),
    builtBy: text('built_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('shelters_tile_uq').on(t.worldId, t.tileX, t.tileY),
    uniqueIndex('shelters_poi_uq').on(t.worldId, t.poiId).where(sql`${t.poiId} is not null`),
    index('shelters_region_idx').on(t.worldId, t.chunkX, t.chunkY),
  ],
);

/**
 * A named settlement at a shelter. Names are unique per world by their look-alike key (`nameKey`: regardless of
 * case, width, invisible characters and confusable letters such as Cyrillic о for Latin o).
 */
export const settlements = pgTable(
  'settlements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    worldId: text('world_id').notNull(),
    name: text('name').notNull(),
    /** nameKey(name) (api/contract/name-key.ts); filled for older rows by the data step after migration 0015. */
    nameKey: text('name_key'),
    shelterId: integer('shelter_id')
      .notNull()
      .references(() => shelters.id),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    chunkX: integer('chunk_x').notNull(),
    chunkY: integer('chunk_y').notNull(),
    biome: text('biome').notNull(),
    poiId: text('poi_id'),
    founderId: text('founder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Draws this settlement's raids (api/game/raids.ts): the same seed and night give the same raid. */
    seed: integer('seed').notNull().default(sql`floor(random() * 2147483647)::int`),
    /**
     * When the simulation next has something to do here (a meal, a raid drawn, announced or arriving): the
     * settlements' due index, as phase_ends_at is the NPCs'. Null: at once (a new or migrated settlement).
     */
    simDueAt: timestamp('sim_due_at', { withTimezone: true, mode: 'date' }),
    /** The last in-game day whose meals were served; null until the simulation first sees the settlement. */
    upkeepDay: integer('upkeep_day'),
    /** The last night whose raid was drawn, and the raid drawn for it while it has not arrived. */
    raidNight: integer('raid_night'),
    raidWarnAt: timestamp('raid_warn_at', { withTimezone: true, mode: 'date' }),
    raidArriveAt: timestamp('raid_arrive_at', { withTimezone: true, mode: 'date' }),
    raidStrength: integer('raid_strength'),
    raidWarned: boolean('raid_warned').notNull().default(false),
    /** The night and time of the last raid that arrived (quiet nights count from it). */
    lastRaidNight: integer('last_raid_night'),
    lastRaidAt: timestamp('last_raid_at', { withTimezone: true, mode: 'date' }),
    /** Camp 0, Outpost 1, Town 2, Stronghold 3 (api/game/settlement-levels.ts). */
    level: integer('level').notNull().default(0),
  },
  (t) => [
    index('settlements_sim_due_idx').on(t.simDueAt),
    uniqueIndex('settlements_name_key_uq').on(t.worldId, t.nameKey),
    unique('settlements_shelter_uq').on(t.shelterId),
    index('settlements_region_idx').on(t.worldId, t.chunkX, t.chunkY),
    index('settlements_founder_idx').on(t.founderId, t.worldId),
  ],
);

/**
 * Beds, containers and what a settlement's level unlocks (a workshop, walls). `level` counts a container's
 * reinforcements, and is a wall's level (1 when built).
 */
export const buildings = pgTable(
  'buildings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['bed', 'container', 'workshop', 'walls', 'storehouse', 'watchtower', 'infirmary'] }).notNull(),
    subtype: text('subtype', { enum: ['food', 'medicine', 'ammo', 'materials', 'items', 'misc'] }),
    name: text('name').notNull(),
    level: integer('level').notNull().default(0),
    /** A workshop's or walls' upkeep paid in a row, down to 0 (api/game/building-upkeep.ts); unused by the rest. */
    condition: integer('condition').notNull().default(3),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('buildings_settlement_idx').on(t.settlementId),
    check('buildings_subtype_ck', sql`(${t.type} = 'container') = (${t.subtype} is not null)`),
  ],
);

/** Who sleeps in a bed: a player holds at most one bed per world. */
export const bedAssignments = pgTable(
  'bed_assignments',
  {
    bedId: integer('bed_id')
      .primaryKey()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    worldId: text('world_id').notNull(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** An NPC in the bed (npcs.id; no foreign key: npcs references this table's beds). */
    npcId: integer('npc_id'),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('bed_assignments_user_uq').on(t.worldId, t.userId), index('bed_assignments_settlement_idx').on(t.settlementId)],
);

/** A container's contents: one row per item and quality, like the inventory. */
export const storageItems = pgTable(
  'storage_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    quality: integer('quality').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('storage_stack_uq').on(t.buildingId, t.itemName, t.quality),
    check('storage_quantity_ck', sql`${t.quantity} >= 0`),
  ],
);

/** An invitation to a vacant bed: one pending per bed; accepting takes the bed, rejecting or withdrawing frees it. */
export const bedInvitations = pgTable(
  'bed_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    worldId: text('world_id').notNull(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    bedId: integer('bed_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    fromUserId: text('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteeId: text('invitee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('bed_invitations_bed_uq').on(t.bedId), index('bed_invitations_invitee_idx').on(t.inviteeId, t.worldId)],
);

/** What a survivor wears: one item per slot, taken out of the inventory or a settlement's storage. */
export const playerEquipment = pgTable(
  'player_equipment',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    worldId: text('world_id').notNull(),
    slot: text('slot', { enum: ['vision', 'communication', 'tool', 'light', 'device', 'other'] }).notNull(),
    itemName: text('item_name').notNull(),
    quality: integer('quality').notNull(),
    equippedAt: timestamp('equipped_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('player_equipment_slot_uq').on(t.userId, t.worldId, t.slot)],
);

/**
 * A raid that arrived: what it was, how it was fought and what it took, item by item. One per settlement and night,
 * written in the transaction that applies it, so a raid is never applied twice.
 */
export const raids = pgTable(
  'raids',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    worldId: text('world_id').notNull(),
    night: integer('night').notNull(),
    warnedAt: timestamp('warned_at', { withTimezone: true, mode: 'date' }).notNull(),
    arrivedAt: timestamp('arrived_at', { withTimezone: true, mode: 'date' }).notNull(),
    strength: integer('strength').notNull(),
    defence: integer('defence').notNull(),
    outcome: text('outcome', { enum: ['repelled', 'breached'] }).notNull(),
    /** [{ itemName, quality, quantity }] taken by the raiders. */
    losses: jsonb('losses').$type<{ itemName: string; quality: number; quantity: number }[]>().notNull(),
    ammoSpent: integer('ammo_spent').notNull(),
    /** Names of the NPCs injured. */
    injured: jsonb('injured').$type<string[]>().notNull(),
  },
  (t) => [unique('raids_night_uq').on(t.settlementId, t.night), index('raids_settlement_idx').on(t.settlementId, t.id)],
);

/**
 * Every unit that a rule takes out of a settlement's storage or out of a player's pack, other than by a player's hand
 * moving it somewhere: eaten, taken by raiders, fired, used on the wounded, left behind when an NPC walks away with
 * its gear and storage is full, or spent on a shelter, a building or a reinforcement. Storage plus packs plus this
 * ledger is what went in, so conservation can be checked (and an operator can see where things went). `source` says
 * where the units were; a pack's lines name its player (`userId`, kept null when the account goes) and a shelter's
 * have no settlement yet.
 */
export const storageLedger = pgTable(
  'storage_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    settlementId: integer('settlement_id').references(() => settlements.id, { onDelete: 'cascade' }),
    worldId: text('world_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    reason: text('reason', {
      enum: ['meal', 'raid', 'ammo', 'medicine', 'left_behind', 'shelter', 'build', 'reinforce', 'level_up', 'upkeep'],
    }).notNull(),
    source: text('source', { enum: ['storage', 'pack'] })
      .notNull()
      .default('storage'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    itemName: text('item_name').notNull(),
    quality: integer('quality').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('storage_ledger_settlement_idx').on(t.settlementId, t.at),
    index('storage_ledger_user_idx').on(t.userId, t.at),
    check('storage_ledger_source_ck', sql`${t.source} = 'pack' or ${t.settlementId} is not null`),
  ],
);
