import { and, asc, between, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { bedAssignments, bedInvitations, buildings, npcSpawnSignals, npcs, settlements } from '../schema/index.ts';
import type { ChunkRange } from './settlements.ts';
import type { Tx } from './actions.ts';

export type NpcRow = typeof npcs.$inferSelect;
export type NpcWithSettlement = NpcRow & { settlementName: string; settlementX: number; settlementY: number };

const withSettlement = {
  npc: npcs,
  settlementName: settlements.name,
  settlementX: settlements.x,
  settlementY: settlements.y,
};
const flatten = (r: { npc: NpcRow; settlementName: string; settlementX: number; settlementY: number }): NpcWithSettlement => ({
  ...r.npc,
  settlementName: r.settlementName,
  settlementX: r.settlementX,
  settlementY: r.settlementY,
});

/** NPC operations inside a settlement transaction (the settlement row is locked first by the caller). */
export function npcOps(tx: Tx) {
  return {
    /** The player's newest open offer in the world, locked (recruit and dismiss consume it). */
    async lockOffer(userId: string, worldId: string, since: Date, name?: string) {
      const [o] = await tx
        .select()
        .from(npcSpawnSignals)
        .where(
          and(
            eq(npcSpawnSignals.userId, userId),
            eq(npcSpawnSignals.worldId, worldId),
            gt(npcSpawnSignals.createdAt, since),
            name === undefined ? undefined : sql`lower(${npcSpawnSignals.npcName}) = lower(${name})`,
          ),
        )
        .orderBy(desc(npcSpawnSignals.createdAt))
        .limit(1)
        .for('update');
      return o ?? null;
    },
    async deleteOffer(id: number): Promise<void> {
      await tx.delete(npcSpawnSignals).where(eq(npcSpawnSignals.id, id));
    },
    /** A bed of the settlement with nobody in it and no invitation out, or null. */
    async vacantBed(settlementId: number): Promise<number | null> {
      const [b] = await tx
        .select({ id: buildings.id })
        .from(buildings)
        .where(
          and(
            eq(buildings.settlementId, settlementId),
            eq(buildings.type, 'bed'),
            sql`not exists (select 1 from ${bedAssignments} a where a.bed_id = ${buildings.id})`,
            sql`not exists (select 1 from ${bedInvitations} i where i.bed_id = ${buildings.id})`,
          ),
        )
        .orderBy(asc(buildings.id))
        .limit(1);
      return b?.id ?? null;
    },
    async insertNpc(row: typeof npcs.$inferInsert): Promise<NpcRow> {
      const [n] = await tx.insert(npcs).values(row).returning();
      await tx
        .insert(bedAssignments)
        .values({ bedId: n!.bedId, worldId: n!.worldId, settlementId: n!.settlementId, npcId: n!.id });
      return n!;
    },
    async lockNpc(id: number): Promise<NpcRow | null> {
      const [n] = await tx.select().from(npcs).where(eq(npcs.id, id)).for('update');
      return n ?? null;
    },
    /** Dismisses a recruited NPC: its bed is free again (its gear and carried items go with the row: see the service). */
    async deleteNpc(id: number): Promise<void> {
      await tx.delete(bedAssignments).where(eq(bedAssignments.npcId, id));
      await tx.delete(npcs).where(eq(npcs.id, id));
    },
    /** Treated: fit at once, and a wounded rest ends now (the simulation sends it back to its assignment). */
    async treat(id: number, now: Date): Promise<NpcRow> {
      const [n] = await tx
        .update(npcs)
        .set({
          injuredUntil: null,
          phaseEndsAt: sql`case when ${npcs.phase} = 'rest' then ${now.toISOString()}::timestamptz else ${npcs.phaseEndsAt} end`,
        })
        .where(eq(npcs.id, id))
        .returning();
      return n!;
    },
    async setAssignment(id: number, assignment: NpcRow['assignment']): Promise<NpcRow> {
      const [n] = await tx.update(npcs).set({ assignment }).where(eq(npcs.id, id)).returning();
      return n!;
    },
  };
}
export type NpcOps = ReturnType<typeof npcOps>;

export function npcsRepo(db: Db) {
  return {
    async inChunks(worldId: string, r: ChunkRange): Promise<NpcWithSettlement[]> {
      const rows = await db
        .select(withSettlement)
        .from(npcs)
        .innerJoin(settlements, eq(settlements.id, npcs.settlementId))
        .where(
          and(eq(npcs.worldId, worldId), between(settlements.chunkX, r.cx0, r.cx1), between(settlements.chunkY, r.cy0, r.cy1)),
        )
        .orderBy(asc(npcs.id));
      return rows.map(flatten);
    },
    async ofSettlements(ids: number[]): Promise<NpcWithSettlement[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(withSettlement)
        .from(npcs)
        .innerJoin(settlements, eq(settlements.id, npcs.settlementId))
        .where(inArray(npcs.settlementId, ids))
        .orderBy(asc(npcs.id));
      return rows.map(flatten);
    },
    async one(id: number): Promise<NpcWithSettlement | null> {
      const [r] = await db
        .select(withSettlement)
        .from(npcs)
        .innerJoin(settlements, eq(settlements.id, npcs.settlementId))
        .where(eq(npcs.id, id));
      return r ? flatten(r) : null;
    },
    /** NPCs of these settlements with this name (case-insensitive), newest first. */
    async named(settlementIds: number[], name: string): Promise<NpcRow[]> {
      if (settlementIds.length === 0) return [];
      return db
        .select()
        .from(npcs)
        .where(and(inArray(npcs.settlementId, settlementIds), sql`lower(${npcs.name}) = lower(${name})`))
        .orderBy(desc(npcs.id));
    },
  };
}
export type NpcsRepo = ReturnType<typeof npcsRepo>;
