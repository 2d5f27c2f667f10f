import { nameKey } from '../../api/contract/name-key.ts';
import { and, asc, between, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  bedAssignments,
  buildings,
  inventoryItems,
  npcs,
  poiStates,
  settlements,
  shelters,
  storageItems,
  storageLedger,
  users,
} from '../schema/index.ts';
import { actionOps, type Tx } from './actions.ts';
import { bedOps } from './beds.ts';
import { craftOps } from './crafting.ts';
import { npcOps } from './npcs.ts';

export type ShelterRow = typeof shelters.$inferSelect;
export type SettlementRow = typeof settlements.$inferSelect;
export type BuildingRow = typeof buildings.$inferSelect;
export type StorageRow = typeof storageItems.$inferSelect;
export interface StackRow {
  id: number;
  itemName: string;
  quality: number;
  quantity: number;
}
/** A settlement with what its answers need: who holds its beds and how many stand empty. */
export interface SettlementFacts extends SettlementRow {
  founderName: string;
  beds: number;
  /** Beds with a player or an NPC in them. */
  occupied: number;
  bedHolders: string[];
}
/** A ledger line for units a rule took (api/modules/settlements/service.ts spends settlement costs and writes these). */
export type LedgerEntry = Omit<typeof storageLedger.$inferInsert, 'id'>;
export interface ChunkRange {
  cx0: number;
  cx1: number;
  cy0: number;
  cy1: number;
}

/** The chunks within `radius` chunks of (cx, cy). */
export function chunkRange(cx: number, cy: number, radius: number): ChunkRange {
  return { cx0: cx - radius, cx1: cx + radius, cy0: cy - radius, cy1: cy + radius };
}

const founderName = sql<string>`coalesce(${users.displayName}, ${users.firstName}, ${users.username})`;
const bedCount = sql<number>`(select count(*)::int from ${buildings} b where b.settlement_id = ${settlements.id} and b.type = 'bed')`;
const occupiedCount = sql<number>`(select count(*)::int from ${bedAssignments} a where a.settlement_id = ${settlements.id})`;
const holders = sql<
  string[]
>`coalesce((select array_agg(a.user_id) from ${bedAssignments} a where a.settlement_id = ${settlements.id} and a.user_id is not null), '{}')`;

function factsQuery(tx: Tx | Db) {
  return tx
    .select({ s: settlements, founderName, beds: bedCount, occupied: occupiedCount, bedHolders: holders })
    .from(settlements)
    .innerJoin(users, eq(users.id, settlements.founderId));
}
const toFacts = (r: {
  s: SettlementRow;
  founderName: string;
  beds: number;
  occupied: number;
  bedHolders: string[];
}): SettlementFacts => ({
  ...r.s,
  founderName: r.founderName,
  beds: Number(r.beds),
  occupied: Number(r.occupied),
  bedHolders: r.bedHolders ?? [],
});

/** A settlement's non-empty container stacks: what both the locked read and the panel's read select. */
const storageColumns = {
  id: storageItems.id,
  buildingId: storageItems.buildingId,
  itemName: storageItems.itemName,
  quality: storageItems.quality,
  quantity: storageItems.quantity,
};
const inSettlementStorage = (settlementId: number) => and(eq(buildings.settlementId, settlementId), gt(storageItems.quantity, 0));

async function npcCount(tx: Tx | Db, settlementId: number): Promise<number> {
  const [r] = await tx.select({ n: sql<number>`count(*)::int` }).from(npcs).where(eq(npcs.settlementId, settlementId));
  return r?.n ?? 0;
}

/** Operations valid inside one settlement transaction (on top of the player-action ones: grants, POI locks). */
export function settlementOps(tx: Tx) {
  const ops = {
    ...actionOps(tx),
    /** The transaction itself, for a module's own statements (its rows are locked by the ops above). */
    tx,
    beds: bedOps(tx),
    npcs: npcOps(tx),
    crafting: craftOps(tx),

    /** Serialises every founding in a world, so the distance and name rules hold against concurrent founders. */
    async lockWorldFounding(worldId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`found:${worldId}`}))`);
    },

    /** The player's stacks of these items (all when `names` is absent), locked until the transaction ends. */
    async lockInventory(userId: string, worldId: string, names?: readonly string[]): Promise<StackRow[]> {
      return tx
        .select({
          id: inventoryItems.id,
          itemName: inventoryItems.itemName,
          quality: inventoryItems.quality,
          quantity: inventoryItems.quantity,
        })
        .from(inventoryItems)
        .where(
          and(
            eq(inventoryItems.userId, userId),
            eq(inventoryItems.worldId, worldId),
            gt(inventoryItems.quantity, 0),
            names ? inArray(inventoryItems.itemName, [...names]) : undefined,
          ),
        )
        .orderBy(asc(inventoryItems.id))
        .for('update');
    },

    /** Takes from inventory stacks (ids from lockInventory); an emptied stack is removed. */
    async takeFromInventory(takes: readonly { id: number; quantity: number }[]): Promise<void> {
      for (const t of takes) {
        const [row] = await tx
          .update(inventoryItems)
          .set({ quantity: sql`${inventoryItems.quantity} - ${t.quantity}` })
          .where(and(eq(inventoryItems.id, t.id), sql`${inventoryItems.quantity} >= ${t.quantity}`))
          .returning({ quantity: inventoryItems.quantity });
        if (!row) throw new Error(`inventory stack ${t.id} no longer holds ${t.quantity}`);
        if (row.quantity === 0) await tx.delete(inventoryItems).where(eq(inventoryItems.id, t.id));
      }
    },

    async sheltersInChunks(worldId: string, r: ChunkRange): Promise<ShelterRow[]> {
      return tx
        .select()
        .from(shelters)
        .where(
          and(eq(shelters.worldId, worldId), between(shelters.chunkX, r.cx0, r.cx1), between(shelters.chunkY, r.cy0, r.cy1)),
        );
    },

    async setPoiShelter(worldId: string, poiId: string): Promise<void> {
      await tx
        .update(poiStates)
        .set({ hasShelter: true })
        .where(and(eq(poiStates.worldId, worldId), eq(poiStates.poiId, poiId)));
    },

    async insertShelter(row: typeof shelters.$inferInsert): Promise<ShelterRow> {
      const [s] = await tx.insert(shelters).values(row).onConflictDoNothing().returning();
      return s!;
    },

    async settlementAtShelter(shelterId: number): Promise<SettlementRow | null> {
      const [s] = await tx.select().from(settlements).where(eq(settlements.shelterId, shelterId));
      return s ?? null;
    },

    async settlementsInChunks(worldId: string, r: ChunkRange): Promise<SettlementRow[]> {
      return tx
        .select()
        .from(settlements)
        .where(
          and(
            eq(settlements.worldId, worldId),
            between(settlements.chunkX, r.cx0, r.cx1),
            between(settlements.chunkY, r.cy0, r.cy1),
          ),
        );
    },

    /** The settlement of this world whose name looks like `name` (same nameKey), if any. */
    async settlementNamed(worldId: string, name: string): Promise<SettlementRow | null> {
      const [s] = await tx
        .select()
        .from(settlements)
        .where(and(eq(settlements.worldId, worldId), eq(settlements.nameKey, nameKey(name))));
      return s ?? null;
    },

    /** Inserts the settlement with its name's look-alike key (unique per world: settlements_name_key_uq). */
    async insertSettlement(row: Omit<typeof settlements.$inferInsert, 'nameKey'>): Promise<SettlementRow> {
      const [s] = await tx
        .insert(settlements)
        .values({ ...row, nameKey: nameKey(row.name) })
        .returning();
      return s!;
    },

    /** The settlement with its bed holders, locked: every change to a settlement's buildings or storage runs after this. */
    async lockSettlement(id: number): Promise<SettlementFacts | null> {
      const [locked] = await tx.select({ id: settlements.id }).from(settlements).where(eq(settlements.id, id)).for('update');
      if (!locked) return null;
      const [r] = await factsQuery(tx).where(eq(settlements.id, id));
      return r ? toFacts(r) : null;
    },

    async buildings(settlementId: number): Promise<BuildingRow[]> {
      return tx.select().from(buildings).where(eq(buildings.settlementId, settlementId)).orderBy(asc(buildings.id));
    },

    async insertBuilding(row: typeof buildings.$inferInsert): Promise<BuildingRow> {
      const [b] = await tx.insert(buildings).values(row).returning();
      return b!;
    },

    /** Recruited NPCs living in the settlement. */
    npcCount: (settlementId: number) => npcCount(tx, settlementId),

    async setSettlementLevel(settlementId: number, level: number): Promise<void> {
      await tx.update(settlements).set({ level }).where(eq(settlements.id, settlementId));
    },

    async setLevel(buildingId: number, level: number, condition?: number): Promise<BuildingRow> {
      const [b] = await tx
        .update(buildings)
        .set(condition === undefined ? { level } : { level, condition })
        .where(eq(buildings.id, buildingId))
        .returning();
      return b!;
    },

    /** Whether the player already holds a bed in this world. */
    async holdsBedInWorld(userId: string, worldId: string): Promise<boolean> {
      const rows = await tx
        .select({ bedId: bedAssignments.bedId })
        .from(bedAssignments)
        .where(and(eq(bedAssignments.worldId, worldId), eq(bedAssignments.userId, userId)));
      return rows.length > 0;
    },

    async assignBed(bedId: number, settlementId: number, worldId: string, userId: string | null, now: Date): Promise<void> {
      await tx.insert(bedAssignments).values({ bedId, settlementId, worldId, userId, assignedAt: now });
    },

    /** Every stack of the settlement's containers, locked. */
    async lockStorage(settlementId: number): Promise<StorageRow[]> {
      return tx
        .select(storageColumns)
        .from(storageItems)
        .innerJoin(buildings, eq(buildings.id, storageItems.buildingId))
        .where(inSettlementStorage(settlementId))
        .orderBy(asc(storageItems.id))
        .for('update', { of: storageItems });
    },

    async addToContainer(buildingId: number, itemName: string, quality: number, quantity: number): Promise<void> {
      await tx
        .insert(storageItems)
        .values({ buildingId, itemName, quality, quantity })
        .onConflictDoUpdate({
          target: [storageItems.buildingId, storageItems.itemName, storageItems.quality],
          set: { quantity: sql`${storageItems.quantity} + ${quantity}` },
        });
    },

    async takeFromStorage(rowId: number, quantity: number): Promise<void> {
      const [row] = await tx
        .update(storageItems)
        .set({ quantity: sql`${storageItems.quantity} - ${quantity}` })
        .where(and(eq(storageItems.id, rowId), sql`${storageItems.quantity} >= ${quantity}`))
        .returning({ quantity: storageItems.quantity });
      if (!row) throw new Error(`storage stack ${rowId} no longer holds ${quantity}`);
      if (row.quantity === 0) await tx.delete(storageItems).where(eq(storageItems.id, rowId));
    },

    /** Records units a rule took from a pack or from storage, in the transaction that took them. */
    async record(lines: readonly LedgerEntry[]): Promise<void> {
      if (lines.length) await tx.insert(storageLedger).values([...lines]);
    },

    /** Drops empty stacks left by older versions (the inventory's and this settlement's); how many went. */
    async dropEmptyStacks(userId: string, worldId: string, settlementId: number): Promise<number> {
      const inv = await tx
        .delete(inventoryItems)
        .where(and(eq(inventoryItems.userId, userId), eq(inventoryItems.worldId, worldId), sql`${inventoryItems.quantity} <= 0`))
        .returning({ id: inventoryItems.id });
      const st = await tx
        .delete(storageItems)
        .where(
          and(
            sql`${storageItems.quantity} <= 0`,
            inArray(
              storageItems.buildingId,
              tx.select({ id: buildings.id }).from(buildings).where(eq(buildings.settlementId, settlementId)),
            ),
          ),
        )
        .returning({ id: storageItems.id });
      return inv.length + st.length;
    },
  };
  return ops;
}
export type SettlementOps = ReturnType<typeof settlementOps>;

export function settlementsRepo(db: Db) {
  return {
    /** One settlement action in one transaction: everything it writes lands together or not at all. */
    transaction<T>(fn: (ops: SettlementOps) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(settlementOps(tx)));
    },

    async settlementOfBuilding(buildingId: number): Promise<number | null> {
      const [b] = await db.select({ settlementId: buildings.settlementId }).from(buildings).where(eq(buildings.id, buildingId));
      return b?.settlementId ?? null;
    },

    npcCount: (settlementId: number) => npcCount(db, settlementId),

    async settlement(id: number): Promise<SettlementFacts | null> {
      const [r] = await factsQuery(db).where(eq(settlements.id, id));
      return r ? toFacts(r) : null;
    },

    async settlementsInChunks(worldId: string, r: ChunkRange): Promise<SettlementFacts[]> {
      const rows = await factsQuery(db)
        .where(
          and(
            eq(settlements.worldId, worldId),
            between(settlements.chunkX, r.cx0, r.cx1),
            between(settlements.chunkY, r.cy0, r.cy1),
          ),
        )
        .orderBy(asc(settlements.id));
      return rows.map(toFacts);
    },

    /** Settlements the player founded or holds a bed in (the caller filters by the manage rule). */
    async settlementsOf(userId: string, worldId: string): Promise<SettlementFacts[]> {
      const rows = await factsQuery(db)
        .where(
          and(
            eq(settlements.worldId, worldId),
            sql`(${settlements.founderId} = ${userId} or exists (select 1 from ${bedAssignments} a where a.settlement_id = ${settlements.id} and a.user_id = ${userId}))`,
          ),
        )
        .orderBy(asc(settlements.id));
      return rows.map(toFacts);
    },

    async sheltersInChunks(worldId: string, r: ChunkRange): Promise<(ShelterRow & { settlementId: number | null })[]> {
      return db
        .select({ ...getShelterColumns(), settlementId: settlements.id })
        .from(shelters)
        .leftJoin(settlements, eq(settlements.shelterId, shelters.id))
        .where(and(eq(shelters.worldId, worldId), between(shelters.chunkX, r.cx0, r.cx1), between(shelters.chunkY, r.cy0, r.cy1)))
        .orderBy(asc(shelters.id));
    },

    async buildings(settlementId: number): Promise<(BuildingRow & { occupant: string | null; occupantId: string | null })[]> {
      return db
        .select({
          id: buildings.id,
          settlementId: buildings.settlementId,
          type: buildings.type,
          subtype: buildings.subtype,
          name: buildings.name,
          level: buildings.level,
          condition: buildings.condition,
          createdAt: buildings.createdAt,
          occupantId: bedAssignments.userId,
          occupant: sql<
            string | null
          >`coalesce(${users.displayName}, ${users.firstName}, ${users.username}, (select 'NPC:' || n.name from npcs n where n.id = ${bedAssignments.npcId}))`,
        })
        .from(buildings)
        .leftJoin(bedAssignments, eq(bedAssignments.bedId, buildings.id))
        .leftJoin(users, eq(users.id, bedAssignments.userId))
        .where(eq(buildings.settlementId, settlementId))
        .orderBy(asc(buildings.id));
    },

    async storage(settlementId: number): Promise<StorageRow[]> {
      return db
        .select(storageColumns)
        .from(storageItems)
        .innerJoin(buildings, eq(buildings.id, storageItems.buildingId))
        .where(inSettlementStorage(settlementId))
        .orderBy(asc(storageItems.itemName), sql`${storageItems.quality} desc`);
    },
  };
}
export type SettlementsRepo = ReturnType<typeof settlementsRepo>;

function getShelterColumns() {
  return {
    id: shelters.id,
    worldId: shelters.worldId,
    tileX: shelters.tileX,
    tileY: shelters.tileY,
    x: shelters.x,
    y: shelters.y,
    chunkX: shelters.chunkX,
    chunkY: shelters.chunkY,
    poiId: shelters.poiId,
    builtBy: shelters.builtBy,
    createdAt: shelters.createdAt,
  };
}
