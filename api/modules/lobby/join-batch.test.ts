import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { repositories } from '../../../db/index.ts';
import { lobbyEntries, players } from '../../../db/schema/index.ts';
import { SESSION_COOKIE } from '../../contract/auth.ts';
import type { JoinGameResponse, LobbyStatus, WorldsList } from '../../contract/lobby.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { hashSessionToken, newSessionToken } from '../../http/session.ts';

/**
 * Joins that arrive together go in one lobby transaction (api/modules/lobby/service.ts, `join`): each is placed as
 * if alone, in arrival order. Over real HTTP on both databases: seats and worlds counted exactly, queue positions
 * distinct and in order, a user's two joins at once one entry.
 */
describe.each(backends())('joins batched in one transaction on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { maxPlayers: 2, worldsMax: 2 });
  });
  afterAll(() => server.stop());

  async function users(n: number): Promise<(TestClient & { id: string })[]> {
    const accounts = repositories(server.database.db).accounts;
    return Promise.all(
      Array.from({ length: n }, async () => {
        const username = uniqueName('bat');
        const id = crypto.randomUUID();
        await accounts.createUser({ id, username, usernameKey: username.toLowerCase(), passwordHash: 'x' });
        const token = newSessionToken();
        await accounts.createSession(hashSessionToken(token), id, new Date(Date.now() + 86_400_000));
        const c = new TestClient(server.url) as TestClient & { id: string };
        c.cookies.set(SESSION_COOKIE, token);
        c.id = id;
        return c;
      }),
    );
  }
  const join = (c: TestClient) => c.json<JoinGameResponse>(c.post('/api/lobby/join-game'));
  const seatOf = (a: JoinGameResponse) => {
    expect(a.seated).toBe(true);
    return a.worldId!;
  };

  test('9 joins at once: 4 seated in 2 worlds of 2, 5 queued at positions 1..5 in arrival order', async () => {
    const u = await users(9);
    const answers = await Promise.all(u.map(join));
    const seated = answers.filter((a) => a.seated);
    expect(seated.length).toBe(4);
    const perWorld = new Map<string, number>();
    for (const a of seated) perWorld.set(a.worldId!, (perWorld.get(a.worldId!) ?? 0) + 1);
    expect([...perWorld.values()]).toEqual([2, 2]);
    const positions = answers.filter((a) => !a.seated).map((a) => a.position);
    expect(positions.toSorted()).toEqual([1, 2, 3, 4, 5]);
    const list = await u[0]!.json<WorldsList>(u[0]!.get('/api/worlds'));
    expect(list).toMatchObject({ online: 4, open: 2 });

    // What each was told is what the lobby holds: the queue in the positions given.
    const status = await u[0]!.json<LobbyStatus>(u[0]!.get('/api/lobby'));
    const told = new Map(u.map((c, i) => [c.id, answers[i]!]));
    for (const q of status.queue) expect(told.get(q.id)?.position).toBe(q.position);
    // Asking again (all at once) changes nothing.
    const again = await Promise.all(u.map(join));
    for (const [i, a] of again.entries()) {
      expect(a.worldId).toBe(answers[i]!.worldId);
      expect(a.position).toBe(answers[i]!.position);
    }

    // One seat frees: the queue head (position 1) takes it, the rest move up.
    const leaver = u[answers.findIndex((a) => a.seated)]!;
    await leaver.post('/api/lobby/leave');
    const head = u[answers.findIndex((a) => a.position === 1)]!;
    expect((await join(head)).seated).toBe(true);
    const second = u[answers.findIndex((a) => a.position === 2)]!;
    expect((await join(second)).position).toBe(1);
  });

  test('returning players who join at once each go back to the world their survivor lives in', async () => {
    await server.database.db.delete(lobbyEntries);
    const u = await users(4);
    const home = seatOf(await join(u[0]!));
    expect(seatOf(await join(u[1]!))).toBe(home);
    const away = seatOf(await join(u[2]!));
    expect(away).not.toBe(home);
    // Two survivors in each world (two seats each): whatever order the joins land in, each finds its seat at home,
    // the first two in the world they were not seated in before.
    const lives = [away, away, home, home];
    await server.database.db
      .insert(players)
      .values(u.map((c, i) => ({ userId: c.id, worldId: lives[i]!, name: 'back', x: 0, y: 0, color: '#fff' })));
    await server.database.db.delete(lobbyEntries);
    const answers = await Promise.all(u.map(join));
    expect(answers.map((a) => a.seated && a.worldId)).toEqual(lives);
  });

  test("a user's joins sent at once make one entry", async () => {
    await server.database.db.delete(lobbyEntries);
    const [solo] = await users(1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => join(solo!)));
    expect(new Set(answers.map((a) => a.worldId)).size).toBe(1);
    expect(answers.filter((a) => a.action === 'joined_lobby').length).toBe(1);
    expect((await solo!.json<WorldsList>(solo!.get('/api/worlds'))).online).toBe(1);
  });
});
