import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { bedAssignments, bedInvitations, buildings, settlements, users } from '../schema/index.ts';
import type { Tx } from './actions.ts';

export type InvitationRow = typeof bedInvitations.$inferSelect;
const shown = (u: typeof users) => sql<string>`coalesce(${u.displayName}, ${u.firstName}, ${u.username})`;

/** Bed operations inside a settlement transaction (the settlement row is locked first by the caller). */
export function bedOps(tx: Tx) {
  return {
    async bed(bedId: number) {
      const [b] = await tx
        .select()
        .from(buildings)
        .where(and(eq(buildings.id, bedId), eq(buildings.type, 'bed')));
      return b ?? null;
    },
    async occupant(bedId: number): Promise<string | null> {
      const [a] = await tx
        .select({ userId: bedAssignments.userId })
        .from(bedAssignments)
        .where(eq(bedAssignments.bedId, bedId))
        .for('update');
      return a ? (a.userId ?? 'npc') : null;
    },
    async invitationForBed(bedId: number): Promise<InvitationRow | null> {
      const [i] = await tx.select().from(bedInvitations).where(eq(bedInvitations.bedId, bedId)).for('update');
      return i ?? null;
    },
    async invitation(id: number): Promise<InvitationRow | null> {
      const [i] = await tx.select().from(bedInvitations).where(eq(bedInvitations.id, id)).for('update');
      return i ?? null;
    },
    /** The user a display name or username names (case-insensitive), or null. Display names win. */
    async userNamed(key: string): Promise<{ id: string; name: string } | null> {
      const [u] = await tx
        .select({ id: users.id, name: shown(users) })
        .from(users)
        .where(sql`lower(${users.displayName}) = ${key} or ${users.usernameKey} = ${key}`)
        .orderBy(sql`(lower(${users.displayName}) = ${key}) desc`)
        .limit(1);
      return u ?? null;
    },
    async insertInvitation(row: typeof bedInvitations.$inferInsert): Promise<InvitationRow> {
      const [i] = await tx.insert(bedInvitations).values(row).returning();
      return i!;
    },
    async deleteInvitation(id: number): Promise<void> {
      await tx.delete(bedInvitations).where(eq(bedInvitations.id, id));
    },
    /** Gives up the user's bed in this world, if any; the settlement it was in. */
    async vacateUser(userId: string, worldId: string): Promise<number | null> {
      const [a] = await tx
        .delete(bedAssignments)
        .where(and(eq(bedAssignments.worldId, worldId), eq(bedAssignments.userId, userId)))
        .returning({ settlementId: bedAssignments.settlementId });
      return a?.settlementId ?? null;
    },
    async vacateBed(bedId: number): Promise<void> {
      await tx.delete(bedAssignments).where(eq(bedAssignments.bedId, bedId));
    },
  };
}
export type BedOps = ReturnType<typeof bedOps>;

export function bedsRepo(db: Db) {
  const invitationView = {
    id: bedInvitations.id,
    worldId: bedInvitations.worldId,
    settlementId: bedInvitations.settlementId,
    settlementName: settlements.name,
    x: settlements.x,
    y: settlements.y,
    bedId: bedInvitations.bedId,
    fromPlayerName: sql<string>`(select coalesce(f.display_name, f.first_name, f.username) from ${users} f where f.id = ${bedInvitations.fromUserId})`,
    inviteeId: bedInvitations.inviteeId,
    invitee: sql<string>`(select coalesce(i.display_name, i.first_name, i.username) from ${users} i where i.id = ${bedInvitations.inviteeId})`,
    createdAt: bedInvitations.createdAt,
  };
  return {
    async invitationsFor(userId: string, worldId: string) {
      return db
        .select(invitationView)
        .from(bedInvitations)
        .innerJoin(settlements, eq(settlements.id, bedInvitations.settlementId))
        .where(and(eq(bedInvitations.inviteeId, userId), eq(bedInvitations.worldId, worldId)))
        .orderBy(asc(bedInvitations.id));
    },
    async pendingIn(settlementId: number) {
      return db
        .select(invitationView)
        .from(bedInvitations)
        .innerJoin(settlements, eq(settlements.id, bedInvitations.settlementId))
        .where(eq(bedInvitations.settlementId, settlementId))
        .orderBy(asc(bedInvitations.id));
    },
    /** The settlement where the user holds a bed in this world, with the bed. */
    async bedOf(userId: string, worldId: string) {
      const [r] = await db
        .select({
          bedId: bedAssignments.bedId,
          settlementId: settlements.id,
          x: settlements.x,
          y: settlements.y,
          name: settlements.name,
        })
        .from(bedAssignments)
        .innerJoin(settlements, eq(settlements.id, bedAssignments.settlementId))
        .where(and(eq(bedAssignments.worldId, worldId), eq(bedAssignments.userId, userId)));
      return r ?? null;
    },
    async settlementOfInvitation(id: number): Promise<number | null> {
      const [i] = await db.select({ s: bedInvitations.settlementId }).from(bedInvitations).where(eq(bedInvitations.id, id));
      return i?.s ?? null;
    },
  };
}
export type BedsRepo = ReturnType<typeof bedsRepo>;
