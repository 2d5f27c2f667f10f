/**
 * A settlement's meals, raids and injuries, applied inside the simulation's transaction for that settlement
 * (./advance.ts), interleaved in time order with its NPCs' phases, so a catch-up applies them exactly as live play
 * would. The rules are pure (api/game/raids.ts, upkeep.ts, settlement-clock.ts); this file reads what they need,
 * writes what they decide, records every unit that leaves storage in the ledger, and collects what to tell members.
 */
import type { StoredNotice } from '../../game/away-report.ts';
import { afterUpkeepDay, upkeepOf } from '../../game/building-upkeep.ts';
import { planPayment } from '../../game/settlements.ts';
import { has, MEDIC_INJURY_SHARE, skillsOf } from '../../game/npc-skills.ts';
import type { NpcRow, NpcSimOps, SettlementRef } from '../../../db/repos/npc-sim.ts';
import type {
  ContainerStacks,
  LedgerLine,
  RaidRow,
  SettlementClockRow,
  SettlementClockUpdate,
  StoredStack,
} from '../../../db/repos/settlement-sim.ts';
import type { NpcSimState } from '../../game/npc-sim.ts';
import { AT_PLACE_UNITS } from '../../game/npc-sim.ts';
import type { CraftBench, CraftNotice } from './craft-events.ts';
import {
  type Container,
  defence,
  OFFLINE_RAID_GAP_MS,
  quietNights,
  raidPlan,
  resolveRaid,
  wealthAbove,
} from '../../game/raids.ts';
import { type ClockEvent, nextClockEvent } from '../../game/settlement-clock.ts';
import { categoryOf, containerCapacity, protectedPart, SETTLEMENT_REACH } from '../../game/settlements.ts';
import {
  conditionOf,
  dailyMeals,
  INFIRMARY_HEAL_SHARE,
  INFIRMARY_PATIENTS_PER_DOSE,
  INJURY_HEAL_DAYS,
  type NpcCondition,
  TREATED_HEAL_MS,
  treatment,
} from '../../game/upkeep.ts';

/** An NPC as the transaction holds it: the phase state and its upkeep, changed in memory, written once. */
export interface SimNpc {
  row: NpcRow;
  state: NpcSimState;
  injuredUntil: number | null;
  unfedDays: number;
  /** Left unfed: deleted already, never written back. */
  gone: boolean;
  /** Upkeep or phase changed by an event (written back even without a phase of its own). */
  touched: boolean;
}

export type SettlementNotice =
  | CraftNotice
  | { kind: 'returned'; at: number; npcId: number; npcName: string; items: { itemName: string; quantity: number }[] }
  | { kind: 'warning'; at: number; arriveAt: number; strength: number }
  | { kind: 'result'; at: number; raid: RaidRow }
  | { kind: 'condition'; at: number; npcId: number; npcName: string; condition: NpcCondition | 'left' }
  | { kind: 'decayed'; at: number; buildingId: number; buildingName: string; level: number };

/** A notice as the away report keeps it (api/game/away-report.ts); a warning is not kept: its raid's result is. */
export function storedNotice(n: SettlementNotice): StoredNotice[] {
  switch (n.kind) {
    case 'returned':
      return [{ kind: 'returned', at: n.at, npcName: n.npcName, items: n.items }];
    case 'result': {
      const r = n.raid;
      const losses = r.losses.map((l) => ({ itemName: l.itemName, quantity: l.quantity }));
      return [
        { kind: 'result', at: n.at, outcome: r.outcome, strength: r.strength, defence: r.defence, losses, injured: r.injured },
      ];
    }
    case 'condition':
      return [{ kind: 'condition', at: n.at, npcName: n.npcName, condition: n.condition }];
    case 'craft':
      return [{ kind: 'craft', at: n.at, itemName: n.itemName, quantity: n.quantity }];
    case 'decayed':
      return [{ kind: 'decayed', at: n.at, buildingName: n.buildingName, level: n.level }];
    default:
      return [];
  }
}

/**
 * The settlement's storage as its transaction holds it (./advance.ts): read once under the settlement's lock, changed
 * in memory by the NPCs' deposits and by these events in time order, written back once when the transaction ends.
 */
export interface TxStorage {
  /** Every container with its stacks as they stand at this moment of the transaction (the objects take and put change). */
  stacks(): Promise<ContainerStacks[]>;
  /** Takes units from a stack of stacks(). */
  take(stack: StoredStack, quantity: number): void;
  /** Puts units into a container of stacks(), onto its stack of that item and quality. */
  put(container: ContainerStacks, itemName: string, quality: number, quantity: number): void;
  /** Lines for the storage ledger, written with the stacks. */
  ledger(lines: readonly LedgerLine[]): void;
}

export interface EventDeps {
  dayCycleMs: number;
  /** The world's day epoch (api/game/day-night.ts, worldDayEpoch): meals and raid nights follow the world's clock. */
  epochMs: number;
  timeScale: number;
  /** Events at or after this moment happen live: members online count; before it, a catch-up (everyone away). */
  liveSince: number;
  /** Who is present in the world now (live events only), and where. */
  present: readonly { id: string; x: number; y: number }[];
}

const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
const time = (d: Date | null) => d?.getTime() ?? null;

export class SettlementEvents {
  readonly notices: SettlementNotice[] = [];
  storageChanged = false;
  private readonly clock: SettlementClockRow;

  constructor(
    private readonly ops: NpcSimOps,
    private readonly settlement: SettlementRef,
    clock: SettlementClockRow,
    private readonly npcs: SimNpc[],
    /** The storage as it stands at each event's moment, with what the NPCs deposited before it. */
    private readonly storage: TxStorage,
    private readonly deps: EventDeps,
    private readonly bench: CraftBench | null = null,
  ) {
    this.clock = { ...clock };
  }

  next(): ClockEvent {
    const c = this.clock;
    return nextClockEvent(
      {
        createdAt: c.createdAt.getTime(),
        seed: c.seed,
        upkeepDay: c.upkeepDay,
        raidNight: c.raidNight,
        raid:
          c.raidArriveAt && c.raidWarnAt && c.raidStrength !== null
            ? {
                warnAt: c.raidWarnAt.getTime(),
                arriveAt: c.raidArriveAt.getTime(),
                strength: c.raidStrength,
                warned: c.raidWarned,
              }
            : null,
        craftReadyAt: this.bench?.readyAt() ?? null,
      },
      this.deps.dayCycleMs,
      this.deps.epochMs,
    );
  }

  async apply(e: ClockEvent): Promise<void> {
    if (e.kind === 'meal') await this.meal(e.day, e.at);
    else if (e.kind === 'plan') await this.plan(e.night, e.at);
    else if (e.kind === 'warn') this.warn(e.at);
    else if (e.kind === 'craft') await this.craftDone(e.at);
    else await this.arrive(e.at);
  }

  /** What the settlement row keeps, with when the next event falls due. */
  update(): SettlementClockUpdate {
    const { createdAt: _c, seed: _s, founderId: _f, ...rest } = this.clock;
    return { ...rest, simDueAt: new Date(this.next().at) };
  }

  private async craftDone(at: number): Promise<void> {
    const done = await this.bench?.deliver(at);
    if (!done) return;
    this.notices.push(done.notice);
    if (done.storageChanged) this.storageChanged = true;
  }

  live(at: number): boolean {
    return at >= this.deps.liveSince;
  }

  private stacks(): Promise<ContainerStacks[]> {
    return this.storage.stacks();
  }

  private present(): SimNpc[] {
    return this.npcs.filter((n) => !n.gone);
  }

  /** Tells members when an NPC's condition changed at `at`. */
  private condition(n: SimNpc, at: number, was: NpcCondition): void {
    const now = this.conditionAt(n, at);
    if (now !== was) this.notices.push({ kind: 'condition', at, npcId: n.row.id, npcName: n.row.name, condition: now });
  }

  private conditionAt(n: SimNpc, at: number): NpcCondition {
    return conditionOf(n, at);
  }

  /** Each NPC eats from the food containers; three unfed days in a row and it leaves with its gear put into storage. */
  private async meal(day: number, at: number): Promise<void> {
    this.clock.upkeepDay = day;
    await this.buildingUpkeep(at);
    const eaters = this.present();
    if (eaters.length === 0) return;
    const containers = (await this.stacks()).filter((c) => c.subtype === 'food');
    const food = containers.flatMap((c) => c.stacks);
    const { fed, eaten, leaving } = dailyMeals(
      eaters.map((n) => ({ npcId: String(n.row.id), unfedDays: n.unfedDays })),
      food,
    );
    this.take(food, eaten, 'meal', at);
    for (const f of fed) {
      const n = eaters.find((e) => String(e.row.id) === f.npcId)!;
      const was = this.conditionAt(n, at);
      // A fed NPC that was fed yesterday too has nothing new to write.
      if (n.unfedDays !== f.unfedDays) n.touched = true;
      n.unfedDays = f.unfedDays;
      if (!leaving.includes(f.npcId)) this.condition(n, at, was);
    }
    for (const id of leaving) await this.leave(eaters.find((e) => String(e.row.id) === id)!, at);
  }

  /**
   * A day's upkeep of the workshop and walls, from any container, the lowest quality first; unpaid, a building loses
   * condition and, at none, a level (api/game/building-upkeep.ts), and the members are told.
   */
  private async buildingUpkeep(at: number): Promise<void> {
    const standing = await this.ops.upkeptBuildings(this.settlement.id);
    if (standing.length === 0) return;
    const stacks = (await this.stacks()).flatMap((c) => c.stacks);
    for (const b of standing) {
      const cost = upkeepOf(b);
      if (Object.keys(cost).length === 0) continue;
      const plan = planPayment(
        [],
        stacks.map((s) => ({ ...s, containerId: 0 })),
        cost,
      );
      if (plan.ok) this.take(stacks, plan.takes, 'upkeep', at);
      const next = afterUpkeepDay(b, plan.ok);
      if (next.level !== b.level || next.condition !== b.condition)
        await this.ops.setBuildingState(b.id, next.level, next.condition);
      if (next.lostLevel) this.notices.push({ kind: 'decayed', at, buildingId: b.id, buildingName: b.name, level: next.level });
    }
  }

  /** Takes `wanted` (by item and quality) from `stacks` (of the storage), in the order given, and writes it to the ledger. */
  private take(
    stacks: readonly StoredStack[],
    wanted: readonly { itemName: string; quality: number; quantity: number }[],
    reason: LedgerLine['reason'],
    at: number,
  ): void {
    let taken = 0;
    for (const w of wanted) {
      let left = w.quantity;
      for (const s of stacks) {
        if (left <= 0) break;
        if (s.itemName !== w.itemName || s.quality !== w.quality || s.quantity <= 0) continue;
        const n = Math.min(left, s.quantity);
        this.storage.take(s, n);
        left -= n;
        taken += n;
      }
    }
    if (taken === 0) return;
    this.storage.ledger(wanted.filter((w) => w.quantity > 0).map((w) => ({ at: new Date(at), reason, ...w })));
    this.storageChanged = true;
  }

  /** An NPC unfed too long walks away: what it wears and carries goes into storage where there is room. */
  private async leave(n: SimNpc, at: number): Promise<void> {
    const belongings = await this.ops.belongings(n.row.id);
    const containers = await this.stacks();
    let stored = 0;
    const lost: LedgerLine[] = [];
    for (const b of belongings) {
      let left = b.quantity;
      for (const c of containers) {
        const room = containerCapacity(c.level) - c.stacks.reduce((s, x) => s + x.quantity, 0);
        const put = Math.min(left, room);
        if (put <= 0 || categoryOf(b.itemName) !== c.subtype) continue;
        this.storage.put(c, b.itemName, b.quality, put);
        stored += put;
        left -= put;
      }
      if (left > 0)
        lost.push({ at: new Date(at), reason: 'left_behind', itemName: b.itemName, quality: b.quality, quantity: left });
    }
    this.storage.ledger(lost);
    await this.ops.npcLeaves(n.row.id);
    n.gone = true;
    if (stored > 0) this.storageChanged = true;
    this.notices.push({ kind: 'condition', at, npcId: n.row.id, npcName: n.row.name, condition: 'left' });
  }

  /** Noon before a night (at the settlement's offset): that night's raid is drawn from what it holds now, or none comes. */
  private async plan(night: number, at: number): Promise<void> {
    this.clock.raidNight = night;
    const containers = toContainers(await this.stacks());
    const wealth = wealthAbove(containers, protectedPart(await this.ops.unlockedLevel(this.settlement.id, 'storehouse')));
    if (wealth <= 0) return;
    const lastRaidAt = time(this.clock.lastRaidAt);
    if ((await this.onlineMembers(at)).length === 0 && lastRaidAt !== null && at - lastRaidAt < OFFLINE_RAID_GAP_MS) return;
    const plan = raidPlan({
      seed: this.clock.seed,
      night,
      foundedAt: this.clock.createdAt.getTime(),
      wealthAbove: wealth,
      quietNights: quietNights(
        night,
        this.clock.lastRaidNight,
        this.clock.createdAt.getTime(),
        this.deps.dayCycleMs,
        this.deps.epochMs,
      ),
      dayCycleMs: this.deps.dayCycleMs,
      epochMs: this.deps.epochMs,
      timeScale: this.deps.timeScale,
      watchtower: (await this.ops.unlockedLevel(this.settlement.id, 'watchtower')) >= 1,
    });
    if (!plan) return;
    this.clock.raidWarnAt = new Date(plan.warnAt);
    this.clock.raidArriveAt = new Date(plan.arriveAt);
    this.clock.raidStrength = plan.strength;
    this.clock.raidWarned = false;
  }

  private warn(at: number): void {
    this.clock.raidWarned = true;
    this.notices.push({
      kind: 'warning',
      at,
      arriveAt: this.clock.raidArriveAt!.getTime(),
      strength: this.clock.raidStrength!,
    });
  }

  /** The raiders arrive: defenders fight with the ammunition there is, the outcome is applied and recorded. */
  private async arrive(at: number): Promise<void> {
    const strength = this.clock.raidStrength!;
    const night = this.clock.raidNight!;
    const warnedAt = this.clock.raidWarnAt!;
    this.clock.raidWarnAt = null;
    this.clock.raidArriveAt = null;
    this.clock.raidStrength = null;
    this.clock.raidWarned = false;
    this.clock.lastRaidNight = night;
    this.clock.lastRaidAt = new Date(at);

    const home = { x: this.settlement.x, y: this.settlement.y };
    const defenders = this.present().filter(
      (n) =>
        n.state.assignment === 'defend' &&
        n.state.phase === null &&
        dist(n.state, home) < AT_PLACE_UNITS &&
        !(n.injuredUntil !== null && n.injuredUntil > at),
    );
    const worn = await this.ops.wornItemNames(defenders.map((n) => n.row.id));
    const online = await this.onlineMembers(at);
    const standing = online.filter((m) => dist(m, home) <= SETTLEMENT_REACH);

    const stored = await this.stacks();
    const ammoStacks = stored
      .filter((c) => c.subtype === 'ammo')
      .flatMap((c) => c.stacks)
      .sort((a, b) => a.quality - b.quality);
    const fight = defence({
      npcs: defenders.map((n) => ({
        id: String(n.row.id),
        gear: worn.get(n.row.id)?.length ?? 0,
        guard: has(skillsOf(n.row.skills, n.row.seed), 'guard'),
      })),
      players: standing.length,
      containers: toContainers(stored),
      ammo: ammoStacks.reduce((s, a) => s + a.quantity, 0),
      walls: await this.ops.wallsLevel(this.settlement.id),
    });
    this.take(ammoStacks, fired(ammoStacks, fight.ammoSpent), 'ammo', at);

    const outcome = resolveRaid({
      seed: this.clock.seed,
      night,
      strength,
      rating: fight.rating,
      defenders: defenders.map((n) => ({ id: String(n.row.id) })),
      containers: toContainers(stored),
      membersOnline: online.length > 0,
      protectedUnits: protectedPart(await this.ops.unlockedLevel(this.settlement.id, 'storehouse')),
    });
    for (const c of stored) {
      const lost = outcome.losses
        .filter((l) => l.containerId === String(c.id))
        .map(({ itemName, quality, quantity }) => ({ itemName, quality, quantity }));
      this.take(c.stacks, lost, 'raid', at);
    }
    const injured = await this.injure(outcome.injured, at);
    const raid = await this.ops.recordRaid({
      settlementId: this.settlement.id,
      worldId: this.settlement.worldId,
      night,
      warnedAt,
      arrivedAt: new Date(at),
      strength,
      defence: fight.rating,
      outcome: outcome.outcome,
      losses: merged(outcome.losses.map(({ itemName, quality, quantity }) => ({ itemName, quality, quantity }))),
      ammoSpent: fight.ammoSpent,
      injured,
    });
    if (raid) this.notices.push({ kind: 'result', at, raid });
  }

  /** Wounded defenders rest; the medicine container treats each one (best first) so they heal sooner. */
  private async injure(ids: readonly string[], at: number): Promise<string[]> {
    if (ids.length === 0) return [];
    const medicine = (await this.stacks()).filter((c) => c.subtype === 'medicine').flatMap((c) => c.stacks);
    // A medic living here (hurt or not: it tends the others from its bed) shortens every injury; so does an Infirmary,
    // where one dose treats two.
    const medic = this.npcs.some((x) => !x.gone && has(skillsOf(x.row.skills, x.row.seed), 'medic'));
    const infirmary = (await this.ops.unlockedLevel(this.settlement.id, 'infirmary')) >= 1;
    const share = (medic ? MEDIC_INJURY_SHARE : 1) * (infirmary ? INFIRMARY_HEAL_SHARE : 1);
    const patientsPerDose = infirmary ? INFIRMARY_PATIENTS_PER_DOSE : 1;
    let doseLeft = 0;
    const names: string[] = [];
    for (const id of ids) {
      const n = this.npcs.find((x) => String(x.row.id) === id)!;
      const was = this.conditionAt(n, at);
      let treated = doseLeft > 0;
      if (treated) doseLeft -= 1;
      else {
        const dose = treatment(medicine);
        if (dose) {
          this.take(medicine, [dose], 'medicine', at);
          treated = true;
          doseLeft = patientsPerDose - 1;
        }
      }
      const heal = treated ? Math.round(TREATED_HEAL_MS * this.deps.timeScale) : INJURY_HEAL_DAYS * this.deps.dayCycleMs;
      n.injuredUntil = at + Math.max(1, Math.round(heal * share));
      // Resting until healed: the phase keeps it home and off defence, and wakes it then.
      n.state = { ...n.state, status: 'resting', phase: 'rest', phaseStartedAt: at, phaseEndsAt: n.injuredUntil };
      n.touched = true;
      names.push(n.row.name);
      this.condition(n, at, was);
    }
    return names;
  }

  /** Members present in the world, live; none in a catch-up (nobody was there to see it). */
  private async onlineMembers(at: number): Promise<{ id: string; x: number; y: number }[]> {
    if (!this.live(at) || this.deps.present.length === 0) return [];
    const members = new Set(
      (await this.ops.members(this.settlement.id, this.settlement.worldId, this.clock.founderId)).map((m) => m.userId),
    );
    return this.deps.present.filter((p) => members.has(p.id));
  }

  /** Whether an event changed what the settlement row keeps (it is written back only then). */
  changed(before: SettlementClockUpdate): boolean {
    const after = this.update();
    return (Object.keys(after) as (keyof SettlementClockUpdate)[]).some((k) => String(after[k]) !== String(before[k]));
  }
}

function toContainers(stored: readonly ContainerStacks[]): Container[] {
  return stored.map((c) => ({ id: String(c.id), level: c.level, items: c.stacks.filter((s) => s.quantity > 0) }));
}

/** The rounds fired, lowest quality first (the best keep for the next fight). */
function fired(ammo: readonly { itemName: string; quality: number; quantity: number }[], rounds: number) {
  const out: { itemName: string; quality: number; quantity: number }[] = [];
  for (const a of ammo) {
    if (rounds <= 0) break;
    const n = Math.min(rounds, a.quantity);
    out.push({ itemName: a.itemName, quality: a.quality, quantity: n });
    rounds -= n;
  }
  return out;
}

/** Losses by item and quality over all containers, for the raid report. */
function merged(losses: readonly { itemName: string; quality: number; quantity: number }[]) {
  const out = new Map<string, { itemName: string; quality: number; quantity: number }>();
  for (const l of losses) {
    const key = `${l.itemName}|${l.quality}`;
    const m = out.get(key) ?? { itemName: l.itemName, quality: l.quality, quantity: 0 };
    m.quantity += l.quantity;
    out.set(key, m);
  }
  return [...out.values()];
}
