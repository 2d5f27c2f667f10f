import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { backends, openTestDatabase } from '../../api/testing/databases.ts';
import type { Database } from '../client.ts';
import { accountsRepo } from './accounts.ts';
import { playersRepo } from './players.ts';

/** One contract, two backends: the same repository behaviour on PGlite and on the Postgres server. */
describe.each(backends())('accounts repository contract on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(() => database.close());

  const newUser = (name: string) => ({
    id: crypto.randomUUID(),
    username: name,
    usernameKey: name.toLowerCase(),
    passwordHash: 'hash',
  });

  test('createUser answers null on a taken username key and writes nothing', async () => {
    const repo = accountsRepo(database.db);
    const first = await repo.createUser(newUser('Dusty'));
    expect(first?.username).toBe('Dusty');
    expect(await repo.createUser(newUser('dusty'))).toBeNull();
    expect((await repo.findUserByUsernameKey('dusty'))?.id).toBe(first!.id);
  });

  test('sessions: found until expiry, extended, deleted, and swept when expired', async () => {
    const repo = accountsRepo(database.db);
    const user = (await repo.createUser(newUser('Sessions')))!;
    const now = new Date('2026-01-01T00:00:00Z');
    await repo.createSession('h1', user.id, new Date(now.getTime() + 1000));
    expect((await repo.findSession('h1', now))?.user.id).toBe(user.id);
    expect(await repo.findSession('h1', new Date(now.getTime() + 1000))).toBeNull();
    await repo.extendSession('h1', new Date(now.getTime() + 5000));
    expect(await repo.findSession('h1', new Date(now.getTime() + 2000))).not.toBeNull();
    await repo.deleteSession('h1');
    expect(await repo.findSession('h1', now)).toBeNull();

    await repo.createSession('old', user.id, new Date(now.getTime() - 1));
    await repo.deleteExpiredSessions(now);
    expect(await repo.findSession('old', new Date(0))).toBeNull();
  });

  test('login attempts: all counters or none, refused at the limit with the time left, reset when the window passes', async () => {
    const repo = accountsRepo(database.db);
    const W = 15 * 60_000;
    const t0 = new Date('2026-01-01T00:00:00Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const limits = [
      { key: 'u:victim', limit: 3 },
      { key: 'a:1.2.3.4', limit: 5 },
    ];
    for (let i = 0; i < 3; i++) expect(await repo.reserveLoginAttempt(limits, at(i * 60_000), W)).toEqual({ ok: true });
    // The username counter is full: refused, and the address counter is left as it was (all or none).
    expect(await repo.reserveLoginAttempt(limits, at(5 * 60_000), W)).toEqual({
      ok: false,
      key: 'u:victim',
      retryAfterMs: 10 * 60_000,
    });
    expect(await repo.loginAttemptCount('a:1.2.3.4', at(5 * 60_000), W)).toBe(3);
    // A success gives its attempt back on the credited counters and empties the cleared ones.
    await repo.settleLoginSuccess(['u:victim'], ['a:1.2.3.4'], at(6 * 60_000), W);
    expect(await repo.loginAttemptCount('u:victim', at(6 * 60_000), W)).toBe(0);
    expect(await repo.loginAttemptCount('a:1.2.3.4', at(6 * 60_000), W)).toBe(2);
    // Once the window that began at t0 has passed, the counter starts again.
    for (let i = 0; i < 3; i++)
      expect((await repo.reserveLoginAttempt([{ key: 'a:1.2.3.4', limit: 5 }], at(7 * 60_000), W)).ok).toBe(true);
    expect((await repo.reserveLoginAttempt([{ key: 'a:1.2.3.4', limit: 5 }], at(7 * 60_000), W)).ok).toBe(false);
    expect(await repo.reserveLoginAttempt([{ key: 'a:1.2.3.4', limit: 5 }], at(W), W)).toEqual({ ok: true });
    expect(await repo.loginAttemptCount('a:1.2.3.4', at(W), W)).toBe(1);
  });

  test('login attempts: concurrent reservations on one counter never exceed its limit', async () => {
    const repo = accountsRepo(database.db);
    const now = new Date('2026-02-01T00:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        repo.reserveLoginAttempt(
          [
            { key: 'u:race', limit: 10 },
            { key: `a:10.0.0.${i % 3}`, limit: 100 },
          ],
          now,
          60_000,
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(await repo.loginAttemptCount('u:race', now, 60_000)).toBe(10);
  });

  test('login attempts: rows whose window has passed are pruned by later writes', async () => {
    const repo = accountsRepo(database.db);
    const W = 60_000;
    const t0 = new Date('2026-03-01T00:00:00Z');
    // (The rows of the tests above are months older: the first of these writes already prunes them.)
    for (let i = 0; i < 40; i++) await repo.reserveLoginAttempt([{ key: `u:ghost${i}`, limit: 10 }], t0, W);
    expect(await repo.loginAttemptRows()).toBe(40);
    await repo.reserveLoginAttempt([{ key: 'u:later', limit: 10 }], new Date(t0.getTime() + W), W);
    expect(await repo.loginAttemptRows()).toBe(1);
  });

  test('attempt counters with windows of different lengths share the table: a shorter window prunes no longer one early', async () => {
    const repo = accountsRepo(database.db);
    const SIGN_IN = 15 * 60_000;
    const SIGN_UP = 10 * 60_000;
    const t0 = new Date('2026-04-01T00:00:00Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    for (let i = 0; i < 3; i++) await repo.reserveLoginAttempt([{ key: 'a:10.9.8.7', limit: 5 }], t0, SIGN_IN);
    // 11 minutes on, a sign-up (10-minute window) prunes: the sign-in counter still has 4 minutes to run.
    expect((await repo.reserveLoginAttempt([{ key: 's:10.9.8.7', limit: 20 }], at(11 * 60_000), SIGN_UP)).ok).toBe(true);
    expect(await repo.loginAttemptCount('a:10.9.8.7', at(11 * 60_000), SIGN_IN)).toBe(3);
    expect((await repo.reserveLoginAttempt([{ key: 'a:10.9.8.7', limit: 5 }], at(11 * 60_000), SIGN_IN)).ok).toBe(true);
    expect((await repo.reserveLoginAttempt([{ key: 'a:10.9.8.7', limit: 5 }], at(11 * 60_000), SIGN_IN)).ok).toBe(true);
    expect(await repo.reserveLoginAttempt([{ key: 'a:10.9.8.7', limit: 5 }], at(11 * 60_000), SIGN_IN)).toEqual({
      ok: false,
      key: 'a:10.9.8.7',
      retryAfterMs: 4 * 60_000,
    });
    // Each row goes when its own window has ended: the sign-in one at 15 minutes, the sign-up one at 21.
    await repo.reserveLoginAttempt([{ key: 'u:tick', limit: 5 }], at(15 * 60_000), SIGN_IN);
    expect(await repo.loginAttemptCount('s:10.9.8.7', at(15 * 60_000), SIGN_UP)).toBe(1);
    expect(await repo.loginAttemptRows()).toBe(2);
  });

  test('players: upsert keeps one row per user and world; markOffline flags every world', async () => {
    const accounts = accountsRepo(database.db);
    const players = playersRepo(database.db);
    const user = (await accounts.createUser(newUser('Walker')))!;
    await players.upsert({ userId: user.id, worldId: 'default', name: 'Walker', x: 1, y: 2, color: '#fff', isOnline: true });
    await players.upsert({ userId: user.id, worldId: 'default', name: 'Walker', x: 3, y: 4, color: '#fff', isOnline: true });
    await players.upsert({ userId: user.id, worldId: 'other', name: 'Walker', x: 0, y: 0, color: '#fff', isOnline: true });
    const rows = await players.listForUser(user.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.worldId === 'default')).toMatchObject({ x: 3, y: 4 });
    expect(await players.markOffline(user.id)).toBe(2);
    expect((await players.listForUser(user.id)).every((r) => !r.isOnline)).toBe(true);
  });
});

describe.each(backends())('player positions on %s', (backend) => {
  test('savePositions writes many survivors in one statement and leaves other worlds alone', async () => {
    const database = await openTestDatabase(backend);
    try {
      const accounts = accountsRepo(database.db);
      const players = playersRepo(database.db);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const id = crypto.randomUUID();
        await accounts.createUser({ id, username: `p${i}`, usernameKey: `p${i}`, passwordHash: 'h' });
        await players.upsert({ userId: id, worldId: 'a', name: `p${i}`, x: 0, y: 0, color: '#fff', isOnline: false });
        await players.upsert({ userId: id, worldId: 'b', name: `p${i}`, x: 0, y: 0, color: '#fff', isOnline: false });
        ids.push(id);
      }
      const seen = new Date('2026-02-03T04:05:06Z');
      await players.savePositions(
        'a',
        ids.map((userId, i) => ({ userId, x: i + 0.5, y: -(i + 1), isOnline: i % 2 === 0, lastSeenAt: seen })),
      );
      for (const [i, id] of ids.entries()) {
        expect(await players.find(id, 'a')).toMatchObject({ x: i + 0.5, y: -(i + 1), isOnline: i % 2 === 0, lastSeenAt: seen });
        expect(await players.find(id, 'b')).toMatchObject({ x: 0, y: 0, isOnline: false });
      }
    } finally {
      await database.close();
    }
  });
});
