import { expect } from '@playwright/test';
import { gameTest, openGame, seat } from './fixtures.ts';
import { type Point, snapshot, stepWhenAllowed, strides, whereIs } from './map-helpers.ts';

/**
 * Sight works both ways: another survivor is drawn on your map only where you see them, and the server tells where
 * they stand only then (vision and a small margin). Bea walks well past Ash's vision: Ash's page is not even told where
 * she is, though the online list names her; she walks back to Ash's side and is drawn; she walks off again and is gone
 * from Ash's map.
 */
const test = gameTest;

/** The budget refills at 75 units a second: a stride of 110 units about every 1.5 s. */
const STRIDE = 110;

test('another survivor past your sight is not drawn (the online list still names them); walking back into sight, they are', async ({
  browser,
  gameServer: server,
}) => {
  test.setTimeout(150_000);
  const tag = Math.random().toString(36).slice(2, 6);
  const [ctxA, ctxB] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [ash, bea] = await Promise.all([ctxA.newPage(), ctxB.newPage()]);
  await seat(ash, server, { prefix: 'ps', displayName: `Ash ${tag}` });
  await seat(bea, server, { prefix: 'ps', displayName: `Bea ${tag}` });
  const a = await whereIs(ash, server);
  const b = await whereIs(bea, server);
  // Bea walks to Ash's side, then well past any sight without binoculars (350 units from hills by day; line of sight
  // over open plains ends at 125), though within a chunk of Ash's (640 units), where positions used to be sent.
  const off = (p: Point, q: Point) => Math.hypot(p.x - q.x, p.y - q.y);
  const toAsh: Point[] = [{ x: b.x, y: b.y }];
  await strides(bea, server, toAsh, (at) =>
    off(at, a) <= 10 ? null : { heading: Math.atan2(a.y - at.y, a.x - at.x), length: Math.min(STRIDE, off(at, a)) },
  );
  const beside = toAsh.at(-1)!;
  expect(off(beside, a)).toBeLessThanOrEqual(10);
  const away: Point[] = [beside];
  await strides(bea, server, away, (at) =>
    off(at, a) > 400 ? null : { heading: at.x === a.x && at.y === a.y ? 0 : Math.atan2(at.y - a.y, at.x - a.x), length: STRIDE },
  );
  expect(off(away.at(-1)!, a)).toBeGreaterThan(400);

  await openGame(ash, server);

  // The online list names Bea, but Ash's page is not told where she stands: she is out of Ash's sight.
  const seenBea = async () => (await snapshot(ash)).players.find((p) => p.id === b.id) ?? null;
  const online = ash.getByRole('button', { name: /^([2-9]|[1-9]\d+) online$/ });
  await online.hover();
  const list = ash.getByRole('region', { name: 'Survivors Online' });
  await expect(list.getByRole('listitem').filter({ hasText: new RegExp(`^Bea ${tag}$`) })).toHaveCount(1);
  // The server's own list for Ash names her without a position, and the page drew none.
  const listed = (await (await ash.request.get(`${server.url}/api/world/default/players`)).json()) as {
    id: string;
    x?: number;
  }[];
  expect(listed.find((p) => p.id === b.id)?.x).toBeUndefined();
  expect(await seenBea()).toBeNull();

  // Bea walks back the way she came, to Ash's side: Ash's map draws her there.
  for (const p of away.slice(0, -1).reverse()) {
    expect((await stepWhenAllowed(bea, server, p)).accepted).toBe(true);
  }
  await expect
    .poll(
      async () => {
        const p = await seenBea();
        return p && { near: Math.round(off(p, beside)), visible: p.visible };
      },
      { timeout: 15_000 },
    )
    .toEqual({ near: 0, visible: true });

  // She walks off again: once out of Ash's sight, the server says so and Ash's map holds no place for her.
  for (const p of away.slice(1)) {
    expect((await stepWhenAllowed(bea, server, p)).accepted).toBe(true);
  }
  await expect.poll(seenBea, { timeout: 15_000 }).toBeNull();

  await ctxA.close();
  await ctxB.close();
});
