/**
 * Settlements set up for raids and upkeep: containers filled through the database, NPCs placed in beds,
 * and the raid a settlement should get computed with the same pure rules the server runs (api/game/raids.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  bedAssignments,
  buildings,
  npcEquipment,
  npcs,
  settlements,
  storageItems,
  storageLedger,
  worlds,
} from '../../db/schema/index.ts';
import type { LedgerReason } from '../../db/repos/settlement-sim.ts';
import type { StorageCategory } from '../contract/items.ts';
import type { NpcAssignment } from '../game/npcs.ts';
import { worldDayEpoch } from '../game/day-night.ts';
import { nightOf, quietNights, type RaidPlan, raidPlan } from '../game/raids.ts';

export interface Stock {
  itemName: string;
  quality: number;
  quantity: number;
}

export class RaidSetup {
  constructor(
    readonly db: Db,
    readonly settlementId: number,
  ) {}

  async row() {
    return (await this.db.select().from(settlements).where(eq(settlements.id, this.settlementId)))[0]!;
  }

  /** A container of `subtype` holding `items`. */
  async container(subtype: StorageCategory, items: Stock[] = [], level = 0): Promise<number> {
    const [c] = await this.db
      .insert(buildings)
      .values({ settlementId: this.settlementId, type: 'container', subtype, name: subtype, level })
      .returning();
    if (items.length) await this.db.insert(storageItems).values(items.map((i) => ({ buildingId: c!.id, ...i })));
    return c!.id;
  }

  /**
   * A recruited NPC in a new bed, at home, idle on `defend` unless told otherwise, wearing `gear`. `dueAt` makes its
   * first step happen at that moment; without it a worker starts whenever the simulation first sees it.
   */
  async npc(name: string, opts: { assignment?: NpcAssignment; gear?: Stock[]; seed?: number; dueAt?: number } = {}) {
    const s = await this.row();
    const [bed] = await this.db
      .insert(buildings)
      .values({ settlementId: s.id, type: 'bed', name: `Bed ${name}` })
      .returning();
    const [n] = await this.db
      .insert(npcs)
      .values({
        worldId: s.worldId,
        settlementId: s.id,
        bedId: bed!.id,
        name,
        description: 'A survivor.',
        assignment: opts.assignment ?? 'defend',
        x: s.x,
        y: s.y,
        seed: opts.seed ?? 4242,
        phaseEndsAt: opts.dueAt === undefined ? null : new Date(opts.dueAt),
      })
      .returning();
    await this.db.insert(bedAssignments).values({ bedId: bed!.id, worldId: s.worldId, settlementId: s.id, npcId: n!.id });
    const slots = ['vision', 'communication', 'tool', 'light', 'device', 'other'] as const;
    for (const [i, g] of (opts.gear ?? []).entries()) {
      await this.db.insert(npcEquipment).values({ npcId: n!.id, slot: slots[i]!, itemName: g.itemName, quality: g.quality });
    }
    return n!;
  }

  /** What the containers of `subtype` (or all) hold, by item and quality. */
  async stored(subtype?: StorageCategory): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ itemName: storageItems.itemName, quality: storageItems.quality, quantity: storageItems.quantity })
      .from(storageItems)
      .innerJoin(buildings, eq(buildings.id, storageItems.buildingId))
      .where(and(eq(buildings.settlementId, this.settlementId), subtype ? eq(buildings.subtype, subtype) : undefined));
    const m = new Map<string, number>();
    for (const r of rows) m.set(`${r.itemName}|${r.quality}`, (m.get(`${r.itemName}|${r.quality}`) ?? 0) + Number(r.quantity));
    return m;
  }

  /** Units per container, by container id. */
  async perContainer(): Promise<Map<number, number>> {
    const rows = await this.db
      .select({ id: buildings.id, units: sql<number>`coalesce(sum(${storageItems.quantity}), 0)::int` })
      .from(buildings)
      .leftJoin(storageItems, eq(storageItems.buildingId, buildings.id))
      .where(and(eq(buildings.settlementId, this.settlementId), eq(buildings.type, 'container')))
      .groupBy(buildings.id);
    return new Map(rows.map((r) => [r.id, Number(r.units)]));
  }

  /** Units the ledger records for this settlement (of one reason, one source), by item and quality. */
  async ledger(reason?: LedgerReason, source?: 'storage' | 'pack'): Promise<Map<string, number>> {
    return (await this.ledgerLines(reason, source)).reduce((m, r) => {
      const k = `${r.itemName}|${r.quality}`;
      return m.set(k, (m.get(k) ?? 0) + Number(r.quantity));
    }, new Map<string, number>());
  }

  /** The ledger's lines for this settlement, in the order written. */
  async ledgerLines(reason?: LedgerReason, source?: 'storage' | 'pack') {
    return this.db
      .select()
      .from(storageLedger)
      .where(
        and(
          eq(storageLedger.settlementId, this.settlementId),
          reason ? eq(storageLedger.reason, reason) : undefined,
          source ? eq(storageLedger.source, source) : undefined,
        ),
      )
      .orderBy(storageLedger.id);
  }

  /**
   * The first raid the settlement draws from its founding, holding `wealthAbove` all along, with nobody online (the
   * rules of api/game/raids.ts, run here as the server runs them).
   */
  async firstRaid(wealthAbove: number, dayCycleMs: number, timeScale: number): Promise<RaidPlan> {
    const s = await this.row();
    const [world] = await this.db.select().from(worlds).where(eq(worlds.id, s.worldId));
    const epochMs = worldDayEpoch(s.worldId, world!.seed, dayCycleMs);
    const foundedAt = s.createdAt.getTime();
    for (let night = nightOf(foundedAt, dayCycleMs, epochMs) + 1; ; night++) {
      const plan = raidPlan({
        seed: s.seed,
        night,
        foundedAt,
        wealthAbove,
        quietNights: quietNights(night, null, foundedAt, dayCycleMs, epochMs),
        dayCycleMs,
        epochMs,
        timeScale,
      });
      if (plan) return plan;
    }
  }
}

export const units = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
