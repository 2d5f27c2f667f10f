/**
 * The live benchmarks' players: accounts, sessions, lobby seats and worlds written straight into the database the
 * server(s) will open (live.ts, embedded.ts).
 */
import { openDatabase, repositories } from '../../db/index.ts';
import { SESSION_TTL_MS } from '../contract/auth.ts';
import { hashSessionToken, newSessionToken } from '../http/session.ts';

export interface Seeded {
  id: string;
  token: string;
  worldId: string;
}

/** `worlds` worlds (bench-0…) of `perWorld` seated players each, in world order. */
export async function seedPlayers(
  target: { url: string } | { dataDir: string },
  worlds: number,
  perWorld: number,
): Promise<Seeded[]> {
  const db = await openDatabase(target);
  const repos = repositories(db.db);
  const users: Seeded[] = [];
  for (let w = 0; w < worlds; w++) {
    const worldId = `bench-${w}`;
    await repos.world.ensureWorld(worldId, worldId, 1000 + w);
    for (let p = 0; p < perWorld; p++) {
      const id = crypto.randomUUID();
      const name = `b${w}_${p}`;
      await repos.accounts.createUser({ id, username: name, usernameKey: name, passwordHash: 'unused' });
      const token = newSessionToken();
      await repos.accounts.createSession(hashSessionToken(token), id, new Date(Date.now() + 86_400_000));
      await repos.lobby.insert(id, new Date(), worldId);
      users.push({ id, token, worldId });
    }
  }
  await db.close();
  return users;
}

/** `count` accounts with a session each and no seat: users about to join through the lobby (worlds.ts). */
export async function seedAccounts(
  target: { url: string } | { dataDir: string },
  count: number,
): Promise<Omit<Seeded, 'worldId'>[]> {
  const db = await openDatabase(target);
  const repos = repositories(db.db);
  const users: Omit<Seeded, 'worldId'>[] = [];
  for (let from = 0; from < count; from += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - from) }, async (_, k) => {
        const id = crypto.randomUUID();
        const name = `j${from + k}`;
        await repos.accounts.createUser({ id, username: name, usernameKey: name, passwordHash: 'unused' });
        const token = newSessionToken();
        // A session as sign-in makes it (its full lifetime): not one due for extending on its first request.
        await repos.accounts.createSession(hashSessionToken(token), id, new Date(Date.now() + SESSION_TTL_MS));
        return { id, token };
      }),
    );
    users.push(...batch);
  }
  await db.close();
  return users;
}
