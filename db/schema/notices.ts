import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { settlements } from './settlements.ts';

/**
 * What the simulation told a settlement's members, kept so a member who was away can read it afterwards (GET
 * /api/player/report): an NPC home with its finds, a raid's result, an NPC's condition, a craft done, a building that
 * lost a level. Written in the transaction that made it happen, so a notice is stored once or not at all; what left
 * storage is in the ledger, not here. Deleted after its retention (api/game/retention.ts).
 */
export const settlementNotices = pgTable(
  'settlement_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    worldId: text('world_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    kind: text('kind', { enum: ['returned', 'result', 'condition', 'craft', 'decayed'] }).notNull(),
    /** The notice as the simulation made it (api/modules/npcs/settlement-events.ts, SettlementNotice), less its kind and time. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('settlement_notices_settlement_idx').on(t.settlementId, t.at), index('settlement_notices_at_idx').on(t.at)],
);
