import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { chooseSurvivorColour } from '../../api/game/player-colours.ts';
import { backends, openTestDatabase } from '../../api/testing/databases.ts';
import type { Database } from '../client.ts';
import { lobbyEntries, players, users } from '../schema/index.ts';
import { playersRepo } from './players.ts';

/** Both survivors draw with one seed, so only seeing each other keeps them apart. */
const SEED = 11;

describe.each(backends())('survivor colours in the players repository on %s', (backend) => {
  let database: Database;
  const ids = ['pc-first', 'pc-second'];

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const db = database.db;
    await db.insert(users).values(ids.map((id) => ({ id, username: id, usernameKey: id, passwordHash: 'x' })));
    await db
      .insert(lobbyEntries)
      .values(
        ids.map((userId) => ({ userId, enteredAt: new Date(), seatedAt: new Date(), worldId: 'w', lastSeenAt: new Date() })),
      );
    await db.insert(players).values(ids.map((userId) => ({ userId, worldId: 'w', name: userId, x: 0, y: 0, color: '#fff' })));
  }, 120_000); // a fresh database migrates first: slow on a loaded machine
  afterAll(() => database?.close());

  test('two settlements at once in one world: the second sees the colour the first took', async () => {
    const repo = playersRepo(database.db);
    let secondChoosing = false;
    const seenBySecond: string[][] = [];
    // The first holds its transaction open until the second is choosing too, or 150 ms have passed: under the
    // world's lock the second cannot choose before the first has stored its colour.
    const first = repo.settleColour(ids[0]!, 'w', async (taken, current) => {
      const deadline = Date.now() + 150;
      while (!secondChoosing && Date.now() < deadline) await Bun.sleep(5);
      return chooseSurvivorColour(SEED, taken, current);
    });
    await Bun.sleep(20); // the first has taken the lock (or, without one, read the world)
    const second = repo.settleColour(ids[1]!, 'w', (taken, current) => {
      secondChoosing = true;
      seenBySecond.push(taken);
      return chooseSurvivorColour(SEED, taken, current);
    });
    const [a, b] = await Promise.all([first, second]);
    expect(seenBySecond).toEqual([[a]]);
    expect(b).not.toBe(a);
    const stored = await database.db.select({ color: players.color }).from(players);
    expect(stored.map((r) => r.color).sort()).toEqual([a, b].sort());
  });
});
