import { afterAll, beforeAll } from 'bun:test';
import { loadCoreForBun } from '../../core-wasm/index.ts';
import type { TestClient } from './client.ts';
import type { Backend } from './databases.ts';
import { TestSocket } from './live.ts';
import { startTestServer, type TestServer } from './server.ts';
import { openSpots, SettlementFixture } from './settlements.ts';

export interface ChatWorld {
  server: TestServer;
  /** Survivors placed on open ground of the world (testing/settlements.ts). */
  f: SettlementFixture;
  /** How far the server's clock runs ahead of the wall clock: slow mode's window can be stepped past. */
  ahead: number;
  /** A live socket for the client, closed when the suite ends. */
  open(c: TestClient): TestSocket;
}

/**
 * The chat suites' server (radio and nearby voice): the world at `seed`, seats that never lapse, a clock that can run
 * ahead, and the suite's sockets closed at the end. Call inside a describe; the fields are there once its beforeAll ran.
 */
export function chatWorld(backend: Backend, seed: number): ChatWorld {
  const sockets: TestSocket[] = [];
  const world = {
    ahead: 0,
    open(c: TestClient) {
      const s = TestSocket.open(world.server.url, c);
      sockets.push(s);
      return s;
    },
  } as ChatWorld;
  beforeAll(async () => {
    world.server = await startTestServer(backend, {
      worldSeed: seed,
      seatTimeoutMs: 24 * 3600_000,
      now: () => new Date(Date.now() + world.ahead),
    });
    world.f = new SettlementFixture(world.server, openSpots(await loadCoreForBun(), seed));
  }, 90_000);
  afterAll(async () => {
    for (const s of sockets) if (s.ws.readyState <= 1) s.close();
    await world.server?.stop();
  });
  return world;
}
