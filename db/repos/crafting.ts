import { crafterUnits } from '../../api/game/crafting.ts';
import { skillsOf } from '../../api/game/npc-skills.ts';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { craftJobs, npcs, settlements, users } from '../schema/index.ts';
import { actionOps, type Tx } from './actions.ts';

export type CraftJobRow = typeof craftJobs.$inferSelect;

/**
 * NPCs at the bench at `at`: on the craft assignment, at home (no journey, no rest phase) and not wounded. What sets a
 * job's pace when it starts (api/game/crafting.ts craftPace).
 */
/** The crafter units at the settlement's bench now (api/game/crafting.ts crafterUnits: a mechanic counts more). */
async function countCrafters(q: Tx | Db, settlementId: number, at: Date): Promise<number> {
  const rows = await q
    .select({ skills: npcs.skills, seed: npcs.seed })
    .from(npcs)
    .where(
      and(
        eq(npcs.settlementId, settlementId),
        eq(npcs.assignment, 'craft'),
        isNull(npcs.phase),
        or(isNull(npcs.injuredUntil), lte(npcs.injuredUntil, at)),
      ),
    );
  return crafterUnits(rows.map((r) => skillsOf(r.skills, r.seed)));
}

/** The craft queue's writes inside a settlement transaction (the settlement row is locked first, as every change). */
export function craftOps(tx: Tx) {
  return {
    /** The queue in order, locked: the bench takes one job at a time. */
    async lockQueue(settlementId: number): Promise<CraftJobRow[]> {
      return tx.select().from(craftJobs).where(eq(craftJobs.settlementId, settlementId)).orderBy(asc(craftJobs.id)).for('update');
    },

    async insertJob(row: typeof craftJobs.$inferInsert): Promise<CraftJobRow> {
      const [job] = await tx.insert(craftJobs).values(row).returning();
      return job!;
    },

    /** Removes a job (delivered or cancelled); false when it was already gone. */
    async removeJob(id: number): Promise<boolean> {
      const gone = await tx.delete(craftJobs).where(eq(craftJobs.id, id)).returning({ id: craftJobs.id });
      return gone.length === 1;
    },

    async startJob(id: number, startedAt: Date, readyAt: Date): Promise<void> {
      await tx.update(craftJobs).set({ startedAt, readyAt }).where(eq(craftJobs.id, id));
    },

    crafters: (settlementId: number, at: Date) => countCrafters(tx, settlementId, at),

    /** Into a pack: a delivery to a crafter standing at the settlement, or what storage has no room for. */
    grantItems: actionOps(tx).grantItems,

    /**
     * The settlement's clock must wake at a job's readyAt: brought forward when that is sooner (a null due time
     * already means "at once").
     */
    async wakeBy(settlementId: number, at: Date): Promise<void> {
      await tx
        .update(settlements)
        .set({
          simDueAt: sql`case when ${settlements.simDueAt} is null then null else least(${settlements.simDueAt}, ${at.toISOString()}::timestamptz) end`,
        })
        .where(eq(settlements.id, settlementId));
    },
  };
}
export type CraftOps = ReturnType<typeof craftOps>;

export function craftingRepo(db: Db) {
  return {
    /** The queue in order, with each crafter's name as others see it. */
    async queue(settlementId: number): Promise<(CraftJobRow & { crafterName: string | null })[]> {
      const rows = await db
        .select({ job: craftJobs, name: sql<string | null>`coalesce(${users.displayName}, ${users.username})` })
        .from(craftJobs)
        .leftJoin(users, eq(users.id, craftJobs.crafterId))
        .where(eq(craftJobs.settlementId, settlementId))
        .orderBy(asc(craftJobs.id));
      return rows.map((r) => ({ ...r.job, crafterName: r.name }));
    },
    crafters: (settlementId: number, at: Date) => countCrafters(db, settlementId, at),
  };
}
export type CraftingRepo = ReturnType<typeof craftingRepo>;
