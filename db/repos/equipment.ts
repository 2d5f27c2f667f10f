import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { playerEquipment } from '../schema/index.ts';
import type { Tx } from './actions.ts';
import { settlementOps } from './settlements.ts';

export type EquipmentRow = typeof playerEquipment.$inferSelect;

/** Operations valid inside one equipment transaction: the settlement ones (storage, inventory) plus the worn gear. */
export function equipmentOps(tx: Tx) {
  return {
    ...settlementOps(tx),

    /**
     * Serialises one survivor's equipment changes in a world: an empty slot has no row to lock, so two equips into
     * it would otherwise both see it empty.
     */
    async lockWearer(userId: string, worldId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`equipment:${userId}:${worldId}`}))`);
    },

    /** What the survivor wears, locked until the transaction ends. */
    async lockEquipment(userId: string, worldId: string): Promise<EquipmentRow[]> {
      return tx
        .select()
        .from(playerEquipment)
        .where(and(eq(playerEquipment.userId, userId), eq(playerEquipment.worldId, worldId)))
        .orderBy(asc(playerEquipment.id))
        .for('update');
    },

    async wear(row: typeof playerEquipment.$inferInsert): Promise<EquipmentRow> {
      const [r] = await tx.insert(playerEquipment).values(row).returning();
      return r!;
    },

    async takeOff(id: number): Promise<void> {
      await tx.delete(playerEquipment).where(eq(playerEquipment.id, id));
    },
  };
}
export type EquipmentOps = ReturnType<typeof equipmentOps>;

export function equipmentRepo(db: Db) {
  return {
    /** One equipment change in one transaction: everything it moves lands together or not at all. */
    transaction<T>(fn: (ops: EquipmentOps) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(equipmentOps(tx)));
    },

    async worn(userId: string, worldId: string): Promise<EquipmentRow[]> {
      return db
        .select()
        .from(playerEquipment)
        .where(and(eq(playerEquipment.userId, userId), eq(playerEquipment.worldId, worldId)))
        .orderBy(asc(playerEquipment.id));
    },
  };
}
export type EquipmentRepo = ReturnType<typeof equipmentRepo>;
