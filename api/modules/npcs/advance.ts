/**
 * A settlement's NPCs brought up to date in one transaction: the rows locked (settlement, its NPCs, then the POIs
 * they search and the storage they fill), every phase that ended stepped in time order across its NPCs with the pure
 * planner (api/game/npc-sim.ts), and everything written back at once. Live that is one phase of one NPC; after a
 * restart or a day offline it is every phase missed, a slice of game time per transaction, with what the NPCs could
 * touch read up front, so a catch-up costs a handful of queries per settlement and slice instead of per phase.
 */
import type { CarriedStack, NpcRow, NpcSimOps, NpcSimRepo, SettlementRef } from '../../../db/repos/npc-sim.ts';
import { TILE_SIZE } from '../../../core-wasm/index.ts';
import type { LootItem } from '../../contract/items.ts';
import { npcTools } from '../../game/npc-equipment.ts';
import {
  dueAt,
  isDue,
  type Journey,
  type NpcPhase,
  type NpcSimState,
  POI_SEARCH_UNITS,
  type StepEffects,
  step,
} from '../../game/npc-sim.ts';
import { JOURNEY_MAX_TILES } from '../../game/npcs.ts';
import type { StorageCategory } from '../../contract/items.ts';
import { categoryOf, type Stack } from '../../game/settlements.ts';
import { type ContainerState, planDeposit, room } from '../../game/storage.ts';
import { type PoiAtlas, TxWorld } from './sim-world.ts';

/**
 * Game time one transaction steps a settlement through at most (times NPC_TIME_SCALE): a catch-up goes round the
 * settlements slice by slice in time order, so neighbours see each other's searches at most a slice out of turn.
 */
export const SLICE_MS = 6 * 60 * 60 * 1000;
/** Behind by more than this (times the scale), a transaction reads everything its NPCs could touch up front. */
export const PREFETCH_AFTER_MS = 10 * 60 * 1000;
/** Phases per transaction at most: a safety net (a six-hour slice of ten NPCs holds about 5,500). */
export const MAX_PHASES_PER_TX = 20_000;
/** Loads the planner may ask for within one phase (a target, then candidates): more means a bug, not a busy NPC. */
const MAX_LOADS_PER_PHASE = 4;
/** How far from home an NPC's targets (and the POIs around them) can be. */
const REACH_UNITS = JOURNEY_MAX_TILES * TILE_SIZE + POI_SEARCH_UNITS;

/** What one NPC did in a transaction. */
export interface Advanced {
  npcId: number;
  worldId: string;
  state: NpcSimState;
  phases: number;
  /** Journeys begun, in order (the last may still be under way). */
  journeys: Journey[];
  arrivals: NonNullable<StepEffects['arrival']>[];
}

export interface SettlementAdvance {
  settlement: SettlementRef;
  npcs: Advanced[];
  phases: number;
  /** Units put into storage. */
  deposited: number;
  changedPois: ReturnType<TxWorld['changedPois']>;
}

export function toSimState(n: NpcRow): NpcSimState {
  return {
    assignment: n.assignment,
    status: n.status,
    x: n.x,
    y: n.y,
    seed: n.seed,
    cycle: n.cycle,
    attempt: n.attempt,
    cycleStartedAt: n.cycleStartedAt?.getTime() ?? null,
    phase: (n.phase as NpcPhase | null) ?? null,
    phaseStartedAt: n.phaseStartedAt?.getTime() ?? null,
    phaseEndsAt: n.phaseEndsAt?.getTime() ?? null,
    startX: n.startX,
    startY: n.startY,
    targetX: n.targetX,
    targetY: n.targetY,
    targetPoiId: n.targetPoiId,
  };
}

const date = (ms: number | null) => (ms === null ? null : new Date(ms));
/** When the NPC's next step happens (an idle NPC given work: now), or never. */
const when = (s: NpcSimState, now: number) => (isDue(s, now) ? dueAt(s, now) : Number.POSITIVE_INFINITY);

/**
 * What an NPC carries, as stacks the storage planner can move (ids are positions, stable within the transaction),
 * by category: with storage full an NPC can carry thousands of stacks, and a deposit looks only where there is room.
 */
class Load {
  private readonly byCategory = new Map<StorageCategory, Map<string, Stack>>();
  private size = 0;
  private units = 0;
  /** Stacks changed in this transaction: only these are written back. */
  readonly dirty = new Set<Stack>();

  constructor(initial: readonly CarriedStack[]) {
    for (const s of initial) this.put({ id: 0, ...s });
  }

  private put(s: Stack): Stack {
    const category = categoryOf(s.itemName);
    let stacks = this.byCategory.get(category);
    if (!stacks) this.byCategory.set(category, (stacks = new Map()));
    this.size += 1;
    s.id = this.size;
    stacks.set(`${s.itemName}|${s.quality}`, s);
    this.units += s.quantity;
    return s;
  }

  add(items: readonly LootItem[]): void {
    for (const i of items) {
      const same = this.byCategory.get(categoryOf(i.itemName))?.get(`${i.itemName}|${i.metadata.quality}`);
      if (same) {
        same.quantity += i.quantity;
        this.units += i.quantity;
        this.dirty.add(same);
      } else {
        this.dirty.add(this.put({ id: 0, itemName: i.itemName, quality: i.metadata.quality, quantity: i.quantity }));
      }
    }
  }

  take(stack: Stack, quantity: number): void {
    stack.quantity -= quantity;
    this.units -= quantity;
    this.dirty.add(stack);
  }

  /** Stacks of these categories still held. */
  heldIn(categories: Iterable<StorageCategory>): Stack[] {
    const out: Stack[] = [];
    for (const c of categories) for (const s of this.byCategory.get(c)?.values() ?? []) if (s.quantity > 0) out.push(s);
    return out;
  }

  get empty(): boolean {
    return this.units <= 0;
  }
}

type Add = { buildingId: number; itemName: string; quality: number; quantity: number };

/** The settlement's storage for this transaction: locked on first use, filled in memory, written once. */
class Storage {
  private containers: ContainerState[] | null = null;
  /** Free units per category: an NPC whose load has no room anywhere is not planned for at all. */
  private readonly free = new Map<StorageCategory, number>();
  readonly adds = new Map<string, Add>();
  deposited = 0;

  constructor(
    private readonly ops: NpcSimOps,
    private readonly settlementId: number,
  ) {}

  /** Hands what fits to the containers of its category (the player's planDeposit); the rest stays on the NPC. */
  async deposit(load: Load): Promise<void> {
    if (!this.containers) {
      // Each container as one stack of its total: planDeposit reads room, never the stacks themselves.
      this.containers = (await this.ops.containers(this.settlementId)).map((c) => ({
        id: c.id,
        subtype: c.subtype!,
        level: c.level,
        stacks: [{ id: -1, itemName: '', quality: 0, quantity: c.used }],
      }));
      for (const c of this.containers) this.free.set(c.subtype, (this.free.get(c.subtype) ?? 0) + room(c));
    }
    const held = load.heldIn([...this.free].filter(([, units]) => units > 0).map(([category]) => category));
    if (held.length === 0) return;
    const byId = new Map(held.map((s) => [s.id, s]));
    for (const m of planDeposit(held, this.containers).moves) {
      const container = this.containers.find((c) => c.id === m.toContainerId)!;
      container.stacks[0]!.quantity += m.quantity;
      this.free.set(container.subtype, this.free.get(container.subtype)! - m.quantity);
      load.take(byId.get(m.fromStackId)!, m.quantity);
      const key = `${container.id}|${m.itemName}|${m.quality}`;
      const add = this.adds.get(key);
      if (add) add.quantity += m.quantity;
      else this.adds.set(key, { buildingId: container.id, itemName: m.itemName, quality: m.quality, quantity: m.quantity });
      this.deposited += m.quantity;
    }
  }
}

/**
 * Steps a settlement's due NPCs towards `now` (a slice at most) in one transaction, always the one whose phase ended
 * first. Null when the settlement is gone; NPCs no longer due (another process ran them) are left out.
 */
export async function advanceSettlement(
  repo: NpcSimRepo,
  target: { settlementId: number; worldId: string },
  now: number,
  deps: { atlas: (worldId: string) => Promise<PoiAtlas | null>; timeScale: number },
): Promise<SettlementAdvance | null> {
  // Before the transaction: a world seen for the first time is read from the database, which embedded PGlite
  // would only answer once the transaction ended.
  const atlas = await deps.atlas(target.worldId);
  if (!atlas) return null;
  return repo.transaction(async (ops) => {
    const settlement = await ops.lockSettlement(target.settlementId);
    if (!settlement || settlement.worldId !== target.worldId) return null;
    const rows = (await ops.lockNpcs(settlement.id, new Date(now))).filter((n) => isDue(toSimState(n), now));
    const out: SettlementAdvance = { settlement, npcs: [], phases: 0, deposited: 0, changedPois: [] };
    if (rows.length === 0) return out;

    const npcs = rows.map((row) => ({
      row,
      state: toSimState(row),
      tools: npcTools([]),
      load: null as Load | null,
      done: { npcId: row.id, worldId: row.worldId, phases: 0, journeys: [], arrivals: [] } as Omit<Advanced, 'state'>,
    }));
    const first = Math.min(...npcs.map((n) => when(n.state, now)));
    const until = Math.min(now, first + SLICE_MS * deps.timeScale);
    const home = { x: settlement.x, y: settlement.y };
    const world = new TxWorld(settlement.worldId, atlas, ops);
    if (until - first > PREFETCH_AFTER_MS * deps.timeScale) await world.prefetch(home, REACH_UNITS, first);
    // Tools matter to scavengers only (foraging takes none): a forager's step reads no gear.
    const scavengers = npcs.filter((n) => n.state.assignment === 'scavenge' || n.state.phase === 'scavenge');
    const worn = await ops.wornItemNames(scavengers.map((n) => n.row.id));
    for (const n of scavengers) n.tools = npcTools((worn.get(n.row.id) ?? []).map((itemName) => ({ itemName })));
    let carried: Map<number, CarriedStack[]> | null = null;
    const loadOf = async (n: (typeof npcs)[number]) => {
      carried ??= await ops.carried(rows.map((r) => r.id));
      n.load ??= new Load(carried.get(n.row.id) ?? []);
      return n.load;
    };
    const storage = new Storage(ops, settlement.id);

    for (;;) {
      // The NPC whose phase ended first (ties by id): the settlement's NPCs interleave exactly as they would live.
      let next: (typeof npcs)[number] | null = null;
      for (const n of npcs) if (when(n.state, now) <= until && (!next || when(n.state, now) < when(next.state, now))) next = n;
      if (!next || out.phases >= MAX_PHASES_PER_TX) break;
      const n = next;
      const at = when(n.state, now);
      if (n.state.phase === 'scavenge' && n.state.targetPoiId) await world.lockPoi(n.state.targetPoiId, at);
      const ctx = { home, at, world, tools: n.tools, timeScale: deps.timeScale };
      let result = step(n.state, ctx);
      for (let loads = 0; 'need' in result; loads++) {
        if (loads >= MAX_LOADS_PER_PHASE) throw new Error(`NPC ${n.row.id}: the planner keeps asking for state`);
        await world.load(result.need);
        result = step(n.state, ctx);
      }
      const { effects } = result;
      if (effects.found.length) (await loadOf(n)).add(effects.found);
      if (effects.poi) world.setPoi(effects.poi.id, effects.poi.significance, at);
      if (effects.foraged) world.markForaged(effects.foraged.cellX, effects.foraged.cellY, at);
      if (effects.deposit) {
        const load = await loadOf(n);
        if (!load.empty) await storage.deposit(load);
      }
      if (effects.arrival) n.done.arrivals.push(effects.arrival);
      if (effects.journey) n.done.journeys.push(effects.journey);
      n.state = result.state;
      n.done.phases += 1;
      out.phases += 1;
    }

    await world.flush();
    await ops.addToContainers([...storage.adds.values()]);
    await ops.saveCarried(npcs.flatMap((n) => [...(n.load?.dirty ?? [])].map((s) => ({ npcId: n.row.id, ...s }))));
    for (const n of npcs) {
      if (n.done.phases === 0) continue;
      const s = n.state;
      await ops.saveNpc(n.row.id, {
        status: s.status,
        x: s.x,
        y: s.y,
        cycle: s.cycle,
        attempt: s.attempt,
        cycleStartedAt: date(s.cycleStartedAt),
        phase: s.phase,
        phaseStartedAt: date(s.phaseStartedAt),
        phaseEndsAt: date(s.phaseEndsAt),
        startX: s.startX,
        startY: s.startY,
        targetX: s.targetX,
        targetY: s.targetY,
        targetPoiId: s.targetPoiId,
      });
      out.npcs.push({ ...n.done, state: s });
    }
    out.deposited = storage.deposited;
    out.changedPois = world.changedPois();
    return out;
  });
}
