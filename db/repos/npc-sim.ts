import { and, asc, between, eq, gt, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  buildings,
  npcEquipment,
  npcForageCells,
  npcItems,
  npcs,
  poiStates,
  settlements,
  storageItems,
} from '../schema/index.ts';
import type { Tx } from './actions.ts';
import { craftOps } from './crafting.ts';
import { CLOCK_COLUMNS, type SettlementClockRow, settlementSimOps } from './settlement-sim.ts';

export type NpcRow = typeof npcs.$inferSelect;
export interface DueNpc {
  id: number;
  worldId: string;
  settlementId: number;
  phaseEndsAt: Date | null;
}
/** What the simulation needs of an NPC's home (and a settlement_updated frame). */
export interface SettlementRef {
  id: number;
  worldId: string;
  name: string;
  x: number;
  y: number;
  chunkX: number;
  chunkY: number;
  /** Its raids' and meals' state (./settlement-sim.ts), with when it next falls due. */
  clock: SettlementClockRow & { simDueAt: Date | null };
}
export interface CarriedStack {
  itemName: string;
  quality: number;
  quantity: number;
}
export interface PoiStateRow {
  poiId: string;
  currentSignificance: number;
  changedAt: Date;
}
/** The NPC columns the simulation writes after a step. */
export type NpcProgress = Pick<
  NpcRow,
  | 'status'
  | 'x'
  | 'y'
  | 'cycle'
  | 'attempt'
  | 'cycleStartedAt'
  | 'phase'
  | 'phaseStartedAt'
  | 'phaseEndsAt'
  | 'startX'
  | 'startY'
  | 'targetX'
  | 'targetY'
  | 'targetPoiId'
  | 'injuredUntil'
  | 'unfedDays'
>;

/**
 * Arrays passed as one text parameter each, unnested by the database: a catch-up writes thousands of rows, which cost
 * a quarter of the time this way than as a parameter per value (`bun run bench npcs`).
 */
const intArray = (xs: readonly number[]) => `{${xs.join(',')}}`;
const textArray = (xs: readonly string[]) => `{${xs.map((x) => `"${x.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
const timeArray = (xs: readonly Date[]) => `{${xs.map((d) => d.toISOString()).join(',')}}`;

/**
 * NPCs with something to do at `now`: a phase that ended, or idle and given work away from home (isDue in
 * api/game/npc-sim.ts; the assignments kept home, HOME_ASSIGNMENTS of api/game/npcs.ts, are npcs_idle_worker_idx's).
 */
const dueWhere = (now: Date) =>
  or(
    lte(npcs.phaseEndsAt, now),
    and(isNull(npcs.phase), notInArray(npcs.assignment, ['defend', 'craft']), isNull(npcs.phaseEndsAt)),
  );

/** Rows per multi-row statement: a catch-up writes thousands, and a statement takes at most 65,535 parameters. */
const ROWS_PER_STATEMENT = 5000;
function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

/**
 * The simulation's writes inside one settlement transaction. Lock order, as every settlement change: the settlement row,
 * then the NPC, then POI states (in id order) and the storage.
 */
export function npcSimOps(tx: Tx) {
  return {
    ...settlementSimOps(tx),
    crafting: craftOps(tx),

    async lockSettlement(id: number): Promise<SettlementRef | null> {
      const [s] = await tx
        .select({
          id: settlements.id,
          worldId: settlements.worldId,
          name: settlements.name,
          x: settlements.x,
          y: settlements.y,
          chunkX: settlements.chunkX,
          chunkY: settlements.chunkY,
          ...CLOCK_COLUMNS,
          simDueAt: settlements.simDueAt,
        })
        .from(settlements)
        .where(eq(settlements.id, id))
        .for('update');
      if (!s) return null;
      const { id: sid, worldId, name, x, y, chunkX, chunkY, ...clock } = s;
      return { id: sid, worldId, name, x, y, chunkX, chunkY, clock };
    },

    /** Every NPC of the settlement, locked in id order (its meals and raids concern them all). */
    async lockAllNpcs(settlementId: number): Promise<NpcRow[]> {
      return tx.select().from(npcs).where(eq(npcs.settlementId, settlementId)).orderBy(asc(npcs.id)).for('update');
    },

    /** The settlement's NPCs with something to do by `dueBy`, locked (in id order) until the transaction ends. */
    async lockNpcs(settlementId: number, dueBy: Date): Promise<NpcRow[]> {
      return tx
        .select()
        .from(npcs)
        .where(and(eq(npcs.settlementId, settlementId), dueWhere(dueBy)))
        .orderBy(asc(npcs.id))
        .for('update');
    },

    /** What these NPCs wear, by NPC. */
    async wornItemNames(npcIds: readonly number[]): Promise<Map<number, string[]>> {
      const worn = new Map<number, string[]>(npcIds.map((id) => [id, []]));
      if (npcIds.length === 0) return worn;
      const rows = await tx
        .select({ npcId: npcEquipment.npcId, itemName: npcEquipment.itemName })
        .from(npcEquipment)
        .where(inArray(npcEquipment.npcId, [...npcIds]));
      for (const r of rows) worn.get(r.npcId)?.push(r.itemName);
      return worn;
    },

    /** What these NPCs carry, by NPC. */
    async carried(npcIds: readonly number[]): Promise<Map<number, CarriedStack[]>> {
      const carried = new Map<number, CarriedStack[]>(npcIds.map((id) => [id, []]));
      if (npcIds.length === 0) return carried;
      const rows = await tx
        .select({ npcId: npcItems.npcId, itemName: npcItems.itemName, quality: npcItems.quality, quantity: npcItems.quantity })
        .from(npcItems)
        .where(inArray(npcItems.npcId, [...npcIds]))
        .orderBy(asc(npcItems.id));
      for (const { npcId, ...stack } of rows) carried.get(npcId)?.push(stack);
      return carried;
    },

    /** Changed stacks of what NPCs carry: new quantities written, emptied stacks removed (one statement each). */
    async saveCarried(stacks: readonly (CarriedStack & { npcId: number })[]): Promise<void> {
      if (stacks.length === 0) return;
      await tx.execute(sql`
        insert into ${npcItems} (npc_id, item_name, quality, quantity)
        select * from unnest(
          ${intArray(stacks.map((s) => s.npcId))}::int[], ${textArray(stacks.map((s) => s.itemName))}::text[],
          ${intArray(stacks.map((s) => s.quality))}::int[], ${intArray(stacks.map((s) => Math.max(0, s.quantity)))}::bigint[])
        on conflict (npc_id, item_name, quality) do update set quantity = excluded.quantity`);
      const emptied = [...new Set(stacks.filter((s) => s.quantity <= 0).map((s) => s.npcId))];
      if (emptied.length) await tx.delete(npcItems).where(and(inArray(npcItems.npcId, emptied), lte(npcItems.quantity, 0)));
    },

    /** These POIs' states, created at their starting significance where new, locked until the transaction ends. */
    async lockPois(worldId: string, pois: readonly { id: string; starting: number }[], now: Date): Promise<PoiStateRow[]> {
      if (pois.length === 0) return [];
      const lock = () =>
        tx
          .select({ poiId: poiStates.poiId, currentSignificance: poiStates.currentSignificance, changedAt: poiStates.changedAt })
          .from(poiStates)
          .where(
            and(
              eq(poiStates.worldId, worldId),
              inArray(
                poiStates.poiId,
                pois.map((p) => p.id),
              ),
            ),
          )
          .orderBy(asc(poiStates.poiId))
          .for('update');
      const rows = await lock();
      if (rows.length === pois.length) return rows;
      // Only the places nobody has touched yet are written (a catch-up locks a few hundred, mostly known).
      const known = new Set(rows.map((r) => r.poiId));
      await tx
        .insert(poiStates)
        .values(
          pois
            .filter((p) => !known.has(p.id))
            .map((p) => ({ worldId, poiId: p.id, currentSignificance: p.starting, changedAt: now })),
        )
        .onConflictDoNothing({ target: [poiStates.worldId, poiStates.poiId] });
      return lock();
    },

    /** Stored POI states, read without locking (for choosing a target; the one searched is locked first). */
    async readPois(worldId: string, ids: readonly string[]): Promise<PoiStateRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select({ poiId: poiStates.poiId, currentSignificance: poiStates.currentSignificance, changedAt: poiStates.changedAt })
        .from(poiStates)
        .where(and(eq(poiStates.worldId, worldId), inArray(poiStates.poiId, [...ids])));
    },

    /** New significances of POIs locked by lockPois. */
    async setPois(worldId: string, rows: readonly { poiId: string; significance: number; changedAt: Date }[]): Promise<void> {
      for (const part of chunks(rows)) {
        await tx
          .insert(poiStates)
          .values(part.map((r) => ({ worldId, poiId: r.poiId, currentSignificance: r.significance, changedAt: r.changedAt })))
          .onConflictDoUpdate({
            target: [poiStates.worldId, poiStates.poiId],
            set: { currentSignificance: sql`excluded.current_significance`, changedAt: sql`excluded.changed_at` },
          });
      }
    },

    /** Cells of a rectangle foraged since `since` (older ones are past their cooldown), keyed "cellX,cellY". */
    async cellsIn(
      worldId: string,
      r: { x0: number; x1: number; y0: number; y1: number },
      since: Date,
    ): Promise<Map<string, Date>> {
      const rows = await tx
        .select()
        .from(npcForageCells)
        .where(
          and(
            eq(npcForageCells.worldId, worldId),
            between(npcForageCells.cellX, r.x0, r.x1),
            between(npcForageCells.cellY, r.y0, r.y1),
            gt(npcForageCells.foragedAt, since),
          ),
        );
      return new Map(rows.map((c) => [`${c.cellX},${c.cellY}`, c.foragedAt]));
    },

    /** When NPCs last foraged these cells (keyed "cellX,cellY"); cells never foraged are absent. */
    async cells(worldId: string, cells: readonly { cellX: number; cellY: number }[]): Promise<Map<string, Date>> {
      if (cells.length === 0) return new Map();
      const rows = await tx
        .select()
        .from(npcForageCells)
        .where(
          and(
            eq(npcForageCells.worldId, worldId),
            inArray(npcForageCells.cellX, [...new Set(cells.map((c) => c.cellX))]),
            inArray(npcForageCells.cellY, [...new Set(cells.map((c) => c.cellY))]),
          ),
        );
      return new Map(rows.map((r) => [`${r.cellX},${r.cellY}`, r.foragedAt]));
    },

    async markCells(worldId: string, cells: readonly { cellX: number; cellY: number; at: Date }[]): Promise<void> {
      if (cells.length === 0) return;
      await tx.execute(sql`
        insert into ${npcForageCells} (world_id, cell_x, cell_y, foraged_at)
        select ${worldId}, * from unnest(
          ${intArray(cells.map((c) => c.cellX))}::int[], ${intArray(cells.map((c) => c.cellY))}::int[],
          ${timeArray(cells.map((c) => c.at))}::timestamptz[])
        on conflict (world_id, cell_x, cell_y) do update set foraged_at = greatest(${npcForageCells.foragedAt}, excluded.foraged_at)`);
    },

    /**
     * The settlement's containers with the units each holds. Only totals: a deposit needs the room, not the stacks,
     * and the locked settlement row already keeps every other change of its storage out (all of them lock it first).
     */
    async containers(settlementId: number) {
      const rows = await tx
        .select({
          id: buildings.id,
          type: buildings.type,
          subtype: buildings.subtype,
          level: buildings.level,
          // Spelled out: inside a select list drizzle drops the table of ${buildings.id}, which the subquery needs.
          used: sql<number>`coalesce((select sum(s.quantity) from storage_items s where s.building_id = buildings.id), 0)::bigint`,
        })
        .from(buildings)
        .where(and(eq(buildings.settlementId, settlementId), eq(buildings.type, 'container')))
        .orderBy(asc(buildings.id));
      return rows.map((r) => ({ ...r, used: Number(r.used) }));
    },

    /** Adds to container stacks, each created or incremented in one statement. */
    async addToContainers(adds: readonly { buildingId: number; itemName: string; quality: number; quantity: number }[]) {
      if (adds.length === 0) return;
      await tx
        .insert(storageItems)
        .values(adds.map((a) => ({ buildingId: a.buildingId, itemName: a.itemName, quality: a.quality, quantity: a.quantity })))
        .onConflictDoUpdate({
          target: [storageItems.buildingId, storageItems.itemName, storageItems.quality],
          set: { quantity: sql`${storageItems.quantity} + excluded.quantity` },
        });
    },

    async saveNpc(id: number, progress: NpcProgress): Promise<void> {
      await tx.update(npcs).set(progress).where(eq(npcs.id, id));
    },
  };
}
export type NpcSimOps = ReturnType<typeof npcSimOps>;

export function npcSimRepo(db: Db) {
  return {
    transaction<T>(fn: (ops: NpcSimOps) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(npcSimOps(tx)));
    },

    /**
     * NPCs with something to do at `now`, in time order: phases that ended (oldest first), then idle NPCs given work
     * (no end time; they start now). Both halves are served by an index (npcs_due_idx, npcs_idle_worker_idx).
     * `skipSettlements`: settlements this round is done with (or gave up on for now). `worldIds`: only these worlds'
     * (the ones this process simulates; every world when absent).
     */
    async due(
      now: Date,
      limit: number,
      skipSettlements: readonly number[] = [],
      worldIds?: readonly string[],
    ): Promise<DueNpc[]> {
      return db
        .select({ id: npcs.id, worldId: npcs.worldId, settlementId: npcs.settlementId, phaseEndsAt: npcs.phaseEndsAt })
        .from(npcs)
        .where(
          and(
            dueWhere(now),
            skipSettlements.length ? notInArray(npcs.settlementId, [...skipSettlements]) : undefined,
            worldIds ? inArray(npcs.worldId, [...worldIds]) : undefined,
          ),
        )
        .orderBy(sql`${npcs.phaseEndsAt} asc nulls last`, asc(npcs.id))
        .limit(limit);
    },

    /**
     * The worlds with something to simulate: those with a settlement (its NPCs and its clock live there), each with
     * `hashtext(id)`, the key of its lease (api/modules/npcs/lease.ts).
     */
    async worldsToSimulate(): Promise<{ id: string; key: number }[]> {
      const rows = await db
        .selectDistinct({ id: settlements.worldId, key: sql<number>`hashtext(${settlements.worldId})` })
        .from(settlements);
      return rows.map((r) => ({ id: r.id, key: Number(r.key) })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    },

    /**
     * Forgets forage cells whose cooldown ended before `before` (they are ready either way), in `worldIds` only when
     * given (the worlds this process simulates: another process may still be catching up in its own).
     */
    async pruneCells(before: Date, worldIds?: readonly string[]): Promise<number> {
      const gone = await db
        .delete(npcForageCells)
        .where(and(lt(npcForageCells.foragedAt, before), worldIds ? inArray(npcForageCells.worldId, [...worldIds]) : undefined))
        .returning({ worldId: npcForageCells.worldId });
      return gone.length;
    },
  };
}
export type NpcSimRepo = ReturnType<typeof npcSimRepo>;
