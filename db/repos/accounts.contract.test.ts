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

  test('login failures are counted inside the window only and cleared', async () => {
    const repo = accountsRepo(database.db);
    const t0 = new Date('2026-01-01T00:00:00Z');
    for (let i = 0; i < 3; i++) await repo.recordLoginFailure('victim', new Date(t0.getTime() + i * 60_000));
    expect(await repo.countLoginFailuresSince('victim', t0)).toBe(2);
    expect(await repo.countLoginFailuresSince('victim', new Date(t0.getTime() - 1))).toBe(3);
    expect(await repo.countLoginFailuresSince('someone-else', new Date(0))).toBe(0);
    await repo.clearLoginFailures('victim');
    expect(await repo.countLoginFailuresSince('victim', new Date(0))).toBe(0);
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
      await players.savePositions('a', ids.map((userId, i) => ({ userId, x: i + 0.5, y: -(i + 1), isOnline: i % 2 === 0, lastSeenAt: seen })));
      for (const [i, id] of ids.entries()) {
        expect(await players.find(id, 'a')).toMatchObject({ x: i + 0.5, y: -(i + 1), isOnline: i % 2 === 0, lastSeenAt: seen });
        expect(await players.find(id, 'b')).toMatchObject({ x: 0, y: 0, isOnline: false });
      }
    } finally {
      await database.close();
    }
  });
});
