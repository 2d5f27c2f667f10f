import type { SessionLockPairs } from '../../../db/client.ts';
import { leaseMoves, leaseRank, NPC_LEASE_CHECK_MS, NPC_LEASE_FREE_CHECKS } from '../../game/npc-lease.ts';

/**
 * The advisory-lock space of the NPC simulation's world leases ("NPCS" in ASCII): the lock `(NPC_LEASE_KEY,
 * hashtext(worldId))` is the lease of that world, e.g. `select pid from pg_locks where locktype = 'advisory' and
 * classid = 1313882963 and objid::int4 = hashtext('default')` names the backend of the process simulating it.
 */
export const NPC_LEASE_KEY = 0x4e504353;
/**
 * The space of the processes' presence ("NPCP"): each process holds `(NPC_PROCESS_KEY, a random int)` on the same
 * connection as its world leases, so the number of such locks is the number of processes alive; a process that dies
 * loses its presence and its worlds in the same instant, by the connection closing.
 */
export const NPC_PROCESS_KEY = 0x4e504350;

/**
 * The space of the chores lease ("NPCX", key 0): the process holding it prunes the tables that only grow, whether or not
 * it simulates a world (one process at a time, taken like a world: free at two checks in a row).
 */
export const NPC_CHORES_KEY = 0x4e504358;

/** Logged (info) when this process takes the lease of one or more worlds; the fields name them. */
export const LEASE_TAKEN_LINE = '[npcs] this process simulates the NPCs (lease taken)';
/** Logged (warn) when leases this process held are gone (its lock connection was lost or cut). */
export const LEASE_LOST_LINE = '[npcs] NPC lease lost';
/** Logged (info) when this process gives worlds up to even the share with the others. */
export const LEASE_HANDED_LINE = '[npcs] NPC lease handed over';
/** Logged (info) when this process takes the chores lease. */
export const CHORES_TAKEN_LINE = '[npcs] this process prunes the tables that only grow (chores lease taken)';

const SPACES = [NPC_LEASE_KEY, NPC_PROCESS_KEY, NPC_CHORES_KEY];

export interface WorldToSimulate {
  id: string;
  /** hashtext(id): its lock's key. */
  key: number;
}

export interface LeaseChange {
  line: typeof LEASE_TAKEN_LINE | typeof LEASE_LOST_LINE | typeof LEASE_HANDED_LINE | typeof CHORES_TAKEN_LINE;
  /** The worlds taken, lost or handed over. */
  worlds: string[];
  /** Whether the chores lease is among what was taken or lost. */
  chores: boolean;
  /** Every world this process simulates now, and how many there are to simulate. */
  holds: string[];
  of: number;
  processes: number;
}

/**
 * "Each world simulated by exactly one process": a Postgres session-level advisory lock per world, `(NPC_LEASE_KEY,
 * hashtext(worldId))`, on a connection of its own (db/session-locks.ts). Every NPC_LEASE_CHECK_MS this process looks
 * at the locks of its database: it counts the processes alive (their presence locks), gives up the worlds beyond its
 * share (floor or ceil of worlds / processes: those holding most keep the ceil), and takes worlds seen free at two
 * checks in a row up to it (api/game/npc-lease.ts).
 * A lock goes with its connection, so the worlds of a process that stops or dies (even by SIGKILL) are free at once
 * and taken by the others within two checks. One more lease, the chores, goes to one process: it prunes what only grows.
 * Without `locks` (embedded PGlite, one process by its data-directory
 * lock) this process simulates every world.
 */
export class WorldLeases {
  /** Held locks by key, each with the worlds it covers (two ids may share a hash: one lock, both worlds). */
  private held = new Map<number, string[]>();
  private freeFor = new Map<number, number>();
  private presence: number | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private checking: Promise<void> | null = null;
  private stopped = false;
  private processesSeen = 1;
  private choresHeld = false;
  private choresFreeFor = 0;

  constructor(
    private readonly locks: SessionLockPairs | undefined,
    /** The worlds to simulate, with their keys. */
    private readonly worldsToSimulate: () => Promise<WorldToSimulate[]>,
    private readonly onChange: (change: LeaseChange) => void,
    /** Resolves once no step of these worlds is under way (called before their locks are let go). */
    private readonly drain: (worldIds: readonly string[]) => Promise<void>,
    private readonly report: (what: string, err: unknown) => void,
    private readonly checkMs = NPC_LEASE_CHECK_MS,
  ) {}

  /** Whether this process simulates any world now. */
  get leading(): boolean {
    return this.locks ? (this.held.size > 0 || this.choresHeld) && !this.stopped : !this.stopped;
  }

  /** The worlds this process simulates, or undefined for every world (embedded PGlite). */
  worlds(): string[] | undefined {
    if (!this.locks) return undefined;
    return [...this.held.values()].flat();
  }

  holds(worldId: string): boolean {
    if (this.stopped) return false;
    if (!this.locks) return true;
    for (const ids of this.held.values()) if (ids.includes(worldId)) return true;
    return false;
  }

  /**
   * Whether this process does the deployment's chores beside its worlds (pruning the tables that only grow): the one
   * holding the chores lease, so one process at a time.
   */
  get chores(): boolean {
    return (this.locks ? this.choresHeld : true) && !this.stopped;
  }

  start(): void {
    if (!this.locks) {
      this.onChange({ line: LEASE_TAKEN_LINE, worlds: [], chores: true, holds: [], of: 0, processes: 1 });
      return;
    }
    void this.check();
    this.timer = setInterval(() => void this.check(), this.checkMs);
  }

  /** One check now (the timer runs them; tests and benches may call it). */
  check(): Promise<void> {
    this.checking ??= this.tryOnce().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async tryOnce(): Promise<void> {
    const locks = this.locks;
    if (this.stopped || !locks) return;
    let worlds: WorldToSimulate[];
    try {
      worlds = await this.worldsToSimulate();
    } catch (err) {
      // The pool is down: the locks may well be held still; the next check sees.
      this.report('[npcs] reading the worlds to simulate failed', err);
      return;
    }
    const byKey = new Map<number, string[]>();
    for (const w of [...worlds].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
      byKey.set(w.key, [...(byKey.get(w.key) ?? []), w.id]);
    }
    const keys = [...byKey.keys()];
    let granted: Awaited<ReturnType<SessionLockPairs['granted']>>;
    try {
      granted = await locks.granted(SPACES);
      if (!granted.some((g) => g.space === NPC_PROCESS_KEY && g.mine)) {
        await this.join(locks);
        granted = await locks.granted(SPACES);
      }
    } catch (err) {
      // The lock connection is down: every lock went with it (a loss is its own warning).
      this.presence = null;
      if (this.held.size || this.choresHeld) this.lose([...this.held.keys()], byKey.size, this.choresHeld);
      else this.report('[npcs] lease check failed', err);
      return;
    }
    if (this.stopped) return;
    const mine = new Set(granted.filter((g) => g.space === NPC_LEASE_KEY && g.mine).map((g) => g.key));
    const others = new Set(granted.filter((g) => g.space === NPC_LEASE_KEY && !g.mine).map((g) => g.key));
    // The processes alive (their presence locks) and how many worlds each holds (by its lock connection's backend).
    const heldBy = new Map<number, number>();
    for (const g of granted) if (g.space === NPC_LEASE_KEY) heldBy.set(g.pid, (heldBy.get(g.pid) ?? 0) + 1);
    const present = granted.filter((g) => g.space === NPC_PROCESS_KEY).map((g) => ({ key: g.key, held: heldBy.get(g.pid) ?? 0 }));
    const processes = present.length;
    const rank = this.presence === null ? 0 : leaseRank(present, this.presence);
    this.processesSeen = processes;
    const choresMine = granted.some((g) => g.space === NPC_CHORES_KEY && g.mine);
    const choresFree = !granted.some((g) => g.space === NPC_CHORES_KEY);
    this.lose(
      [...this.held.keys()].filter((k) => !mine.has(k)),
      byKey.size,
      this.choresHeld && !choresMine,
    );
    if (choresMine) this.choresHeld = true;
    // Locks of this session not on the books (a check that failed after taking them): they are ours.
    for (const k of mine) if (!this.held.has(k)) this.held.set(k, byKey.get(k) ?? []);
    // A world that appeared under a key already held (a hash shared) joins it.
    for (const k of this.held.keys()) if (byKey.has(k)) this.held.set(k, byKey.get(k)!);

    const moves = leaseMoves({ keys, mine, others, processes, rank, freeFor: this.freeFor });
    this.freeFor = moves.freeFor;
    if (moves.release.length) {
      const handed = moves.release.flatMap((k) => this.held.get(k) ?? []);
      for (const k of moves.release) this.held.delete(k);
      // No step of theirs still under way when another process may take them.
      await this.drain(handed);
      for (const k of moves.release) await locks.release(NPC_LEASE_KEY, k);
      this.changed(LEASE_HANDED_LINE, handed, byKey.size);
    }
    const taken: string[] = [];
    for (const k of moves.take) {
      if (this.stopped) break;
      try {
        if (!(await locks.take(NPC_LEASE_KEY, k))) continue;
      } catch (err) {
        this.report('[npcs] taking a world lease failed', err);
        break;
      }
      if (this.stopped) {
        await locks.release(NPC_LEASE_KEY, k);
        break;
      }
      this.held.set(k, byKey.get(k)!);
      taken.push(...byKey.get(k)!);
    }
    if (taken.length) this.changed(LEASE_TAKEN_LINE, taken, byKey.size);

    this.choresFreeFor = choresFree ? this.choresFreeFor + 1 : 0;
    if (!this.choresHeld && !this.stopped && this.choresFreeFor >= NPC_LEASE_FREE_CHECKS) {
      try {
        this.choresHeld = await locks.take(NPC_CHORES_KEY, 0);
      } catch (err) {
        this.report('[npcs] taking the chores lease failed', err);
      }
      if (this.choresHeld) this.changed(CHORES_TAKEN_LINE, [], byKey.size, true);
    }
  }

  /** This process's presence lock: a random key, another tried on the rare clash. */
  private async join(locks: SessionLockPairs): Promise<void> {
    for (let i = 0; i < 5; i++) {
      const key = (Math.random() * 2 ** 32) | 0;
      if (await locks.take(NPC_PROCESS_KEY, key)) {
        this.presence = key;
        return;
      }
    }
  }

  private lose(keys: number[], of: number, chores = false): void {
    if (!keys.length && !chores) return;
    const lost = keys.flatMap((k) => this.held.get(k) ?? []);
    for (const k of keys) this.held.delete(k);
    if (chores) this.choresHeld = false;
    this.changed(LEASE_LOST_LINE, lost, of, chores);
  }

  private changed(line: LeaseChange['line'], worlds: string[], of: number, chores = false): void {
    this.onChange({ line, worlds, chores, holds: this.worlds() ?? [], of, processes: this.processesSeen });
  }

  /** Gives every world up (the others take them at their next checks) and leaves. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.checking;
    const locks = this.locks;
    if (!locks) return;
    const keys = [...this.held.keys()];
    this.held.clear();
    for (const k of keys) await locks.release(NPC_LEASE_KEY, k);
    if (this.choresHeld) await locks.release(NPC_CHORES_KEY, 0);
    this.choresHeld = false;
    if (this.presence !== null) await locks.release(NPC_PROCESS_KEY, this.presence);
    this.presence = null;
  }
}
