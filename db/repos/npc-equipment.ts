import type { NpcAssignment } from '../../api/game/npcs.ts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { npcEquipment, npcs } from '../schema/index.ts';
import type { Tx } from './actions.ts';
import { settlementOps } from './settlements.ts';

export type NpcEquipmentRow = typeof npcEquipment.$inferSelect;
/** What an equipment change needs to know about the NPC. */
export interface NpcRef {
  id: number;
  worldId: string;
  settlementId: number;
  name: string;
  /** Its job: equip all picks the gear that helps it (api/game/npc-equipment.ts npcEquipOrder). */
  assignment: NpcAssignment;
}

const ref = {
  id: npcs.id,
  worldId: npcs.worldId,
  settlementId: npcs.settlementId,
  name: npcs.name,
  assignment: npcs.assignment,
};

/**
 * Operations valid inside one NPC equipment transaction: the settlement ones (storage, the member's pack) plus the
 * NPC and its gear. Lock order: the settlement (lockSettlement), then the NPC row, then its gear and the storage.
 */
export function npcEquipmentOps(tx: Tx) {
  return {
    ...settlementOps(tx),

    /**
     * The NPC, key-share locked until the transaction ends: it cannot be dismissed (deleted) meanwhile, while the
     * simulation may still update its phase. Its gear changes run one at a time under the settlement's lock.
     */
    async lockNpc(id: number): Promise<NpcRef | null> {
      const [n] = await tx.select(ref).from(npcs).where(eq(npcs.id, id)).for('key share');
      return n ?? null;
    },

    /** What the NPC wears, locked. */
    async lockNpcEquipment(npcId: number): Promise<NpcEquipmentRow[]> {
      return tx.select().from(npcEquipment).where(eq(npcEquipment.npcId, npcId)).orderBy(asc(npcEquipment.id)).for('update');
    },

    async wearNpc(row: typeof npcEquipment.$inferInsert): Promise<NpcEquipmentRow> {
      const [r] = await tx.insert(npcEquipment).values(row).returning();
      return r!;
    },

    async takeOffNpc(id: number): Promise<void> {
      await tx.delete(npcEquipment).where(eq(npcEquipment.id, id));
    },
  };
}
export type NpcEquipmentOps = ReturnType<typeof npcEquipmentOps>;

export function npcEquipmentRepo(db: Db) {
  return {
    /** One NPC equipment change in one transaction: everything it moves lands together or not at all. */
    transaction<T>(fn: (ops: NpcEquipmentOps) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(npcEquipmentOps(tx)));
    },

    async npc(id: number): Promise<NpcRef | null> {
      const [n] = await db.select(ref).from(npcs).where(eq(npcs.id, id));
      return n ?? null;
    },

    async worn(npcId: number): Promise<NpcEquipmentRow[]> {
      return db.select().from(npcEquipment).where(eq(npcEquipment.npcId, npcId)).orderBy(asc(npcEquipment.id));
    },

    /** The NPCs of `worldId` among `ids` (others are left out), each with what it wears (possibly nothing). */
    async wornByNpcs(worldId: string, ids: readonly number[]): Promise<Map<number, NpcEquipmentRow[]>> {
      const out = new Map<number, NpcEquipmentRow[]>();
      if (ids.length === 0) return out;
      const known = await db
        .select({ id: npcs.id })
        .from(npcs)
        .where(and(eq(npcs.worldId, worldId), inArray(npcs.id, [...ids])));
      for (const n of known) out.set(n.id, []);
      if (out.size === 0) return out;
      const rows = await db
        .select()
        .from(npcEquipment)
        .where(inArray(npcEquipment.npcId, [...out.keys()]))
        .orderBy(asc(npcEquipment.id));
      for (const r of rows) out.get(r.npcId)!.push(r);
      return out;
    },
  };
}
export type NpcEquipmentRepo = ReturnType<typeof npcEquipmentRepo>;
