/**
 * A settlement's NPCs brought up to date in one transaction: the rows locked (settlement, its NPCs, then the POIs
 * they search and the storage they fill), every phase that ended stepped in time order across its NPCs with the pure
 * planner (api/game/npc-sim.ts), and everything written back at once. Live that is one phase of one NPC; after a
 * restart or a day offline it is every phase missed, a slice of game time per transaction, with what the NPCs could
 * touch read up front, so a catch-up costs a handful of queries per settlement and slice instead of per phase.
 */
import { skillsOf } from '../../game/npc-skills.ts';
import type { CarriedStack, NpcRow, NpcSimOps, NpcSimRepo, SettlementRef } from '../../../db/repos/npc-sim.ts';
import type { ContainerStacks, LedgerLine, StoredStack } from '../../../db/repos/settlement-sim.ts';
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
import { type ContainerState, handInOrder, planDeposit, room } from '../../game/storage.ts';
import { type PoiAtlas, TxWorld } from './sim-world.ts';
import { CraftBench } from './craft-events.ts';
import { SettlementEvents, type SettlementNotice, storedNotice, type TxStorage } from './settlement-events.ts';
import { conditionOf, HUNGRY_WORK_FACTOR } from '../../game/upkeep.ts';

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

/** Who is present in a world now and where they stand (the live layer's view, on every process). */
export type Presence = (worldId: string) => Promise<{ id: string; x: number; y: number }[]>;

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
  /** Raids, meals and conditions to tell the members (./settlement-events.ts). */
  notices: SettlementNotice[];
  /** Storage changed other than by deposits (meals, raids, medicine, an NPC's gear returned). */
  storageChanged: boolean;
  /** Who to tell of the notices (the founder and bed holders), read only when there are some. */
  memberIds: string[];
  /** Still behind `now` after this transaction (a catch-up goes slice by slice): to be advanced again. */
  behind: boolean;
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

  /** Stacks of these categories still held, in the order they are handed in (handInOrder). */
  heldIn(categories: Iterable<StorageCategory>): Stack[] {
    const out: Stack[] = [];
    for (const c of categories) for (const s of this.byCategory.get(c)?.values() ?? []) if (s.quantity > 0) out.push(s);
    return handInOrder(out);
  }

  get empty(): boolean {
    return this.units <= 0;
  }
}

type Add = { buildingId: number; itemName: string; quality: number; quantity: number };

/**
 * The settlement's storage for this transaction (the settlement row locked keeps every other change of it out): read on
 * first use, changed in memory, written once at the end. NPC deposits need only each container's room, so until an
 * event (a meal, a raid) needs the stacks themselves only the totals are read; from then on the stacks are held here and
 * deposits and events change them in time order. Reading and writing the stacks around every event instead cost a
 * catch-up five queries per settlement and in-game day (`bun run bench npcs`, raids and upkeep).
 */
class Storage implements TxStorage {
  /** Each container as one stack of its total, for planDeposit; null when not read yet or changed by an event. */
  private totals: ContainerState[] | null = null;
  /** Free units per category: an NPC whose load has no room anywhere is not planned for at all. */
  private readonly free = new Map<StorageCategory, number>();
  /** Deposits made before the stacks were read, written as increments. */
  private readonly adds = new Map<string, Add>();
  /** The stacks, once an event has needed them, and their quantities as read (what is written back is the change). */
  private model: ContainerStacks[] | null = null;
  private readonly read = new Map<StoredStack, number>();
  private readonly ledgerLines: LedgerLine[] = [];
  deposited = 0;

  constructor(
    private readonly ops: NpcSimOps,
    private readonly settlementId: number,
  ) {}

  async stacks(): Promise<ContainerStacks[]> {
    if (!this.model) {
      const model = await this.ops.containerStacks(this.settlementId);
      for (const c of model) for (const st of c.stacks) this.read.set(st, st.quantity);
      // What NPCs deposited before now is part of the storage an event sees (and is written as the stacks' change).
      for (const a of this.adds.values()) {
        const c = model.find((x) => x.id === a.buildingId);
        if (c) putOnto(c, a.itemName, a.quality, a.quantity);
      }
      this.adds.clear();
      this.model = model;
    }
    return this.model;
  }

  take(stack: StoredStack, quantity: number): void {
    stack.quantity -= quantity;
    this.totals = null;
  }

  put(container: ContainerStacks, itemName: string, quality: number, quantity: number): void {
    putOnto(container, itemName, quality, quantity);
    this.totals = null;
  }

  ledger(lines: readonly LedgerLine[]): void {
    this.ledgerLines.push(...lines);
  }

  /** Hands what fits to the containers of its category (the player's planDeposit); the rest stays on the NPC. */
  /** What it stored, by item (units), for the members' "back with …" notice. */
  async deposit(load: Load): Promise<Map<string, number>> {
    const stored = new Map<string, number>();
    if (!this.totals) {
      // Each container as one stack of its total: planDeposit reads room, never the stacks themselves.
      const used = this.model
        ? this.model.map((c) => ({ ...c, used: c.stacks.reduce((sum, st) => sum + st.quantity, 0) }))
        : await this.ops.containers(this.settlementId);
      this.totals = used.map((c) => ({
        id: c.id,
        subtype: c.subtype!,
        level: c.level,
        stacks: [{ id: -1, itemName: '', quality: 0, quantity: c.used }],
      }));
      this.free.clear();
      for (const c of this.totals) this.free.set(c.subtype, (this.free.get(c.subtype) ?? 0) + room(c));
    }
    const held = load.heldIn([...this.free].filter(([, units]) => units > 0).map(([category]) => category));
    if (held.length === 0) return stored;
    const byId = new Map(held.map((st) => [st.id, st]));
    for (const m of planDeposit(held, this.totals).moves) {
      const container = this.totals.find((c) => c.id === m.toContainerId)!;
      container.stacks[0]!.quantity += m.quantity;
      this.free.set(container.subtype, this.free.get(container.subtype)! - m.quantity);
      load.take(byId.get(m.fromStackId)!, m.quantity);
      this.deposited += m.quantity;
      stored.set(m.itemName, (stored.get(m.itemName) ?? 0) + m.quantity);
      if (this.model) {
        putOnto(this.model.find((c) => c.id === container.id)!, m.itemName, m.quality, m.quantity);
        continue;
      }
      const key = `${container.id}|${m.itemName}|${m.quality}`;
      const add = this.adds.get(key);
      if (add) add.quantity += m.quantity;
      else this.adds.set(key, { buildingId: container.id, itemName: m.itemName, quality: m.quality, quantity: m.quantity });
    }
    return stored;
  }

  /** Writes what changed: stacks grown as increments (new ones created), stacks shrunk as decrements, the ledger. */
  async write(): Promise<void> {
    const grown: Add[] = [...this.adds.values()];
    const shrunk: { id: number; quantity: number }[] = [];
    for (const c of this.model ?? []) {
      for (const st of c.stacks) {
        const change = st.quantity - (this.read.get(st) ?? 0);
        if (change > 0) grown.push({ buildingId: c.id, itemName: st.itemName, quality: st.quality, quantity: change });
        else if (change < 0) shrunk.push({ id: st.id, quantity: -change });
      }
    }
    await this.ops.addToContainers(grown);
    if (shrunk.length) await this.ops.takeStacks(shrunk);
    await this.ops.ledger(this.settlementId, this.ledgerLines);
  }
}

/** Units onto a container's stack of that item and quality (a new stack, written as one, when it has none). */
function putOnto(container: ContainerStacks, itemName: string, quality: number, quantity: number): void {
  const same = container.stacks.find((st) => st.itemName === itemName && st.quality === quality);
  if (same) same.quantity += quantity;
  else container.stacks.push({ id: -1, itemName, quality, quantity });
}

/**
 * Steps a settlement's due NPCs towards `now` (a slice at most) in one transaction, always the one whose phase ended
 * first. Null when the settlement is gone; NPCs no longer due (another process ran them) are left out.
 */
export async function advanceSettlement(
  repo: NpcSimRepo,
  target: { settlementId: number; worldId: string },
  now: number,
  deps: {
    atlas: (worldId: string) => Promise<PoiAtlas | null>;
    /** Where the world's day starts (api/game/day-night.ts, worldDayEpoch). */
    dayEpoch: (worldId: string) => Promise<number | null>;
    timeScale: number;
    dayCycleMs: number;
    /** Events within this long before `now` happen live (members online count; they are told). */
    liveWindowMs: number;
    presence: Presence;
  },
): Promise<SettlementAdvance | null> {
  // Before the transaction: a world seen for the first time is read from the database, which embedded PGlite
  // would only answer once the transaction ended.
  const atlas = await deps.atlas(target.worldId);
  const epochMs = await deps.dayEpoch(target.worldId);
  if (!atlas || epochMs === null) return null;
  // Who is present, read before the transaction (the live layer may read the database for it).
  const presentNow = await deps.presence(target.worldId);
  return repo.transaction(async (ops) => {
    const settlement = await ops.lockSettlement(target.settlementId);
    if (!settlement || settlement.worldId !== target.worldId) return null;
    const rows = await ops.lockAllNpcs(settlement.id);
    const out: SettlementAdvance = {
      settlement,
      npcs: [],
      phases: 0,
      deposited: 0,
      changedPois: [],
      notices: [],
      storageChanged: false,
      memberIds: [],
      behind: false,
    };

    const npcs = rows.map((row) => ({
      row,
      state: toSimState(row),
      injuredUntil: row.injuredUntil?.getTime() ?? null,
      unfedDays: row.unfedDays,
      gone: false,
      touched: false,
      tools: npcTools([]),
      load: null as Load | null,
      done: { npcId: row.id, worldId: row.worldId, phases: 0, journeys: [], arrivals: [] } as Omit<Advanced, 'state'>,
    }));
    const storage = new Storage(ops, settlement.id);
    const liveSince = now - deps.liveWindowMs;
    const bench = new CraftBench(ops, settlement, await ops.crafting.lockQueue(settlement.id), npcs, storage, {
      live: (at) => at >= liveSince,
      present: presentNow,
    });
    const events = new SettlementEvents(
      ops,
      settlement,
      settlement.clock,
      npcs,
      storage,
      { dayCycleMs: deps.dayCycleMs, epochMs, timeScale: deps.timeScale, liveSince, present: presentNow },
      bench,
    );
    const clockBefore = events.update();
    // A settlement seen for the first time, or whose stored due moment the rules no longer give (a server from before
    // clockOffset kept every settlement's midnight), learns when it is due: else it is found due every round till then.
    const dueStale = settlement.clock.simDueAt?.getTime() !== clockBefore.simDueAt?.getTime();
    const first = Math.min(events.next().at, ...npcs.map((n) => when(n.state, now)));
    if (first > now) {
      // Nothing due (another process ran it, or only the stored due moment was out of date).
      if (dueStale) await ops.saveClock(settlement.id, clockBefore);
      return out;
    }
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

    for (;;) {
      // The NPC whose phase ended first (ties by id): the settlement's NPCs interleave exactly as they would live.
      let next: (typeof npcs)[number] | null = null;
      for (const n of npcs) {
        if (n.gone) continue;
        if (when(n.state, now) <= until && (!next || when(n.state, now) < when(next.state, now))) next = n;
      }
      // The settlement's own event (a meal, a raid) when it comes first: at its moment, as live.
      const event = events.next();
      if (event.at <= until && (!next || event.at <= when(next.state, now))) {
        await events.apply(event);
        continue;
      }
      if (!next || out.phases >= MAX_PHASES_PER_TX) break;
      const n = next;
      const at = when(n.state, now);
      if (n.injuredUntil !== null && n.injuredUntil <= at) {
        // Healed by time: fit again (or hungry), back to its assignment from this step on.
        n.injuredUntil = null;
        n.touched = true;
        const condition = conditionOf(n, at);
        out.notices.push({ kind: 'condition', at, npcId: n.row.id, npcName: n.row.name, condition });
      } else if (n.injuredUntil !== null && (n.state.phase === null || n.state.phase === 'rest')) {
        // Still wounded: it rests at home until healed instead of setting out.
        n.state = { ...n.state, status: 'resting', phase: 'rest', phaseStartedAt: at, phaseEndsAt: n.injuredUntil };
        n.done.phases += 1;
        out.phases += 1;
        continue;
      }
      if (n.state.phase === 'scavenge' && n.state.targetPoiId) await world.lockPoi(n.state.targetPoiId, at);
      // A hungry NPC walks and rests slower (api/game/upkeep.ts).
      const timeScale = deps.timeScale * (n.unfedDays > 0 ? HUNGRY_WORK_FACTOR : 1);
      const ctx = { home, at, world, tools: n.tools, timeScale, skills: skillsOf(n.row.skills, n.row.seed) };
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
        const stored = load.empty ? null : await storage.deposit(load);
        // Back from a work cycle with finds: the members hear what was brought home.
        if (stored?.size && n.state.phase === 'return') {
          const items = [...stored].map(([itemName, quantity]) => ({ itemName, quantity }));
          out.notices.push({ kind: 'returned', at, npcId: n.row.id, npcName: n.row.name, items });
        }
      }
      if (effects.arrival) n.done.arrivals.push(effects.arrival);
      if (effects.journey) n.done.journeys.push(effects.journey);
      n.state = result.state;
      n.done.phases += 1;
      out.phases += 1;
    }

    await world.flush();
    await storage.write();
    const present = npcs.filter((n) => !n.gone);
    await ops.saveCarried(present.flatMap((n) => [...(n.load?.dirty ?? [])].map((s) => ({ npcId: n.row.id, ...s }))));
    for (const n of present) {
      if (n.done.phases === 0 && !n.touched) continue;
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
        injuredUntil: date(n.injuredUntil),
        unfedDays: n.unfedDays,
      });
      out.npcs.push({ ...n.done, state: s });
    }
    if (events.changed(clockBefore) || dueStale) await ops.saveClock(settlement.id, events.update());
    out.deposited = storage.deposited;
    out.changedPois = world.changedPois();
    out.notices.push(...events.notices);
    out.notices.sort((a, b) => a.at - b.at);
    await ops.recordNotices(settlement.id, settlement.worldId, out.notices.flatMap(storedNotice));
    out.storageChanged = events.storageChanged;
    // Who hears the NPCs' walks wherever they are, and the notices.
    if (out.notices.length || out.npcs.some((n) => n.journeys.length || n.arrivals.length)) {
      out.memberIds = (await ops.members(settlement.id, settlement.worldId, settlement.clock.founderId)).map((m) => m.userId);
    }
    out.behind = events.next().at <= now || present.some((n) => isDue(n.state, now));
    return out;
  });
}
