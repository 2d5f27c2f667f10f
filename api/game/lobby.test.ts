import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { shownName } from '../contract/auth.ts';
import { IN_QUEUE_REASON, NO_LOBBY_REASON, NOT_SEATED_HERE_REASON, formatWaitTime } from '../contract/lobby.ts';
import {
  accessToWorld,
  accessFor,
  buildStatus,
  decideJoin,
  expiryCutoff,
  hasLapsed,
  membershipOf,
  needsSettling,
  seatsToFill,
  lastSeenStaleBefore,
  LAST_SEEN_GRANULARITY,
  waitSeconds,
  type LobbyEntryWithNames,
  type OwnEntry,
} from './lobby.ts';

const t0 = new Date('2026-01-01T12:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

function entry(userId: string, seq: number, seated: boolean, extra: Partial<LobbyEntryWithNames> = {}): LobbyEntryWithNames {
  return {
    userId,
    seq,
    enteredAt: at(seq * 1000),
    seatedAt: seated ? at(seq * 1000) : null,
    isReady: false,
    lastSeenAt: t0,
    displayName: null,
    firstName: null,
    username: `user_${userId}`,
    ...extra,
  };
}

/**
 * What the repository's `own` query answers, modelled over a list: the user's entry and, when queued, the queued
 * entries up to theirs in arrival order (db/repos/lobby.contract.test.ts checks the query against this).
 */
function ownIn(entries: readonly LobbyEntryWithNames[], userId: string): OwnEntry | null {
  const mine = entries.find((e) => e.userId === userId);
  if (!mine) return null;
  const queuePosition = mine.seatedAt ? null : entries.filter((e) => e.seatedAt === null && e.seq <= mine.seq).length;
  return { seatedAt: mine.seatedAt, lastSeenAt: mine.lastSeenAt, queuePosition, worldId: mine.seatedAt ? 'default' : null };
}
const membershipIn = (entries: readonly LobbyEntryWithNames[], userId: string) => membershipOf(ownIn(entries, userId));

describe('formatWaitTime (m:ss)', () => {
  test.each([
    [0, '0:00'],
    [5, '0:05'],
    [59, '0:59'],
    [60, '1:00'],
    [75, '1:15'],
    [600, '10:00'],
    [3599, '59:59'],
    [3600, '60:00'],
    [61.9, '1:01'],
    [-3, '0:00'],
    [Number.NaN, '0:00'],
  ])('%p seconds → %p', (seconds, shown) => {
    expect(formatWaitTime(seconds)).toBe(shown);
  });
});

describe('seat expiry', () => {
  test('an entry lapses only when last seen strictly longer ago than the timeout', () => {
    expect(hasLapsed(t0, at(120_000), 120_000)).toBe(false);
    expect(hasLapsed(t0, at(120_001), 120_000)).toBe(true);
    expect(hasLapsed(t0, at(5_000), 120_000)).toBe(false);
    expect(expiryCutoff(at(120_000), 120_000)).toEqual(t0);
  });

  test('a heartbeat writes only once the stored time is older than a tenth of the timeout', () => {
    expect(LAST_SEEN_GRANULARITY).toBe(1 / 10);
    expect(lastSeenStaleBefore(at(60_000), 120_000)).toEqual(at(48_000));
    expect(lastSeenStaleBefore(at(1_000), 5_000)).toEqual(at(500));
  });
});

describe('seats to fill and settling', () => {
  test('free seats are filled from the queue, never beyond it or beyond the seats', () => {
    expect(seatsToFill(18, 5, 20)).toBe(2);
    expect(seatsToFill(18, 1, 20)).toBe(1);
    expect(seatsToFill(20, 5, 20)).toBe(0);
    expect(seatsToFill(0, 0, 20)).toBe(0);
    expect(seatsToFill(25, 3, 20)).toBe(0);
  });

  test('settling is needed for lapsed entries or free seats with people waiting, not otherwise', () => {
    expect(needsSettling({ seated: 20, queued: 4, anyLapsed: false }, 20)).toBe(false);
    expect(needsSettling({ seated: 3, queued: 0, anyLapsed: false }, 20)).toBe(false);
    expect(needsSettling({ seated: 3, queued: 0, anyLapsed: true }, 20)).toBe(true);
    expect(needsSettling({ seated: 19, queued: 1, anyLapsed: false }, 20)).toBe(true);
  });
});

describe('membership and positions', () => {
  const entries = [entry('a', 1, true), entry('q1', 2, false), entry('b', 3, true), entry('q2', 7, false), entry('q3', 9, false)];

  test('seated, queued with a 1-based position from arrival order, or absent', () => {
    expect(membershipIn(entries, 'a')).toEqual({ kind: 'seated' });
    expect(membershipIn(entries, 'q1')).toEqual({ kind: 'queued', position: 1 });
    expect(membershipIn(entries, 'q2')).toEqual({ kind: 'queued', position: 2 });
    expect(membershipIn(entries, 'q3')).toEqual({ kind: 'queued', position: 3 });
    expect(membershipIn(entries, 'nobody')).toEqual({ kind: 'none' });
  });
});

describe('decideJoin', () => {
  test('a newcomer takes a free seat', () => {
    expect(decideJoin({ kind: 'none' }, 3, 0, 20)).toEqual({ action: 'joined_lobby', write: 'seat' });
  });
  test('a newcomer queues at the back when the seats are full', () => {
    expect(decideJoin({ kind: 'none' }, 20, 4, 20)).toEqual({ action: 'added_to_queue', position: 5, write: 'enqueue' });
    expect(decideJoin({ kind: 'none' }, 2, 0, 2)).toEqual({ action: 'added_to_queue', position: 1, write: 'enqueue' });
  });
  test('a newcomer never jumps people already waiting, even if a seat is free', () => {
    expect(decideJoin({ kind: 'none' }, 19, 2, 20)).toEqual({ action: 'added_to_queue', position: 3, write: 'enqueue' });
  });
  test('a seated user is already in; a queued user keeps their place without a second entry', () => {
    expect(decideJoin({ kind: 'seated' }, 20, 4, 20)).toEqual({ action: 'already_in_lobby', write: 'none' });
    expect(decideJoin({ kind: 'queued', position: 2 }, 20, 4, 20)).toEqual({
      action: 'added_to_queue',
      position: 2,
      write: 'none',
    });
  });
});

describe('accessFor', () => {
  test('only a seat opens the game; the reasons are the contract texts', () => {
    expect(accessFor({ kind: 'seated' })).toEqual({ canAccessGame: true });
    expect(accessFor({ kind: 'queued', position: 4 })).toEqual({
      canAccessGame: false,
      reason: IN_QUEUE_REASON,
      queuePosition: 4,
    });
    expect(accessFor({ kind: 'none' })).toEqual({ canAccessGame: false, reason: NO_LOBBY_REASON });
    expect(NO_LOBBY_REASON).toBe('You need to join the lobby first');
  });
});

describe('accessToWorld', () => {
  const seat = (worldId: string | null) => ({ seatedAt: at(0), queuePosition: null, worldId });
  test('a seat opens only its own world; a seat elsewhere names where it is; queue and absence keep their reasons', () => {
    expect(accessToWorld(seat('w-a'), 'w-a')).toEqual({ canAccessGame: true, worldId: 'w-a' });
    expect(accessToWorld(seat('w-a'), 'default')).toEqual({
      canAccessGame: false,
      reason: NOT_SEATED_HERE_REASON,
      worldId: 'w-a',
    });
    expect(accessToWorld({ seatedAt: null, queuePosition: 3, worldId: null }, 'w-a')).toEqual({
      canAccessGame: false,
      reason: IN_QUEUE_REASON,
      queuePosition: 3,
    });
    expect(accessToWorld(null, 'w-a')).toEqual({ canAccessGame: false, reason: NO_LOBBY_REASON });
  });
});

describe('shownName', () => {
  test('display name, first name, then the account name: never the e-mail address', () => {
    const email = 'private@example.com';
    expect(shownName({ displayName: 'Ash', firstName: 'A', email, username: 'ash_1' } as never)).toBe('Ash');
    expect(shownName({ displayName: null, firstName: 'Bea', email, username: 'bea_2' } as never)).toBe('Bea');
    expect(shownName({ displayName: '', firstName: null, email, username: 'cole_3' } as never)).toBe('cole_3');
    expect(shownName({ email } as never)).toBe('Survivor');
  });
});

describe('buildStatus', () => {
  test('players by seating time with ISO joinedAt; queue in arrival order with positions, whole-second waits and shown names', () => {
    const status = buildStatus(
      [
        entry('q2', 8, false, { enteredAt: at(10_500) }),
        entry('b', 2, true, { seatedAt: at(30_000), isReady: true, displayName: 'Bee' }),
        entry('a', 5, true, { seatedAt: at(1_000) }),
        entry('q1', 6, false, { enteredAt: at(0), firstName: 'Queenie' }),
      ],
      at(75_900),
      2,
      { worldId: 'w-1', worldName: 'Rust Flats' },
    );
    expect(status).toMatchObject({ worldId: 'w-1', worldName: 'Rust Flats' });
    expect(status.maxPlayers).toBe(2);
    expect(status.players).toEqual([
      { id: 'a', name: 'user_a', joinedAt: at(1_000).toISOString(), isReady: false },
      { id: 'b', name: 'Bee', joinedAt: at(30_000).toISOString(), isReady: true },
    ]);
    expect(status.queue).toEqual([
      { id: 'q1', name: 'Queenie', position: 1, waitTime: 75 },
      { id: 'q2', name: 'user_q2', position: 2, waitTime: 65 },
    ]);
  });

  test('waits are whole seconds and never negative', () => {
    expect(waitSeconds(t0, at(999))).toBe(0);
    expect(waitSeconds(t0, at(1000))).toBe(1);
    expect(waitSeconds(at(5000), t0)).toBe(0);
  });

  test('property: whatever the entries, queue positions are exactly 1..n in arrival order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ seq: fc.nat(10_000), seated: fc.boolean() }), { selector: (e) => e.seq }),
        (specs) => {
          const entries = specs.map((s) => entry(`u${s.seq}`, s.seq, s.seated));
          const { players, queue } = buildStatus(entries, at(60_000), 20, { worldId: 'default', worldName: 'W' });
          expect(queue.map((q) => q.position)).toEqual(queue.map((_, i) => i + 1));
          expect(players.length + queue.length).toBe(entries.length);
          const seqs = queue.map((q) => Number(q.id.slice(1)));
          expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
          for (const q of queue) expect(membershipIn(entries, q.id)).toEqual({ kind: 'queued', position: q.position });
        },
      ),
    );
  });
});

describe('the rules together (a model of the service)', () => {
  type Op = { kind: 'join'; user: number } | { kind: 'leave'; user: number };

  test('property: any sequence of joins and leaves keeps seats ≤ max, fills free seats from the queue head, no duplicates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('join' as const), user: fc.nat(12) }),
            fc.record({ kind: fc.constant('leave' as const), user: fc.nat(12) }),
          ),
          { maxLength: 60 },
        ),
        (max, ops: Op[]) => {
          let entries: LobbyEntryWithNames[] = [];
          let seq = 0;
          const settle = () => {
            const seated = entries.filter((e) => e.seatedAt).length;
            let n = seatsToFill(seated, entries.length - seated, max);
            entries = entries.map((e) => (!e.seatedAt && n-- > 0 ? { ...e, seatedAt: t0 } : e));
          };
          for (const op of ops) {
            const id = `u${op.user}`;
            if (op.kind === 'leave') entries = entries.filter((e) => e.userId !== id);
            settle();
            if (op.kind === 'join') {
              const seated = entries.filter((e) => e.seatedAt).length;
              const d = decideJoin(membershipIn(entries, id), seated, entries.length - seated, max);
              if (d.write !== 'none') entries.push(entry(id, ++seq, d.write === 'seat'));
            }
            const seated = entries.filter((e) => e.seatedAt).length;
            expect(seated).toBeLessThanOrEqual(max);
            if (entries.length > seated) expect(seated).toBe(max);
            expect(new Set(entries.map((e) => e.userId)).size).toBe(entries.length);
          }
        },
      ),
    );
  });
});
