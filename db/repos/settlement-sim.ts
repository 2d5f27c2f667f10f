import { and, asc, desc, eq, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  bedAssignments,
  buildings,
  npcEquipment,
  npcItems,
  npcs,
  players,
  raids,
  settlementNotices,
  settlements,
  storageItems,
  storageLedger,
} from '../schema/index.ts';
import type { StoredNotice } from '../../api/game/away-report.ts';
import { UNLOCKED_BUILDINGS, type UnlockedBuilding } from '../../api/game/settlement-levels.ts';
import type { Tx } from './actions.ts';

/** What the simulation keeps of a settlement's raids and meals between its events. */
export interface SettlementClockRow {
  createdAt: Date;
  seed: number;
  founderId: string;
  upkeepDay: number | null;
  raidNight: number | null;
  raidWarnAt: Date | null;
  raidArriveAt: Date | null;
  raidStrength: number | null;
  raidWarned: boolean;
  lastRaidNight: number | null;
  lastRaidAt: Date | null;
}
export type SettlementClockUpdate = Omit<SettlementClockRow, 'createdAt' | 'seed' | 'founderId'> & { simDueAt: Date | null };

export interface StoredStack {
  id: number;
  itemName: string;
  quality: number;
  quantity: number;
}
export interface ContainerStacks {
  id: number;
  subtype: 'food' | 'medicine' | 'ammo' | 'materials' | 'items' | 'misc';
  level: number;
  stacks: StoredStack[];
}
export interface Member {
  userId: string;
  isOnline: boolean;
  x: number | null;
  y: number | null;
}
export type LedgerReason = (typeof storageLedger.$inferInsert)['reason'];
export interface LedgerLine {
  at: Date;
  reason: LedgerReason;
  itemName: string;
  quality: number;
  quantity: number;
}
export type RaidInsert = Omit<typeof raids.$inferInsert, 'id'>;
export type RaidRow = typeof raids.$inferSelect;

/** The settlement columns a SettlementClockRow reads. */
export const CLOCK_COLUMNS = {
  createdAt: settlements.createdAt,
  seed: settlements.seed,
  founderId: settlements.founderId,
  upkeepDay: settlements.upkeepDay,
  raidNight: settlements.raidNight,
  raidWarnAt: settlements.raidWarnAt,
  raidArriveAt: settlements.raidArriveAt,
  raidStrength: settlements.raidStrength,
  raidWarned: settlements.raidWarned,
  lastRaidNight: settlements.lastRaidNight,
  lastRaidAt: settlements.lastRaidAt,
};

/** Settlements with something due by `now`, in time order (the never-seen first). */
const settlementDue = (now: Date) => or(isNull(settlements.simDueAt), lte(settlements.simDueAt, now));

/**
 * The simulation's reads and writes of a settlement's raids, meals and injuries, inside the transaction that has
 * locked the settlement row (every change of its storage locks that row first, so the stacks read here stay put).
 */
async function levelOf(tx: Tx | Db, settlementId: number, type: UnlockedBuilding): Promise<number> {
  const [r] = await tx
    .select({ level: sql<number>`coalesce(max(${buildings.level}), 0)::int` })
    .from(buildings)
    .where(and(eq(buildings.settlementId, settlementId), eq(buildings.type, type)));
  return r?.level ?? 0;
}

export function settlementSimOps(tx: Tx | Db) {
  return {
    async clock(settlementId: number): Promise<SettlementClockRow | null> {
      const [row] = await tx.select(CLOCK_COLUMNS).from(settlements).where(eq(settlements.id, settlementId));
      return row ?? null;
    },

    async saveClock(settlementId: number, update: SettlementClockUpdate): Promise<void> {
      await tx.update(settlements).set(update).where(eq(settlements.id, settlementId));
    },

    /** Every container with its stacks (empty ones included), in id order. */
    async containerStacks(settlementId: number): Promise<ContainerStacks[]> {
      const rows = await tx
        .select({
          id: buildings.id,
          subtype: buildings.subtype,
          level: buildings.level,
          stackId: storageItems.id,
          itemName: storageItems.itemName,
          quality: storageItems.quality,
          quantity: storageItems.quantity,
        })
        .from(buildings)
        .leftJoin(storageItems, eq(storageItems.buildingId, buildings.id))
        .where(and(eq(buildings.settlementId, settlementId), eq(buildings.type, 'container')))
        .orderBy(asc(buildings.id), asc(storageItems.id));
      const out = new Map<number, ContainerStacks>();
      for (const r of rows) {
        let c = out.get(r.id);
        if (!c) out.set(r.id, (c = { id: r.id, subtype: r.subtype!, level: r.level, stacks: [] }));
        if (r.stackId !== null && r.quantity! > 0) {
          c.stacks.push({ id: r.stackId, itemName: r.itemName!, quality: r.quality!, quantity: Number(r.quantity) });
        }
      }
      return [...out.values()];
    },

    /** The buildings that cost upkeep (a workshop, walls), with their level and condition, in id order. */
    async upkeptBuildings(settlementId: number) {
      return tx
        .select({
          id: buildings.id,
          type: buildings.type,
          name: buildings.name,
          level: buildings.level,
          condition: buildings.condition,
        })
        .from(buildings)
        .where(and(eq(buildings.settlementId, settlementId), inArray(buildings.type, [...UNLOCKED_BUILDINGS])))
        .orderBy(asc(buildings.id)) as Promise<
        { id: number; type: UnlockedBuilding; name: string; level: number; condition: number }[]
      >;
    },

    async setBuildingState(buildingId: number, level: number, condition: number): Promise<void> {
      await tx.update(buildings).set({ level, condition }).where(eq(buildings.id, buildingId));
    },

    /** The level of the settlement's walls (0 without): each level adds to its defence (api/game/settlement-levels.ts). */
    wallsLevel(settlementId: number): Promise<number> {
      return levelOf(tx, settlementId, 'walls');
    },

    /**
     * The level of the settlement's building of this kind (0 without one, or one that lost its level): a Storehouse's
     * adds to every container's protected part, a Watchtower or an Infirmary works from level 1.
     */
    unlockedLevel(settlementId: number, type: UnlockedBuilding): Promise<number> {
      return levelOf(tx, settlementId, type);
    },

    /** Takes units from stacks (ids from containerStacks); emptied stacks are removed. */
    async takeStacks(takes: readonly { id: number; quantity: number }[]): Promise<void> {
      for (const t of takes) {
        if (t.quantity <= 0) continue;
        await tx
          .update(storageItems)
          .set({ quantity: sql`${storageItems.quantity} - ${t.quantity}` })
          .where(eq(storageItems.id, t.id));
      }
      const ids = takes.map((t) => t.id);
      if (ids.length) await tx.delete(storageItems).where(and(inArray(storageItems.id, ids), lte(storageItems.quantity, 0)));
    },

    async ledger(settlementId: number, lines: readonly LedgerLine[]): Promise<void> {
      if (lines.length === 0) return;
      const worldId = sql<string>`(select ${settlements.worldId} from ${settlements} where ${settlements.id} = ${settlementId})`;
      await tx.insert(storageLedger).values(lines.map((l) => ({ settlementId, worldId, ...l })));
    },

    /** The founder and the players with a bed there, with where their survivors stand in the world. */
    async members(settlementId: number, worldId: string, founderId: string): Promise<Member[]> {
      const holders = await tx
        .select({ userId: bedAssignments.userId })
        .from(bedAssignments)
        .where(and(eq(bedAssignments.settlementId, settlementId), sql`${bedAssignments.userId} is not null`));
      const ids = [...new Set([founderId, ...holders.map((h) => h.userId!)])];
      const rows = await tx
        .select({ userId: players.userId, isOnline: players.isOnline, x: players.x, y: players.y })
        .from(players)
        .where(and(eq(players.worldId, worldId), inArray(players.userId, ids)));
      const found = new Map(rows.map((r) => [r.userId, r]));
      return ids.map((userId) => found.get(userId) ?? { userId, isOnline: false, x: null, y: null });
    },

    /** What an NPC wears and carries: all of it goes to storage when it leaves. */
    async belongings(npcId: number): Promise<{ itemName: string; quality: number; quantity: number }[]> {
      const worn = await tx
        .select({ itemName: npcEquipment.itemName, quality: npcEquipment.quality })
        .from(npcEquipment)
        .where(eq(npcEquipment.npcId, npcId));
      const carried = await tx
        .select({ itemName: npcItems.itemName, quality: npcItems.quality, quantity: npcItems.quantity })
        .from(npcItems)
        .where(eq(npcItems.npcId, npcId));
      return [
        ...worn.map((w) => ({ ...w, quantity: 1 })),
        ...carried.filter((c) => c.quantity > 0).map((c) => ({ ...c, quantity: Number(c.quantity) })),
      ];
    },

    /** An NPC walks away: its row (with its gear and load) goes, its bed is free. */
    async npcLeaves(npcId: number): Promise<void> {
      await tx.delete(bedAssignments).where(eq(bedAssignments.npcId, npcId));
      await tx.delete(npcs).where(eq(npcs.id, npcId));
    },

    /** Keeps what members were told, for those who were away (the away report); in the transaction that made it. */
    async recordNotices(settlementId: number, worldId: string, notices: readonly StoredNotice[]): Promise<void> {
      if (notices.length === 0) return;
      await tx
        .insert(settlementNotices)
        .values(notices.map(({ kind, at, ...detail }) => ({ settlementId, worldId, kind, at: new Date(at), detail })));
    },

    /** Records a raid; false when that night's raid was already applied (never twice). */
    async recordRaid(raid: RaidInsert): Promise<RaidRow | null> {
      const [row] = await tx
        .insert(raids)
        .values(raid)
        .onConflictDoNothing({ target: [raids.settlementId, raids.night] })
        .returning();
      return row ?? null;
    },
  };
}
export type SettlementSimOps = ReturnType<typeof settlementSimOps>;

export interface DueSettlement {
  worldId: string;
  settlementId: number;
  simDueAt: Date | null;
}

/** Reads outside the simulation's transactions: what is due, and what the Defence and Raids panels show. */
export function settlementSimRepo(db: Db) {
  return {
    /** Settlements whose clock is due, in `worldIds` only when given (the worlds this process simulates). */
    async due(now: Date, limit: number, skip: readonly number[] = [], worldIds?: readonly string[]): Promise<DueSettlement[]> {
      return db
        .select({ worldId: settlements.worldId, settlementId: settlements.id, simDueAt: settlements.simDueAt })
        .from(settlements)
        .where(
          and(
            settlementDue(now),
            skip.length ? notInArray(settlements.id, [...skip]) : undefined,
            worldIds ? inArray(settlements.worldId, [...worldIds]) : undefined,
          ),
        )
        .orderBy(sql`${settlements.simDueAt} asc nulls first`, asc(settlements.id))
        .limit(limit);
    },

    async raids(settlementId: number, limit: number): Promise<RaidRow[]> {
      return db.select().from(raids).where(eq(raids.settlementId, settlementId)).orderBy(desc(raids.id)).limit(limit);
    },

    clock: (settlementId: number) => settlementSimOps(db).clock(settlementId),
    containerStacks: (settlementId: number) => settlementSimOps(db).containerStacks(settlementId),
    wallsLevel: (settlementId: number) => settlementSimOps(db).wallsLevel(settlementId),
    unlockedLevel: (settlementId: number, type: UnlockedBuilding) => settlementSimOps(db).unlockedLevel(settlementId, type),
    members: (settlementId: number, worldId: string, founderId: string) =>
      settlementSimOps(db).members(settlementId, worldId, founderId),

    /** The settlement's NPCs with what the Defence panel weighs: assignment, where they stand, injury, gear. */
    async defenders(settlementId: number) {
      const rows = await db
        .select({
          id: npcs.id,
          assignment: npcs.assignment,
          phase: npcs.phase,
          x: npcs.x,
          y: npcs.y,
          injuredUntil: npcs.injuredUntil,
          skills: npcs.skills,
          seed: npcs.seed,
          gear: sql<number>`(select count(*)::int from npc_equipment e where e.npc_id = npcs.id)`,
        })
        .from(npcs)
        .where(eq(npcs.settlementId, settlementId))
        .orderBy(asc(npcs.id));
      return rows.map((r) => ({ ...r, gear: Number(r.gear) }));
    },
  };
}
export type SettlementSimRepo = ReturnType<typeof settlementSimRepo>;
