import { and, asc, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { chatMessages, npcSpawnSignals, settlementNotices, worldEvents } from '../schema/index.ts';

/**
 * Deletes what the game no longer shows from the tables that only grow (rules in api/game/retention.ts). Each call is
 * one bounded statement (DELETE … WHERE id IN (SELECT … ORDER BY id LIMIT n)), oldest rows first along the primary
 * key, and answers how many rows went.
 */
export function retentionRepo(db: Db) {
  return {
    /** Radio messages sent before `before` that are not among the newest `keep` of their world. */
    async pruneChat(before: Date, keep: number, limit: number): Promise<number> {
      const ids = db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            lt(chatMessages.createdAt, before),
            sql`${chatMessages.id} <= (select k.id from ${chatMessages} k where k.world_id = ${chatMessages.worldId} order by k.id desc offset ${keep} limit 1)`,
          ),
        )
        .orderBy(asc(chatMessages.id))
        .limit(limit);
      const gone = await db.delete(chatMessages).where(inArray(chatMessages.id, ids)).returning({ id: chatMessages.id });
      return gone.length;
    },

    /**
     * Game log lines written before `before` that are neither among the newest `keep` of their world nor a survivor's
     * latest entered/left line there, nor their latest left line.
     */
    async pruneEvents(before: Date, keep: number, limit: number): Promise<number> {
      const ids = db
        .select({ id: worldEvents.id })
        .from(worldEvents)
        .where(
          and(
            lt(worldEvents.createdAt, before),
            sql`${worldEvents.id} <= (select k.id from ${worldEvents} k where k.world_id = ${worldEvents.worldId} order by k.id desc offset ${keep} limit 1)`,
            sql`not (${worldEvents.type} in ('join', 'leave') and ${worldEvents.playerId} is not null and ${worldEvents.id} = (
              select max(p.id) from ${worldEvents} p
              where p.world_id = ${worldEvents.worldId} and p.player_id = ${worldEvents.playerId} and p.type in ('join', 'leave')))`,
            // The latest "left" line too: the away report starts there, however long ago the survivor left.
            sql`not (${worldEvents.type} = 'leave' and ${worldEvents.playerId} is not null and ${worldEvents.id} = (
              select max(p.id) from ${worldEvents} p
              where p.world_id = ${worldEvents.worldId} and p.player_id = ${worldEvents.playerId} and p.type = 'leave'))`,
          ),
        )
        .orderBy(asc(worldEvents.id))
        .limit(limit);
      const gone = await db.delete(worldEvents).where(inArray(worldEvents.id, ids)).returning({ id: worldEvents.id });
      return gone.length;
    },

    /** Settlement notices (the away report's) older than `before`. */
    async pruneNotices(before: Date, limit: number): Promise<number> {
      const ids = db
        .select({ id: settlementNotices.id })
        .from(settlementNotices)
        .where(lt(settlementNotices.at, before))
        .orderBy(asc(settlementNotices.id))
        .limit(limit);
      const gone = await db
        .delete(settlementNotices)
        .where(inArray(settlementNotices.id, ids))
        .returning({ id: settlementNotices.id });
      return gone.length;
    },

    /** NPC offers made before `before` (long past their lifetime). */
    async pruneOffers(before: Date, limit: number): Promise<number> {
      const ids = db
        .select({ id: npcSpawnSignals.id })
        .from(npcSpawnSignals)
        .where(lt(npcSpawnSignals.createdAt, before))
        .orderBy(asc(npcSpawnSignals.id))
        .limit(limit);
      const gone = await db.delete(npcSpawnSignals).where(inArray(npcSpawnSignals.id, ids)).returning({ id: npcSpawnSignals.id });
      return gone.length;
    },
  };
}
export type RetentionRepo = ReturnType<typeof retentionRepo>;
