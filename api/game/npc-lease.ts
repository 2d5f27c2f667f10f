/**
 * How processes share the NPC simulation: a lease per world, each world simulated by exactly one process.
 * The locks themselves live in Postgres (api/modules/npcs/lease.ts); this is the rule each process applies at every
 * check, on what it sees there: the worlds to simulate, which of their locks it holds, which another process holds,
 * and how many processes are alive.
 */

/** How often a process looks at the world leases: takes free worlds, gives up extras, notices a lost lock. */
export const NPC_LEASE_CHECK_MS = 1000;
/**
 * A world is taken only once seen free at this many checks in a row: a world another process has just given up to
 * even the share (or that a process starting up would otherwise grab with everything else) goes to one that has room
 * for it, not back and forth. A crashed process's worlds are free at once, so they are taken within
 * NPC_LEASE_CHECK_MS × this (about 2 s, the goal being 5 s).
 */
export const NPC_LEASE_FREE_CHECKS = 2;

/**
 * The worlds one process holds: of W worlds and P processes, floor(W / P), one more for the first W mod P processes in
 * rank (`leaseRank`). Never more than ceil(W / P), and the shares add up to W exactly: while a world is free some
 * process is below its share and takes it.
 */
export function worldShare(worlds: number, processes: number, rank = 0): number {
  const p = Math.max(1, processes);
  return Math.floor(worlds / p) + (rank < worlds % p ? 1 : 0);
}

/**
 * This process's place among those alive (from 0): those holding the most worlds first, then by presence key. The
 * shares follow what is held, so nothing moves that need not: one world and two processes, the one holding it keeps
 * it; 7 worlds held 3, 3 and 1, the second of the 3s hands one to the 1.
 */
export function leaseRank(processes: readonly { key: number; held: number }[], me: number): number {
  const order = [...processes].sort((a, b) => b.held - a.held || a.key - b.key);
  return Math.max(
    0,
    order.findIndex((p) => p.key === me),
  );
}

export interface LeaseSight<K> {
  /** The lock of every world to simulate (a world's key), in a stable order (the worlds' ids sorted). */
  keys: readonly K[];
  /** Keys this process holds. */
  mine: ReadonlySet<K>;
  /** Keys another process holds. */
  others: ReadonlySet<K>;
  /** Processes alive, this one included, and this one's place among them (from 0). */
  processes: number;
  rank: number;
  /** For each key free at the previous check, at how many checks in a row it had been seen free. */
  freeFor: ReadonlyMap<K, number>;
}

export interface LeaseMoves<K> {
  /** Free at NPC_LEASE_FREE_CHECKS checks in a row (this one included), within this process's share, in order. */
  take: K[];
  /** Held beyond this process's share (the last in order), or no longer a world to simulate. */
  release: K[];
  /** Keys free at this check, with at how many checks in a row: the next check's `freeFor`. */
  freeFor: Map<K, number>;
}

/** One check's moves. */
export function leaseMoves<K>(s: LeaseSight<K>): LeaseMoves<K> {
  const share = worldShare(s.keys.length, s.processes, s.rank);
  const known = new Set(s.keys);
  const held = s.keys.filter((k) => s.mine.has(k));
  const release = [...[...s.mine].filter((k) => !known.has(k)), ...held.slice(share)];
  const freeFor = new Map<K, number>();
  for (const k of s.keys) if (!s.mine.has(k) && !s.others.has(k)) freeFor.set(k, (s.freeFor.get(k) ?? 0) + 1);
  const room = Math.max(0, share - held.length);
  const take = [...freeFor]
    .filter(([, n]) => n >= NPC_LEASE_FREE_CHECKS)
    .map(([k]) => k)
    .slice(0, room);
  return { take, release, freeFor };
}
