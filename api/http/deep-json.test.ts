import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../contract/json-depth.ts';
import { TestClient, uniqueName } from '../testing/client.ts';
import { backends } from '../testing/databases.ts';
import { TestSocket } from '../testing/live.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';

/**
 * JSON nested far past MAX_JSON_DEPTH is refused with 400 before it is parsed, on every body and every socket frame,
 * in a few milliseconds, while the server goes on answering everyone else. The server here runs in the test's own
 * NODE_ENV (not production), where Elysia pretty-prints a refused body into its validation error: a 20,000-deep
 * body of 40 KiB held the event loop for 28 s (then a 500) before the depth was checked on the raw bytes.
 */
const DEPTH = 20_000;
/** `{"a":` nesting takes 6 bytes a level: 10,000 levels stay under the 64 KiB body cap. */
const OBJECT_DEPTH = 10_000;
const arrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const objects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
/** Far more than any of these answers takes when nothing holds the event loop; a held one took seconds. */
const PROMPT_MS = 2_000;

async function timed(res: Promise<Response>): Promise<{ status: number; body: { message?: string }; ms: number }> {
  const started = performance.now();
  const r = await res;
  const body = (await r.json()) as { message?: string };
  return { status: r.status, body, ms: performance.now() - started };
}

describe.each(backends())('JSON nested past the bound on %s', (backend) => {
  let server: TestServer;
  let player: TestClient;
  beforeAll(async () => {
    server = await startTestServer(backend);
    player = new TestClient(server.url);
    await player.register(uniqueName('deep'));
    await player.post('/api/lobby/join-game');
    await player.get('/api/world/default');
  }, 60_000);
  afterAll(() => server.stop());

  test('20,000-deep bodies to sign-in and to a craft route: 400 at once, and a request sent meanwhile is answered', async () => {
    const visitor = new TestClient(server.url);
    const deep = [
      timed(visitor.post('/api/auth/login', arrays(DEPTH))),
      timed(visitor.post('/api/auth/login', objects(OBJECT_DEPTH))),
      timed(player.post('/api/settlements/1/craft', arrays(DEPTH))),
      timed(player.post('/api/settlements/1/craft', `{"recipeId":${arrays(DEPTH)}}`)),
    ];
    // Sent while the deep bodies are in flight: answered promptly, whatever order the answers come in.
    const meanwhile = [timed(fetch(`${server.url}/api/health`)), timed(player.get('/api/crafting/recipes'))];
    for (const answer of await Promise.all(deep)) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(TOO_DEEP_MESSAGE);
      expect(answer.ms).toBeLessThan(PROMPT_MS);
    }
    for (const answer of await Promise.all(meanwhile)) {
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(PROMPT_MS);
    }
  });

  test('the bound is on nesting only: 32 levels pass on to validation, 33 do not; brackets inside strings do not count', async () => {
    const visitor = new TestClient(server.url);
    const within = await visitor.post('/api/auth/login', `{"username":${arrays(MAX_JSON_DEPTH - 1)},"password":"x"}`);
    expect(within.status).toBe(400);
    expect((await within.json()).message).toMatch(/^Invalid request: username must be a string/);
    const past = await visitor.post('/api/auth/login', `{"username":${arrays(MAX_JSON_DEPTH)},"password":"x"}`);
    expect(past.status).toBe(400);
    expect((await past.json()).message).toBe(TOO_DEEP_MESSAGE);
    const quoted = await visitor.post('/api/auth/login', {
      username: `${'['.repeat(40)}\\"{{{`,
      password: 'correct horse battery',
    });
    expect(quoted.status).toBe(401);
  });

  test('a chunked body, a text/plain beacon and a mislabelled content type are scanned as well', async () => {
    const body = new TextEncoder().encode(objects(OBJECT_DEPTH));
    const chunked = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: new ReadableStream({
        start(ctl) {
          for (let i = 0; i < body.length; i += 4096) ctl.enqueue(body.subarray(i, i + 4096));
          ctl.close();
        },
      }),
    });
    expect(chunked.status).toBe(400);
    expect((await chunked.json()).message).toBe(TOO_DEEP_MESSAGE);
    for (const contentType of ['text/plain;charset=UTF-8', 'APPLICATION/JSON', 'application/vnd.api+json']) {
      const res = await player.post('/api/player/explored-tiles', arrays(DEPTH), { 'content-type': contentType });
      expect([contentType, res.status, (await res.json()).message]).toEqual([contentType, 400, TOO_DEEP_MESSAGE]);
    }
  });

  test('a deep socket frame gets an error frame and the socket lives on', async () => {
    const socket = TestSocket.open(server.url, player);
    try {
      await socket.next('connected');
      const tooDeep = `Malformed frame: JSON nested deeper than ${MAX_JSON_DEPTH} levels`;
      socket.send(arrays(2_000));
      await socket.next('error', (m) => m.message === tooDeep);
      socket.send(`{"type":"ping","x":${arrays(1_500)}}`);
      await socket.next('error', (m) => m.message === tooDeep && socket.received.filter((r) => r.type === 'error').length >= 2);
      socket.send({ type: 'ping' });
      await socket.next('pong');
    } finally {
      socket.close();
    }
  });
});
