import { describe, expect, test } from 'bun:test';
import { leaseMoves, leaseRank, NPC_LEASE_FREE_CHECKS, worldShare } from './npc-lease.ts';

describe('worldShare', () => {
  test('floor(worlds / processes), one more for the first worlds mod processes; they add up to the worlds', () => {
    expect([0, 1].map((r) => worldShare(50, 2, r))).toEqual([25, 25]);
    expect([0, 1].map((r) => worldShare(5, 2, r))).toEqual([3, 2]);
    expect([0, 1].map((r) => worldShare(1, 2, r))).toEqual([1, 0]);
    expect([0, 1, 2].map((r) => worldShare(7, 3, r))).toEqual([3, 2, 2]);
    expect([0, 1, 2].map((r) => worldShare(0, 3, r))).toEqual([0, 0, 0]);
    expect(worldShare(4, 0)).toBe(4);
  });
});

/** Processes sharing lock keys as Postgres would: a key is held by at most one; each check sees the table as it is. */
class Locks {
  readonly holder = new Map<number, string>();
  readonly freeFor = new Map<string, Map<number, number>>();
  constructor(public keys: number[]) {}

  check(p: string, processes: string[]): void {
    const mine = new Set([...this.holder].filter(([, h]) => h === p).map(([k]) => k));
    const others = new Set([...this.holder].filter(([, h]) => h !== p).map(([k]) => k));
    const m = leaseMoves({
      keys: this.keys,
      mine,
      others,
      processes: processes.length,
      rank: leaseRank(
        processes.map((q, key) => ({ key, held: this.held(q) })),
        processes.indexOf(p),
      ),
      freeFor: this.freeFor.get(p) ?? new Map(),
    });
    this.freeFor.set(p, m.freeFor);
    for (const k of m.release) this.holder.delete(k);
    for (const k of m.take) if (!this.holder.has(k)) this.holder.set(k, p);
  }

  rounds(processes: string[], n: number): void {
    for (let i = 0; i < n; i++) for (const p of processes) this.check(p, processes);
  }

  held(p: string): number {
    return [...this.holder.values()].filter((h) => h === p).length;
  }

  die(p: string): void {
    for (const [k, h] of this.holder) if (h === p) this.holder.delete(k);
    this.freeFor.delete(p);
  }
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('leaseRank', () => {
  test('those holding the most first, then by key: the holder of a lone world keeps it', () => {
    expect(
      leaseRank(
        [
          { key: 5, held: 1 },
          { key: 2, held: 0 },
        ],
        5,
      ),
    ).toBe(0);
    expect(
      leaseRank(
        [
          { key: 5, held: 1 },
          { key: 2, held: 0 },
        ],
        2,
      ),
    ).toBe(1);
    expect(
      leaseRank(
        [
          { key: 5, held: 3 },
          { key: 2, held: 3 },
          { key: 1, held: 1 },
        ],
        5,
      ),
    ).toBe(1);
    expect(worldShare(7, 3, 1)).toBe(2);
  });
});

describe('leaseMoves', () => {
  test('a world is taken only once seen free at two checks in a row', () => {
    expect(NPC_LEASE_FREE_CHECKS).toBe(2);
    const first = leaseMoves({ keys: [1, 2], mine: new Set(), others: new Set(), processes: 1, rank: 0, freeFor: new Map() });
    expect(first.take).toEqual([]);
    expect([...first.freeFor]).toEqual([
      [1, 1],
      [2, 1],
    ]);
    const second = leaseMoves({
      keys: [1, 2],
      mine: new Set(),
      others: new Set([2]),
      processes: 1,
      rank: 0,
      freeFor: first.freeFor,
    });
    // 2 was taken by another in between: only 1 is free for the second time.
    expect(second.take).toEqual([1]);
    expect(second.freeFor.get(2)).toBeUndefined();
  });

  test('beyond the share, the last worlds in order are given up; a lock of a world gone is given up too', () => {
    const m = leaseMoves({
      keys: [1, 2, 3, 4, 5],
      mine: new Set([1, 2, 3, 4, 5, 9]),
      others: new Set(),
      processes: 2,
      rank: 0,
      freeFor: new Map(),
    });
    expect(m.release).toEqual([9, 4, 5]);
    // The second process's share is two.
    expect(
      leaseMoves({
        keys: [1, 2, 3, 4, 5],
        mine: new Set([1, 2, 3]),
        others: new Set(),
        processes: 2,
        rank: 1,
        freeFor: new Map(),
      }).release,
    ).toEqual([3]);
    expect(m.take).toEqual([]);
  });

  test('never more than the share is taken', () => {
    const m = leaseMoves({
      keys: [1, 2, 3, 4, 5],
      mine: new Set([1, 2]),
      others: new Set(),
      processes: 2,
      rank: 0,
      freeFor: new Map([3, 4, 5].map((k) => [k, 3])),
    });
    expect(m.take).toEqual([3]);
  });

  for (const [worlds, processes] of [
    [50, 2],
    [5, 2],
    [1, 2],
    [7, 3],
    [3, 4],
  ] as const) {
    test(`${worlds} worlds, ${processes} processes: each world held once, the shares even; one dies, the rest hold all within two checks`, () => {
      const locks = new Locks(range(worlds));
      const ps = range(processes).map((i) => `p${i}`);
      // The first starts alone and takes everything; the others join one by one.
      locks.rounds([ps[0]!], 3);
      expect(locks.held('p1')).toBe(worlds);
      for (let i = 2; i <= processes; i++) locks.rounds(ps.slice(0, i), 4);
      expect(locks.holder.size).toBe(worlds);
      const counts = ps.map((p) => locks.held(p)).sort((a, b) => b - a);
      expect(counts).toEqual(ps.map((_, rank) => worldShare(worlds, processes, rank)));
      for (const p of ps) expect(locks.held(p)).toBeLessThanOrEqual(Math.ceil(worlds / processes));
      locks.die('p1');
      const alive = ps.slice(1);
      const before = alive.map((p) => locks.held(p));
      locks.rounds(alive, NPC_LEASE_FREE_CHECKS);
      expect(locks.holder.size).toBe(worlds);
      // Taking over moved nothing the survivors held.
      for (const [i, p] of alive.entries()) expect(locks.held(p)).toBeGreaterThanOrEqual(before[i]!);
      for (const p of alive) expect(locks.held(p)).toBeLessThanOrEqual(Math.ceil(worlds / alive.length));
    });
  }
});
