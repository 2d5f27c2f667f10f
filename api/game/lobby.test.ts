import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { shownName } from '../contract/auth.ts';
import { IN_QUEUE_REASON, NO_LOBBY_REASON, NOT_SEATED_HERE_REASON, formatWaitTime } from '../contract/lobby.ts';
import {
  accessToWorld,
  buildStatus,
  expiryCutoff,
  hasLapsed,
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

describe('accessToWorld', () => {
  const entries = [entry('a', 1, true), entry('q1', 2, false), entry('b', 3, true), entry('q2', 7, false), entry('q3', 9, false)];
  test('the queue position is 1-based in arrival order, counting only the queued', () => {
    const queued = (userId: string) => accessToWorld(ownIn(entries, userId), 'default');
    expect(queued('q1')).toEqual({ canAccessGame: false, reason: IN_QUEUE_REASON, queuePosition: 1 });
    expect(queued('q2')).toEqual({ canAccessGame: false, reason: IN_QUEUE_REASON, queuePosition: 2 });
    expect(queued('q3')).toEqual({ canAccessGame: false, reason: IN_QUEUE_REASON, queuePosition: 3 });
    expect(queued('a')).toEqual({ canAccessGame: true, worldId: 'default' });
    expect(queued('nobody')).toEqual({ canAccessGame: false, reason: NO_LOBBY_REASON });
    expect(NO_LOBBY_REASON).toBe('You need to join the lobby first');
  });

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
          for (const q of queue) {
            expect(accessToWorld(ownIn(entries, q.id), 'default')).toMatchObject({ queuePosition: q.position });
          }
        },
      ),
    );
  });
});
