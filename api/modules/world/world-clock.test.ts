import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { JoinGameResponse } from '../../contract/lobby.ts';
import type { TimeInfo, WorldInfo } from '../../contract/world.ts';
import { timeOfDay, worldDayEpoch } from '../../game/day-night.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends } from '../../testing/databases.ts';
import { TestSocket } from '../../testing/live.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { VISION_DAY_MULTIPLIER, VISION_NIGHT_MULTIPLIER } from '../../../core-wasm/constants.ts';

/** Noon on the default world's clock (epoch 0), far from the Unix epoch. */
const DAY_MS = 20 * 60 * 1000;
const NOW = new Date(70_000 * DAY_MS + DAY_MS / 2);
const vision = { day: VISION_DAY_MULTIPLIER, night: VISION_NIGHT_MULTIPLIER };

/** A world has its own day cycle. GET /api/time?worldId= and the world's socket tell that world's time. */
describe.each(backends())('each world its own day on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    // The world's time goes to its sockets every 200 ms instead of every 10 s: the last check waits for one.
    server = await startTestServer(backend, {
      maxPlayers: 1,
      worldsMax: 2,
      dayCycleMs: DAY_MS,
      timeUpdateIntervalMs: 200,
      now: () => NOW,
    });
  });
  afterAll(() => server.stop());

  test("the clock of a world opened on demand follows its seed's phase, on REST and on its socket", async () => {
    const [ana, ben] = [new TestClient(server.url), new TestClient(server.url)];
    await ana.register(uniqueName('ana'));
    await ben.register(uniqueName('ben'));
    expect((await ana.json<JoinGameResponse>(ana.post('/api/lobby/join-game'))).worldId).toBe('default');
    const second = (await ben.json<JoinGameResponse>(ben.post('/api/lobby/join-game'))).worldId!;
    const { seed } = await ben.json<WorldInfo>(ben.get(`/api/world/${second}`));

    // The default world keeps its old clock: noon now.
    const visitor = new TestClient(server.url);
    expect(await visitor.json<TimeInfo>(visitor.get('/api/time'))).toEqual(timeOfDay(NOW.getTime(), DAY_MS, vision, 0));
    expect((await visitor.json<TimeInfo>(visitor.get('/api/time'))).timeString).toBe('12:00');
    const own = timeOfDay(NOW.getTime(), DAY_MS, vision, worldDayEpoch(second, seed, DAY_MS));
    expect(await visitor.json<TimeInfo>(visitor.get(`/api/time?worldId=${second}`))).toEqual(own);

    expect((await visitor.get('/api/time?worldId=w-nowhere0')).status).toBe(404);
    expect((await visitor.get(`/api/time?worldId=${'w'.repeat(65)}`)).status).toBe(400);

    // The world's room sends its own time to its players (every TIME_UPDATE_INTERVAL_MS).
    const socket = TestSocket.open(server.url, ben, `worldId=${second}`);
    try {
      const update = await socket.next('time_update', undefined, 5_000);
      expect(update.time).toEqual(own);
    } finally {
      socket.ws.close();
    }
  }, 30_000);
});
