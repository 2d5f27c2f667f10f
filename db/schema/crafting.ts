import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { settlements } from './settlements.ts';

/** Where each reserved unit of a job came from: a cancel puts it back there (api/game/crafting.ts Take). */
export type ReservedInput =
  | { from: 'pack'; itemName: string; quality: number; quantity: number }
  | { from: 'storage'; containerId: number; itemName: string; quality: number; quantity: number };

/**
 * A settlement's craft queue: one row per job, in id order. Its inputs left the pack and storage when it was
 * queued (`inputs`); the row goes, in one transaction, when its output is delivered or its inputs are refunded, so a job
 * is never delivered twice nor lost.
 */
export const craftJobs = pgTable(
  'craft_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    worldId: text('world_id').notNull(),
    /** Who queued it: the output goes to their pack if they stand at the settlement when it is done. */
    crafterId: text('crafter_id').references(() => users.id, { onDelete: 'set null' }),
    recipeId: text('recipe_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** The output's quality, fixed from the inputs taken (and the crafter's Scanner) when queued. */
    quality: integer('quality').notNull(),
    /** Bench work in ms at pace 1 (the recipe's time × quantity × NPC_TIME_SCALE). */
    workMs: integer('work_ms').notNull(),
    inputs: jsonb('inputs').$type<ReservedInput[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when the job reaches the bench; readyAt is then fixed by the crafters there. */
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    readyAt: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('craft_jobs_settlement_idx').on(t.settlementId, t.id)],
);
