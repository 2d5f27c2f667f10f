/**
 * The world goes on without its players: this runner steps every NPC whose phase has ended, whether or not anyone is
 * online. Every tick (about a second, scaled by NPC_TIME_SCALE) it takes the due NPCs in time order and brings each
 * one's settlement up to date in one transaction (./advance.ts); after a restart or a day offline the first round does
 * the same for every phase missed, slice by slice, so no work is lost. A world is simulated by the process holding its
 * lease (./lease.ts: the processes share the worlds; PGlite's one process holds them all); the live layer hears of
 * journeys under way now and of recent arrivals, never of a catch-up's past.
 */
import { type DueNpc, npcSimRepo, type NpcSimRepo, type SettlementRef } from '../../../db/repos/npc-sim.ts';
import { retentionRepo, type RetentionRepo } from '../../../db/repos/retention.ts';
import { settlementSimRepo, type SettlementSimRepo } from '../../../db/repos/settlement-sim.ts';
import type { SessionLockPairs } from '../../../db/client.ts';
import type { ServerMessage } from '../../contract/protocol.ts';
import { FORAGE_RULES } from '../../game/forage.ts';
import { restOfWalk } from '../../game/paths.ts';
import { recoveredSignificance } from '../../game/scavenge.ts';
import type { Audience } from '../../live/bus.ts';
import type { Services } from '../../services.ts';
import type { WorldService } from '../world/service.ts';
import { advanceSettlement, type Presence, type SettlementAdvance } from './advance.ts';
import type { SettlementNotice } from './settlement-events.ts';
import { toRaidView } from './raid-views.ts';
import { type LeaseChange, LEASE_LOST_LINE, WorldLeases } from './lease.ts';
import { pruneOldRows } from './retention.ts';
import { PoiAtlas } from './sim-world.ts';

/** NPCs fetched per query of a round. */
const DUE_BATCH = 200;
/** Arrivals older than this (game time) when processed are history: nobody is told. */
export const LIVE_WINDOW_MS = 5000;
/** A settlement whose step failed is left alone this long (real time) before it is tried again. */
const FAILURE_BACKOFF_MS = 30_000;
const PRUNE_INTERVAL_MS = 60_000;
/**
 * Worlds stepped at once on a Postgres server (its work runs beside ours; the pool has 10 connections by default).
 * Embedded PGlite runs one query at a time in this thread: there, one.
 */
const WORLDS_IN_PARALLEL = 4;

export type Send = (worldId: string, audience: Audience, msg: ServerMessage) => void;

export interface NpcSimStats {
  rounds: number;
  transactions: number;
  phases: number;
  journeysSent: number;
  arrivalsSent: number;
  deposited: number;
  failures: number;
  /** At the start of the last round, how far the oldest due phase's end lay behind now (ms; 0 when none was due). */
  lagMs: number;
  /** Phases stepped by the last round. */
  lastRoundPhases: number;
  /** Raid results told live. */
  raids: number;
}

/** A notice of ./settlement-events.ts as its live frame. */
export function noticeFrame(n: SettlementNotice, s: SettlementRef): ServerMessage {
  const settlementId = String(s.id);
  if (n.kind === 'warning') {
    return {
      type: 'raid_warning',
      settlementId,
      settlementName: s.name,
      x: s.x,
      y: s.y,
      arriveAt: new Date(n.arriveAt).toISOString(),
      strength: n.strength,
    };
  }
  if (n.kind === 'result') return { type: 'raid_result', settlementId, settlementName: s.name, raid: toRaidView(n.raid) };
  if (n.kind === 'returned') {
    const items = [...n.items].sort((a, b) => b.quantity - a.quantity).slice(0, NPC_RETURN_ITEMS_MAX);
    return { type: 'npc_returned', settlementId, npcId: String(n.npcId), npcName: n.npcName, items };
  }
  if (n.kind === 'craft') {
    const { itemName, quantity, quality, deliveredTo } = n;
    return {
      type: 'craft_done',
      settlementId,
      settlementName: s.name,
      jobId: String(n.jobId),
      itemName,
      quantity,
      quality,
      deliveredTo,
    };
  }
  if (n.kind === 'decayed') {
    return {
      type: 'building_decayed',
      settlementId,
      settlementName: s.name,
      buildingId: String(n.buildingId),
      buildingName: n.buildingName,
      level: n.level,
    };
  }
  return { type: 'npc_condition', settlementId, npcId: String(n.npcId), npcName: n.npcName, condition: n.condition };
}

/** A return notice names this many kinds of finds at most (the most first). */
export const NPC_RETURN_ITEMS_MAX = 6;

/** The tick: a second of game time at scale 1, faster when NPC time runs faster, never below 50 ms. */
export function tickMsFor(timeScale: number): number {
  return Math.min(1000, Math.max(50, Math.round(1000 * timeScale)));
}

export class NpcSimulation {
  readonly stats: NpcSimStats = {
    rounds: 0,
    transactions: 0,
    phases: 0,
    journeysSent: 0,
    arrivalsSent: 0,
    deposited: 0,
    failures: 0,
    lagMs: 0,
    lastRoundPhases: 0,
    raids: 0,
  };
  private readonly repo: NpcSimRepo;
  private readonly settlementRepo: SettlementSimRepo;
  private readonly retention: RetentionRepo;
  private readonly atlases = new Map<string, Promise<PoiAtlas | null>>();
  private readonly lease: WorldLeases;
  /** The step under way in each world (a world's settlements go one after another): awaited before it is let go. */
  private readonly stepping = new Map<string, Promise<void>>();
  private readonly failedUntil = new Map<number, number>();
  private timers: ReturnType<typeof setInterval>[] = [];
  private round: Promise<void> | null = null;
  private stopped = false;
  /** The first round after start prunes at once (a restart after a long pause drains the backlog first). */
  private prunedAt = 0;
  readonly tickMs: number;
  /** Worlds stepped side by side. */
  private readonly parallel: number;
  private readonly presence: Presence;

  constructor(
    private readonly services: Services,
    private readonly worlds: Pick<WorldService, 'world' | 'dayEpoch'>,
    private readonly send: Send,
    options: {
      /** Advisory locks of the Postgres server (absent on embedded PGlite: this process simulates every world). */
      locks?: SessionLockPairs;
      /** How often the world leases are checked (NPC_LEASE_CHECK_MS). */
      leaseCheckMs?: number;
      tickMs?: number;
      parallel?: number;
      log?: (line: string) => void;
      /** Who is present in a world and where (the live layer): members who count as online and as defenders. */
      presence?: Presence;
      /** Wraps the simulation's repository (the app times its calls for /metrics). */
      timeRepo?: <R extends object>(name: string, repo: R) => R;
    } = {},
  ) {
    const repo = npcSimRepo(services.database.db);
    const settlementRepo = settlementSimRepo(services.database.db);
    this.settlementRepo = options.timeRepo ? options.timeRepo('settlementSim', settlementRepo) : settlementRepo;
    this.repo = options.timeRepo ? options.timeRepo('npcSim', repo) : repo;
    const retention = retentionRepo(services.database.db);
    this.retention = options.timeRepo ? options.timeRepo('retention', retention) : retention;
    this.presence = options.presence ?? (async () => []);
    this.parallel = options.parallel ?? (services.database.kind === 'postgres' ? WORLDS_IN_PARALLEL : 1);
    this.tickMs = options.tickMs ?? services.config.npcTickMs ?? tickMsFor(services.config.npcTimeScale);
    const log = options.log ?? ((line: string) => services.log.info(line));
    const shared = options.locks !== undefined;
    const tell = (c: LeaseChange) => {
      // Told only where several processes could share the worlds (one process always holds every world). A loss is
      // a warning: those worlds pause until this process or another takes them again.
      if (!shared) return;
      const fields = {
        worlds: c.worlds,
        ...(c.chores ? { chores: true } : {}),
        holds: c.holds.length,
        of: c.of,
        processes: c.processes,
      };
      if (options.log) log(`${c.line} ${JSON.stringify(fields)}`);
      else if (c.line === LEASE_LOST_LINE) services.log.warn(fields, c.line);
      else services.log.info(fields, c.line);
    };
    this.lease = new WorldLeases(
      options.locks,
      () => this.repo.worldsToSimulate(),
      (change) => {
        tell(change);
        if (this.lease.leading) this.kick();
      },
      (worldIds) => Promise.all(worldIds.map((w) => this.stepping.get(w))).then(() => {}),
      services.report,
      options.leaseCheckMs,
    );
  }

  /** The worlds this process simulates now (undefined: every world). */
  heldWorlds(): string[] | undefined {
    return this.lease.worlds();
  }

  get leading(): boolean {
    return this.lease.leading && !this.stopped;
  }

  start(): void {
    if (this.timers.length || this.stopped) return;
    this.timers.push(setInterval(() => this.kick(), this.tickMs));
    this.lease.start();
  }

  /** Starts a round unless one is running (rounds never overlap: one NPC is never stepped twice at once). */
  private kick(): void {
    if (this.round || !this.leading) return;
    const now = this.services.now().getTime();
    this.round = this.runOnce(now)
      .then(() => this.pruneAfter(now))
      .catch((err) => this.services.report('[npcs] simulation round failed', err))
      .finally(() => {
        this.round = null;
      });
  }

  /**
   * Steps everything due at `now`, oldest first, until nothing is (a catch-up included). Bounded: each transaction
   * moves a settlement's NPCs a slice of game time closer to `now` (or leaves it, failed, for a later round), so a gap
   * of G costs a settlement about G / SLICE_MS transactions. Answers the number of phases stepped.
   */
  async runOnce(now = this.services.now().getTime()): Promise<number> {
    const done = new Set<number>();
    const before = this.stats.phases;
    this.stats.rounds += 1;
    let first = true;
    while (this.leading) {
      for (const [id, until] of this.failedUntil) if (until <= Date.now()) this.failedUntil.delete(id);
      const skip = [...done, ...this.failedUntil.keys()];
      // Of the worlds this process simulates (every one on PGlite): NPCs whose phase ended and settlements whose own
      // clock is due (a meal, a raid), merged in time order.
      const held = this.lease.worlds();
      if (held?.length === 0) {
        // Only the chores: no world of this process's to step.
        if (first) this.stats.lagMs = 0;
        break;
      }
      const [npcsDue, settlementsDue] = await Promise.all([
        this.repo.due(new Date(now), DUE_BATCH, skip, held),
        this.settlementRepo.due(new Date(now), DUE_BATCH, skip, held),
      ]);
      const due: DueNpc[] = [
        ...npcsDue,
        ...settlementsDue.map((s) => ({ id: 0, worldId: s.worldId, settlementId: s.settlementId, phaseEndsAt: s.simDueAt })),
      ].sort((a, b) => (a.phaseEndsAt?.getTime() ?? now) - (b.phaseEndsAt?.getTime() ?? now));
      if (first) {
        first = false;
        const oldest = due[0]?.phaseEndsAt;
        this.stats.lagMs = oldest ? Math.max(0, now - oldest.getTime()) : 0;
      }
      if (due.length === 0) break;
      // A settlement at a time, in the order of its NPC whose phase ended first; worlds side by side (they share no
      // rows, so their transactions never wait for each other), one after another on embedded PGlite.
      const worlds = new Map<string, Map<number, DueNpc>>();
      for (const d of due) {
        const settlements = worlds.get(d.worldId) ?? new Map<number, DueNpc>();
        worlds.set(d.worldId, settlements);
        if (!settlements.has(d.settlementId)) settlements.set(d.settlementId, d);
      }
      const queue = [...worlds.values()];
      const worker = async () => {
        for (let settlements = queue.shift(); settlements; settlements = queue.shift()) {
          for (const d of settlements.values()) {
            // A world handed over or lost meanwhile is left to the process that takes it.
            if (!this.lease.holds(d.worldId)) {
              done.add(d.settlementId);
              continue;
            }
            const step = this.advance(d, now, done);
            this.stepping.set(d.worldId, step);
            await step;
            this.stepping.delete(d.worldId);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.parallel, queue.length) }, worker));
    }
    this.stats.lastRoundPhases = this.stats.phases - before;
    return this.stats.lastRoundPhases;
  }

  /** One settlement's transaction, its outcome told; a failure is reported and the settlement left alone a while. */
  private async advance(d: DueNpc, now: number, done: Set<number>): Promise<void> {
    try {
      const a = await advanceSettlement(this.repo, d, now, {
        atlas: (worldId) => this.atlas(worldId),
        dayEpoch: (worldId) => this.worlds.dayEpoch(worldId),
        timeScale: this.services.config.npcTimeScale,
        dayCycleMs: this.services.config.dayCycleMs,
        liveWindowMs: LIVE_WINDOW_MS,
        presence: this.presence,
      });
      this.stats.transactions += 1;
      // Not done while it is behind (a catch-up goes slice by slice): fetched again, in time order.
      if (!a?.behind) done.add(d.settlementId);
      if (!a) return;
      this.stats.phases += a.phases;
      this.stats.deposited += a.deposited;
      this.announce(a, this.services.now().getTime());
    } catch (err) {
      this.stats.failures += 1;
      this.failedUntil.set(d.settlementId, Date.now() + FAILURE_BACKOFF_MS);
      this.services.report(`[npcs] stepping the NPCs of settlement ${d.settlementId} failed`, err);
    }
  }

  private atlas(worldId: string): Promise<PoiAtlas | null> {
    let a = this.atlases.get(worldId);
    if (!a) {
      a = this.worlds.world(worldId).then((w) => (w ? new PoiAtlas(w.terrain) : null));
      this.atlases.set(worldId, a);
      void a.then(
        (found) => found ?? this.atlases.delete(worldId),
        () => this.atlases.delete(worldId),
      );
    }
    return a;
  }

  /** Tells those watching: recent arrivals, journeys under way (from where the NPC is now), what changed. */
  private announce(a: SettlementAdvance, now: number): void {
    const { settlement: s } = a;
    for (const n of a.npcs) {
      const npcId = String(n.npcId);
      for (const arrival of n.arrivals) {
        if (arrival.at < now - LIVE_WINDOW_MS) continue;
        // Told along the whole journey (whoever was told it began hears where it ended): its settlement's members, and
        // others only where they see the way it came.
        const path: [number, number][] = [
          [arrival.fromX, arrival.fromY],
          [arrival.x, arrival.y],
        ];
        this.send(
          s.worldId,
          { to: 'sight', userIds: a.memberIds, path },
          { type: 'npc_arrival', npcId, x: arrival.x, y: arrival.y },
        );
        this.stats.arrivalsSent += 1;
      }
      const journey = n.journeys.at(-1);
      if (journey && journey.endsAt > now && n.state.phaseEndsAt === journey.endsAt) {
        // What is left of the walk from where the NPC is now: its position first, then the waypoints ahead.
        const rest = restOfWalk(journey.waypoints, (now - journey.startAt) / Math.max(1, journey.endsAt - journey.startAt));
        const from = rest[0]!;
        const to = { x: journey.targetX, y: journey.targetY };
        this.send(
          s.worldId,
          { to: 'sight', userIds: a.memberIds },
          {
            type: 'npc_movement_journey',
            npcId,
            startX: from.x,
            startY: from.y,
            targetX: to.x,
            targetY: to.y,
            duration: journey.endsAt - now,
            purpose: journey.purpose,
            waypoints: rest,
          },
        );
        this.stats.journeysSent += 1;
      }
    }
    this.tellMembers(a, now);
    if (a.deposited > 0 || a.storageChanged) {
      this.send(
        s.worldId,
        { to: 'chunk', cx: s.chunkX, cy: s.chunkY },
        { type: 'settlement_updated', settlement: { id: String(s.id), worldId: s.worldId, name: s.name, x: s.x, y: s.y } },
      );
    }
    for (const { poi, significance, changedAt } of a.changedPois) {
      // A catch-up's searches are history: a map loaded from now on shows them anyway.
      if (changedAt < now - LIVE_WINDOW_MS) continue;
      const current = recoveredSignificance(significance, poi.significance, changedAt, now);
      this.send(
        s.worldId,
        { to: 'chunk', cx: poi.chunkX, cy: poi.chunkY },
        { type: 'poi_updated', poi: { id: poi.id, currentSignificance: current } },
      );
    }
  }

  /**
   * Raids and conditions, to the settlement's members wherever they are. A catch-up's past is not told, except a
   * warning whose raid is still to come, and a finished craft: its output lands in this round, however late the round
   * runs (a loaded process, a world's lease handed over), and the crafter hears of it then or never.
   */
  private tellMembers(a: SettlementAdvance, now: number): void {
    const { settlement: s } = a;
    for (const n of a.notices) {
      const frame = noticeFrame(n, s);
      const live = n.kind === 'warning' ? n.arriveAt > now : n.kind === 'craft' || n.at >= now - LIVE_WINDOW_MS;
      if (!live) continue;
      for (const userId of a.memberIds) this.send(s.worldId, { to: 'user', userId }, frame);
      if (n.kind === 'result') this.stats.raids += 1;
      if (n.kind === 'craft' && n.crafterId) {
        // The crafter hears it even when no longer a member, and their pack changed when it went there.
        if (!a.memberIds.includes(n.crafterId)) this.send(s.worldId, { to: 'user', userId: n.crafterId }, frame);
        this.send(s.worldId, { to: 'user', userId: n.crafterId }, { type: 'inventory_updated' });
      }
    }
  }

  /**
   * Forage cells whose cooldown is over carry no information: dropped about once a minute, right after a round. Only
   * then is it safe: every NPC of this process's worlds is stepped up to the round's time, so no later step can replay
   * an older moment (only those worlds' cells: another process may be catching up in its own). The tables that only
   * grow are pruned at the same moment, by one process (the one holding the first world: `chores`).
   */
  private async pruneAfter(roundTime: number): Promise<void> {
    if (!this.leading || Date.now() - this.prunedAt < PRUNE_INTERVAL_MS) return;
    this.prunedAt = Date.now();
    try {
      await this.repo.pruneCells(new Date(roundTime - FORAGE_RULES.cooldownMs), this.lease.worlds());
    } catch (err) {
      this.services.report('[npcs] pruning forage cells failed', err);
    }
    if (!this.lease.chores) return;
    // Radio messages, game log lines and NPC offers past what the game shows and their retention (api/game/retention.ts).
    try {
      const pruned = await pruneOldRows(this.retention, roundTime);
      if (pruned.chat + pruned.events + pruned.offers + pruned.notices > 0)
        this.services.log.info({ pruned }, '[retention] old rows deleted');
    } catch (err) {
      this.services.report('[retention] pruning old rows failed', err);
    }
  }

  /** Stops ticking, lets the round under way finish (its transaction commits) and gives the lease up. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const t of this.timers.splice(0)) clearInterval(t);
    await this.round;
    await this.lease.stop();
  }
}
