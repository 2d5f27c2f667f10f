import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type } from 'arktype';
import { Elysia } from 'elysia';
import { loadCoreForBun } from '../../core-wasm/index.ts';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { ErrorBody, UNKNOWN_WORLD } from '../contract/http.ts';
import { TestClient, uniqueName } from '../testing/client.ts';
import { backends, openTestDatabase } from '../testing/databases.ts';
import { capturedLog } from '../testing/log.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';
import { errorHandling, errorResponses, HttpError, httpError } from './errors.ts';

/** Routes outside this rule: the lobby (its own module and owner), navigations (302), the socket and the site. */
const UNDECLARED = /^(GET|HEAD) \/\*$|^WS |^GET \/api\/log(in|out)$|\/api\/lobby/;
// The recipe book is public and static, like the clock; so is the list of worlds with their counts.
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/time',
  'POST /api/auth/register',
  'GET /api/crafting/recipes',
  'GET /api/buildings/catalogue',
  'GET /api/worlds',
]);

describe('typed errors: one helper, one body', () => {
  const captured = capturedLog('warn');
  const app = new Elysia()
    .use(errorHandling(captured.log))
    .get('/returned', () => httpError(404, UNKNOWN_WORLD), { response: { 200: type({ n: 'number' }), ...errorResponses(404) } })
    .get(
      '/thrown',
      () => {
        throw new HttpError(409, 'Taken');
      },
      { response: { 200: type({ n: 'number' }), ...errorResponses(409) } },
    )
    // A handler that breaks its own schema: the server's bug, so a 500 (never a 400 blaming the caller).
    .get('/broken', () => ({ n: 'one' }) as unknown as { n: number }, { response: { 200: type({ n: 'number' }) } });
  const call = async (path: string) => {
    const res = await app.handle(new Request(`http://localhost${path}`));
    return { status: res.status, body: await res.json() };
  };

  test('httpError returned and HttpError thrown both answer their status with { message }', async () => {
    expect(await call('/returned')).toEqual({ status: 404, body: { message: UNKNOWN_WORLD } });
    expect(await call('/thrown')).toEqual({ status: 409, body: { message: 'Taken' } });
  });

  test('an answer outside its response schema is a logged 500', async () => {
    expect(await call('/broken')).toEqual({ status: 500, body: { message: 'Internal server error' } });
    expect(captured.lines).toContainEqual(
      expect.objectContaining({ level: 'error', status: 500, route: '/broken', msg: 'answer outside its response schema' }),
    );
  });
});

describe('every REST route declares its answers', () => {
  test('a success schema, and ErrorBody for each error status it can answer', async () => {
    const database = await openTestDatabase('pglite');
    try {
      const app = createApp({ config: { ...loadConfig({}), port: 0 }, database, core: await loadCoreForBun() });
      const undeclared: string[] = [];
      for (const r of app.routes) {
        const name = `${r.method} ${r.path}`;
        if (UNDECLARED.test(name)) continue;
        const response = (r.hooks as { response?: Record<string, unknown> }).response;
        const codes = Object.keys(response ?? {}).map(Number);
        if (!response || !codes.some((c) => c >= 200 && c < 300)) {
          undeclared.push(name);
          continue;
        }
        // Health's 503 carries its own body; every other error is { message }.
        for (const c of codes.filter((c) => c >= 400 && !(name === 'GET /api/health' && c === 503))) {
          if (response[c] !== ErrorBody) undeclared.push(`${name} ${c}`);
        }
        // Everything but these public calls needs a session (or checks credentials) and may answer 401.
        if (!PUBLIC.has(name) && !codes.includes(401)) undeclared.push(`${name} 401`);
      }
      expect(undeclared).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe.each(backends())('naming a world, one way per route, on %s', (backend) => {
  let server: TestServer;
  let player: TestClient;
  beforeAll(async () => {
    server = await startTestServer(backend);
    player = new TestClient(server.url);
    await player.register(uniqueName('wid'));
    await player.post('/api/lobby/join-game');
    await player.get('/api/world/default');
  });
  afterAll(() => server.stop());

  const unknown = 'no-such-world';
  /** Each route named the way its schema documents: path, query or body. */
  const calls: [string, () => Promise<Response>][] = [
    ['path: chunks', () => player.get(`/api/world/${unknown}/chunks?centerChunkX=0&centerChunkY=0`)],
    ['path: settlements', () => player.get(`/api/world/${unknown}/settlements?centerChunkX=0&centerChunkY=0`)],
    ['path: shelters', () => player.get(`/api/world/${unknown}/shelters?centerChunkX=0&centerChunkY=0`)],
    ['path: terrain-info', () => player.get(`/api/world/${unknown}/terrain-info?x=0&y=0`)],
    ['path: players', () => player.get(`/api/world/${unknown}/players`)],
    ['path: events', () => player.get(`/api/world/${unknown}/events`)],
    ['query: current', () => player.get(`/api/player/current?worldId=${unknown}`)],
    ['query: move', () => player.post(`/api/player/move?worldId=${unknown}`, { x: 0, y: 0 })],
    ['query: explored-tiles', () => player.get(`/api/player/explored-tiles?worldId=${unknown}`)],
    ['query: inventory', () => player.get(`/api/player/inventory?worldId=${unknown}`)],
    ['query: npc-spawn-check', () => player.get(`/api/player/npc-spawn-check?worldId=${unknown}`)],
    ['body: explored-tiles', () => player.post('/api/player/explored-tiles', { worldId: unknown, exploredTiles: [] })],
    ['body: scavenge', () => player.post('/api/poi/poi_1_0_0/scavenge', { worldId: unknown })],
    ['body: forage', () => player.post('/api/forage', { worldId: unknown, playerX: 0, playerY: 0 })],
  ];

  test('an unknown world is 404 UNKNOWN_WORLD on every route that names one', async () => {
    const answers: Record<string, unknown> = {};
    for (const [name, call] of calls) {
      const res = await call();
      answers[name] = { status: res.status, body: await res.json() };
    }
    expect(answers).toEqual(Object.fromEntries(calls.map(([name]) => [name, { status: 404, body: { message: UNKNOWN_WORLD } }])));
  });

  test('GET calls without ?worldId= mean the default world; body calls require worldId', async () => {
    expect((await player.get('/api/player/inventory')).status).toBe(200);
    expect((await player.get('/api/player/current')).status).toBe(200);
    const missing = await player.post('/api/forage', { playerX: 0, playerY: 0 });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toMatch(/worldId/);
  });
});
