import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { TestClient, uniqueName } from '../testing/client.ts';
import { backends } from '../testing/databases.ts';
import { rawRequest } from '../testing/raw-http.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';

const NUL = '\u0000';
const BAD_TEXT = [NUL, '\u0007', '\u009b', '\ud800'];

/** Control characters in any string input are refused at the edge with 400 JSON, never 500. */
describe.each(backends())('control characters in string inputs on %s', (backend) => {
  let server: TestServer;
  let player: TestClient;
  beforeAll(async () => {
    server = await startTestServer(backend);
    player = new TestClient(server.url);
    await player.register(uniqueName('nul'));
    await player.post('/api/lobby/join-game');
    await player.get('/api/world/default');
  });
  afterAll(() => server.stop());

  async function expect400(res: Response, what: string) {
    const body = await res.text();
    if (res.status !== 400) throw new Error(`${what}: expected 400, got ${res.status} ${body}`);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(typeof JSON.parse(body).message).toBe('string');
  }

  test('every string field of every JSON body', async () => {
    const visitor = new TestClient(server.url);
    const register = {
      username: uniqueName('r'),
      password: 'correct horse battery',
      displayName: 'Ann',
      email: 'ann@example.org',
    };
    for (const bad of BAD_TEXT) {
      for (const field of Object.keys(register)) {
        const value = field === 'username' ? bad : `${(register as Record<string, string>)[field]!.slice(0, 8)}${bad}x`;
        await expect400(
          await visitor.post('/api/auth/register', { ...register, [field]: value }),
          `register ${field} ${escape(bad)}`,
        );
      }
      await expect400(
        await visitor.post('/api/auth/login', { username: `a${bad}`, password: 'correct horse battery' }),
        'login username',
      );
      await expect400(
        await visitor.post('/api/auth/login', { username: 'someone', password: `pass${bad}word` }),
        'login password',
      );
      await expect400(await player.patch('/api/user/display-name', { displayName: `Ann${bad}` }), 'display name');
      await expect400(await player.post('/api/poi/p1/scavenge', { worldId: `default${bad}` }), 'scavenge worldId');
      await expect400(await player.post('/api/forage', { worldId: `default${bad}`, playerX: 0, playerY: 0 }), 'forage worldId');
      await expect400(
        await player.post('/api/player/explored-tiles', { worldId: `default${bad}`, exploredTiles: [] }),
        'explored worldId',
      );
      await expect400(
        await player.post('/api/player/explored-tiles', {
          worldId: 'default',
          exploredTiles: [{ chunkX: 0, chunkY: 0, bits: `AA${bad}` }],
        }),
        'explored bits',
      );
    }
    // Nothing was written: the account whose e-mail carried a control character does not exist.
    const login = await visitor.post('/api/auth/login', { username: register.username, password: register.password });
    expect(login.status).toBe(401);
  });

  test('every path parameter and query string', async () => {
    const w = encodeURIComponent(`default${NUL}`);
    const paths = [
      `/api/world/${w}/chunks?centerChunkX=0&centerChunkY=0`,
      `/api/world/${w}/settlements?centerChunkX=0&centerChunkY=0`,
      `/api/world/${w}/shelters?centerChunkX=0&centerChunkY=0`,
      `/api/world/${w}/terrain-info?x=0&y=0`,
      `/api/world/${w}/players`,
      `/api/world/${w}/events`,
      `/api/player/current?worldId=${w}`,
      `/api/player/explored-tiles?worldId=${w}`,
      `/api/player/inventory?worldId=${w}`,
      `/api/player/npc-spawn-check?worldId=${w}`,
      `/api/world/default/chunks?centerChunkX=0${encodeURIComponent(NUL)}&centerChunkY=0`,
    ];
    for (const path of paths) await expect400(await player.get(path), `GET ${path}`);
    await expect400(await player.post(`/api/player/move?worldId=${w}`, { x: 0, y: 0 }), 'move worldId');
    await expect400(await player.post(`/api/poi/${encodeURIComponent(`p${NUL}`)}/scavenge`, { worldId: 'default' }), 'poi id');
  });

  test('the /ws upgrade refuses a worldId with a control character with 400 JSON', async () => {
    const cookie = [...player.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await rawRequest(
      server.url,
      [
        `GET /ws?worldId=${encodeURIComponent(`default${NUL}`)} HTTP/1.1`,
        'upgrade: websocket',
        'connection: Upgrade',
        'sec-websocket-version: 13',
        'sec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==',
        `origin: ${server.url}`,
        `cookie: ${cookie}`,
      ].join('\r\n'),
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain('"message"');
  });

  test('a session cookie with a NUL (or any non-base64url character) is no session: 401, not 500', async () => {
    for (const token of ['%00', 'abc%00def', 'a%20b', '%F0%9F%92%A9']) {
      const res = await fetch(`${server.url}/api/auth/user`, { headers: { cookie: `wl_session=${token}` } });
      expect(res.status).toBe(401);
      expect((await res.json()).message).toBe('Unauthorized');
    }
  });
});
