/**
 * Survivor colours through the real routes: twenty survivors entering one world at once all wear colours at least
 * MIN_COLOUR_DELTA_E apart (OKLab), on one process (both databases) and split over two processes on one Postgres,
 * where each process settles colours for its own entrants at the same moment.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { colourDistance, MIN_COLOUR_DELTA_E } from '../../game/player-colours.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends, freshPostgresUrl, describeOnPostgres } from '../../testing/databases.ts';
import { type ServerProcess, spawnServer } from '../../testing/process.ts';
import { startTestServer, TEST_SERVER_ACCOUNTS, type TestServer } from '../../testing/server.ts';

const SEATS = 20;

/** A survivor signed up, seated and entered into `default` through `url`. */
async function enter(url: string): Promise<TestClient> {
  const c = new TestClient(url);
  await c.register(uniqueName('hue'));
  expect((await c.post('/api/lobby/join-game')).status).toBe(200);
  expect((await c.get('/api/world/default')).status).toBe(200);
  expect((await c.get('/api/player/current')).status).toBe(200);
  return c;
}

/** The closest pair of colours the world's player list shows, as "ΔE a b". */
async function closestPair(viewer: TestClient): Promise<{ distance: number; pair: string; count: number }> {
  const list = (await viewer.json(viewer.get('/api/world/default/players'))) as { color: string }[];
  let best = { distance: Number.POSITIVE_INFINITY, pair: '', count: list.length };
  for (let i = 0; i < list.length; i++)
    for (let j = i + 1; j < list.length; j++) {
      const distance = colourDistance(list[i]!.color, list[j]!.color);
      if (distance < best.distance) best = { distance, pair: `${list[i]!.color} ${list[j]!.color}`, count: list.length };
    }
  return best;
}

describe.each(backends())('survivor colours on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, TEST_SERVER_ACCOUNTS);
  }, 120_000);
  afterAll(() => server?.stop());

  test('a full world of survivors entering at once: every two colours at least the bound apart', async () => {
    const all = await Promise.all(Array.from({ length: SEATS }, () => enter(server.url)));
    const closest = await closestPair(all[0]!);
    expect(closest.count).toBe(SEATS);
    expect(closest.distance, closest.pair).toBeGreaterThanOrEqual(MIN_COLOUR_DELTA_E);
  }, 180_000);
});

describeOnPostgres('survivor colours across two processes', () => {
  let p1: ServerProcess;
  let p2: ServerProcess;
  beforeAll(async () => {
    const env = { DATABASE_URL: await freshPostgresUrl() };
    // One after the other: both would otherwise race to apply the migrations.
    p1 = await spawnServer(env);
    p2 = await spawnServer(env);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([p1?.stop(), p2?.stop()]);
  });

  test('twenty sign-ups at once, half through each process: every two colours at least the bound apart', async () => {
    const all = await Promise.all(Array.from({ length: SEATS }, (_, i) => enter((i % 2 ? p2 : p1).url)));
    for (const viewer of [all[0]!, all[1]!.at(p2.url)]) {
      const closest = await closestPair(viewer);
      expect(closest.count).toBe(SEATS);
      expect(closest.distance, closest.pair).toBeGreaterThanOrEqual(MIN_COLOUR_DELTA_E);
    }
  }, 180_000);
});
