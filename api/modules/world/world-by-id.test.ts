import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { JoinGameResponse, LobbyStatus, WorldsList } from '../../contract/lobby.ts';
import type { WorldInfo } from '../../contract/world.ts';
import { NOT_SEATED_HERE_REASON } from '../../game/lobby.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';

/**
 * What /game needs to open a world other than `default`: GET /api/world/:worldId (its name and seed, for
 * the seat's world only) and the lobby's `homeWorldId` (the world of the caller's survivor, marked in the list).
 */
describe.each(backends())('a world by id on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { maxPlayers: 1, worldsMax: 2 });
  });
  afterAll(() => server.stop());

  test("a seated player reads their world's name and seed; another world is refused, an unknown one 404; homeWorldId", async () => {
    const [ana, ben] = [new TestClient(server.url), new TestClient(server.url)];
    await ana.register(uniqueName('ana'));
    await ben.register(uniqueName('ben'));
    expect((await ana.json<JoinGameResponse>(ana.post('/api/lobby/join-game'))).worldId).toBe('default');
    const second = (await ben.json<JoinGameResponse>(ben.post('/api/lobby/join-game'))).worldId!;
    expect(second).toMatch(/^w-/);

    const listed = (await ben.json<WorldsList>(ben.get('/api/worlds'))).worlds.find((w) => w.id === second)!;
    const res = await ben.get(`/api/world/${second}`);
    expect(res.status).toBe(200);
    const info = (await res.json()) as WorldInfo;
    expect(info).toMatchObject({ id: second, name: listed.name });
    expect(Number.isInteger(info.seed)).toBe(true);
    // The default world's own route answers as before.
    expect((await ben.json<WorldInfo>(ben.get('/api/world/default'))).id).toBe('default');

    const refused = await ana.get(`/api/world/${second}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: NOT_SEATED_HERE_REASON });
    expect((await ben.get('/api/world/w-nowhere0')).status).toBe(404);
    expect((await new TestClient(server.url).get(`/api/world/${second}`)).status).toBe(401);

    // The lobby names the caller's home world once their survivor lives there.
    expect((await ben.json<LobbyStatus>(ben.get('/api/lobby'))).homeWorldId).toBeNull();
    expect((await ben.get(`/api/player/current?worldId=${second}`)).status).toBe(200);
    expect((await ben.json<LobbyStatus>(ben.get('/api/lobby'))).homeWorldId).toBe(second);
    expect((await ana.json<LobbyStatus>(ana.get('/api/lobby'))).homeWorldId).toBeNull();
  });
});
