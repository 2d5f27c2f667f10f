import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { buildings, settlements } from './settlements.ts';

/**
 * A recruited survivor: sleeps in a bed of its settlement and works on its own (api/game/npc-sim.ts). The current
 * phase (a journey out, home, or a rest) is stored with its start and end times, so a restart or a day offline loses
 * no work: the simulation replays every phase that ended meanwhile, deterministically from `seed`.
 */
export const npcs = pgTable(
  'npcs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    worldId: text('world_id').notNull(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    bedId: integer('bed_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    assignment: text('assignment', { enum: ['defend', 'scavenge', 'foraging', 'craft'] })
      .notNull()
      .default('defend'),
    status: text('status', { enum: ['resting', 'gathering', 'working', 'returning'] })
      .notNull()
      .default('resting'),
    /** Where the NPC stands when not on a journey (the settlement, or where its last journey ended). */
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    seed: integer('seed').notNull(),
    /** What it is good at (api/game/npc-skills.ts); empty for an NPC recruited before skills: its seed gives them. */
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    /** Work cycles begun so far, and attempts made in the current one. */
    cycle: integer('cycle').notNull().default(0),
    attempt: integer('attempt').notNull().default(0),
    cycleStartedAt: timestamp('cycle_started_at', { withTimezone: true, mode: 'date' }),
    /** The current phase: purpose 'scavenge' | 'forage' | 'return' | 'rest'; null when idle (defending). */
    phase: text('phase'),
    phaseStartedAt: timestamp('phase_started_at', { withTimezone: true, mode: 'date' }),
    phaseEndsAt: timestamp('phase_ends_at', { withTimezone: true, mode: 'date' }),
    startX: doublePrecision('start_x'),
    startY: doublePrecision('start_y'),
    targetX: doublePrecision('target_x'),
    targetY: doublePrecision('target_y'),
    targetPoiId: text('target_poi_id'),
    /** Hurt in a raid: rests (phase 'rest' until then) instead of working or defending; null when fit. */
    injuredUntil: timestamp('injured_until', { withTimezone: true, mode: 'date' }),
    /** In-game days in a row without a meal (api/game/upkeep.ts); 0 when fed. */
    unfedDays: integer('unfed_days').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('npcs_bed_uq').on(t.bedId),
    index('npcs_settlement_idx').on(t.settlementId),
    index('npcs_world_idx').on(t.worldId),
    index('npcs_due_idx').on(t.phaseEndsAt),
    // Idle NPCs given work away from home (phase null, no end time; defenders and crafters stay home): the simulation finds them without scanning every NPC.
    index('npcs_idle_worker_idx').on(t.id).where(sql`${t.phase} is null and ${t.assignment} not in ('defend', 'craft')`),
  ],
);

/** What an NPC carries home and could not store yet (containers full): deposited when there is room. */
export const npcItems = pgTable(
  'npc_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    npcId: integer('npc_id')
      .notNull()
      .references(() => npcs.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    quality: integer('quality').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
  },
  (t) => [unique('npc_items_stack_uq').on(t.npcId, t.itemName, t.quality)],
);

/** An NPC's worn gear: one item per slot, like a player's. */
export const npcEquipment = pgTable(
  'npc_equipment',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    npcId: integer('npc_id')
      .notNull()
      .references(() => npcs.id, { onDelete: 'cascade' }),
    slot: text('slot', { enum: ['vision', 'communication', 'tool', 'light', 'device', 'other'] }).notNull(),
    itemName: text('item_name').notNull(),
    quality: integer('quality').notNull(),
  },
  (t) => [unique('npc_equipment_slot_uq').on(t.npcId, t.slot)],
);

/**
 * When NPCs last foraged each forage cell of a world (5 × 5 tiles, FORAGE_CELL_TILES): NPCs forage whole cells, so one
 * row stands for the 25 tiles' 20-minute cooldown, shared by every NPC of the world (players keep their own per tile).
 * Rows older than the cooldown mean nothing and are pruned by the simulation.
 */
export const npcForageCells = pgTable(
  'npc_forage_cells',
  {
    worldId: text('world_id').notNull(),
    cellX: integer('cell_x').notNull(),
    cellY: integer('cell_y').notNull(),
    foragedAt: timestamp('foraged_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.worldId, t.cellX, t.cellY] }), index('npc_forage_cells_at_idx').on(t.foragedAt)],
);
