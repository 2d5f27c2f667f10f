import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { nameKey } from '../../api/contract/name-key.ts';
import { normaliseName } from '../../api/game/names.ts';
import type { Db } from '../client.ts';
import { bedAssignments, bedInvitations, buildings, nameClaims, settlements, users } from '../schema/index.ts';
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
    /**
     * Every survivor a typed name may mean (at most a few; more than one is ambiguous): those whose username or
     * display name it is, regardless of case, and the one whose username or display name looks like it
     * (name_claims, by nameKey). Names stored before the name rules may still be shared; a claim is never.
     */
    async usersNamed(name: string): Promise<{ id: string; name: string }[]> {
      const exact = normaliseName(name).toLowerCase();
      const claimed = tx
        .select({ userId: nameClaims.userId })
        .from(nameClaims)
        .where(eq(nameClaims.key, nameKey(name)));
      return tx
        .select({ id: users.id, name: shown(users) })
        .from(users)
        .where(or(eq(users.usernameKey, exact), sql`lower(${users.displayName}) = ${exact}`, inArray(users.id, claimed)))
        .orderBy(asc(users.createdAt))
        .limit(3);
    },
    async userWithId(id: string): Promise<{ id: string; name: string } | null> {
      const [u] = await tx
        .select({ id: users.id, name: shown(users) })
        .from(users)
        .where(eq(users.id, id));
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
    /** The settlement where the user holds a bed in this world, with the bed (and its name, for "You wake up in"). */
    async bedOf(userId: string, worldId: string) {
      const [r] = await db
        .select({
          bedId: bedAssignments.bedId,
          bedName: buildings.name,
          settlementId: settlements.id,
          x: settlements.x,
          y: settlements.y,
          name: settlements.name,
        })
        .from(bedAssignments)
        .innerJoin(settlements, eq(settlements.id, bedAssignments.settlementId))
        .innerJoin(buildings, eq(buildings.id, bedAssignments.bedId))
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
