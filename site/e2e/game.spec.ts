import { expect, type Page } from '@playwright/test';
import type { MapSnapshot } from '../src/game/session/debug-hook.ts';
import { becomesTrue, type E2EServer, enterMap, gameTest, toastRegion } from './fixtures.ts';
import { snapshot } from './map-helpers.ts';

const test = gameTest;

/** Waits until `observer`'s map shows player `id` where it stopped (to the nearest unit). */
async function expectSeenAt(observer: Page, id: string, end: { x: number; y: number }, timeout: number) {
  await expect
    .poll(
      async () => {
        const seen = (await snapshot(observer)).players.find((p) => p.id === id);
        return seen ? Math.round(Math.hypot(seen.x - end.x, seen.y - end.y)) : -1;
      },
      { timeout },
    )
    .toBe(0);
}

/** Signs up (through the form, or over the API), takes a lobby seat and opens /game until the map is loaded. */
async function enterGame(page: Page, server: E2EServer, displayName: string, viaForm = true): Promise<MapSnapshot> {
  return (await enterMap(page, server, { prefix: 'g', displayName, viaForm })).map;
}

/**
 * Clicks until the survivor walks somewhere (a click toward water or mountains stops at the shore). With `toward`, it
 * walks to a point 40 units from the watcher standing there, never further: a watcher sees only what is in its sight
 * (at night barely 110 units), and a fallback click 150 units off once left the walker out of it.
 */
async function walkSomewhere(page: Page, toward?: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const start = (await snapshot(page)).me;
  const box = (await page.getByTestId('map').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const around = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => [Math.cos((k * Math.PI) / 4), Math.sin((k * Math.PI) / 4)]);
  const targets: { x: number; y: number }[] = toward
    ? around
        .map(([ux, uy]) => ({ x: toward.x + ux! * 40, y: toward.y + uy! * 40 }))
        // The far side of the watcher first: the walk passes it, so it neither stops short nor runs out of sight.
        .sort((p, q) => Math.hypot(q.x - start.x, q.y - start.y) - Math.hypot(p.x - start.x, p.y - start.y))
    : around.map(([ux, uy]) => ({ x: start.x + ux! * 150, y: start.y + uy! * 150 }));
  const moved = async () => {
    const me = (await snapshot(page)).me;
    return Math.hypot(me.x - start.x, me.y - start.y) > 30;
  };
  for (const target of targets) {
    // The click lands where the map draws the target, read afresh: the camera follows the survivor.
    // A target off the map is clicked at the map's edge on the way to it.
    const { camera, zoom } = await snapshot(page);
    const dx = (target.x - camera.x) * zoom;
    const dy = (target.y - camera.y) * zoom;
    const fit = Math.min(1, (box.width / 2 - 20) / Math.abs(dx || 1), (box.height / 2 - 20) / Math.abs(dy || 1));
    await page.mouse.click(cx + dx * fit, cy + dy * fit);
    // At 60 units a second a walk is 30 units on within half a second; a click it cannot walk to leaves it standing.
    const walked = await becomesTrue(moved, 2_500);
    if (walked) {
      await expect.poll(async () => (await snapshot(page)).me.walking).toBe(false);
      return (await snapshot(page)).me;
    }
  }
  throw new Error('the survivor could not walk in any direction');
}

test('two survivors: one clicks the map and the other sees its marker move; the header shows the time and both names', async ({
  browser,
  gameServer: server,
}) => {
  const [ctxA, ctxB] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [pageA, pageB] = await Promise.all([ctxA.newPage(), ctxB.newPage()]);
  const a = await enterGame(pageA, server, 'Ash Walker');
  const b = await enterGame(pageB, server, 'Bea Watcher');

  // Header: the in-game time and both survivors in the online list.
  await expect(pageB.getByText(/^(Day|Night) \d\d:\d\d$/)).toBeVisible();
  // Counted among whoever else this worker's server still has online (a survivor of an earlier spec may linger).
  const twoOrMore = /^([2-9]|[1-9]\d+) online$/;
  const online = pageB.getByRole('button', { name: twoOrMore });
  await expect(online).toBeVisible();
  await online.hover();
  const list = pageB.getByRole('region', { name: 'Survivors Online' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: /^Ash Walker$/ })).toHaveCount(1);
  await expect(list.getByRole('listitem').filter({ hasText: /^Bea Watcher \(You\)$/ })).toHaveCount(1);
  await expect(pageA.getByRole('button', { name: twoOrMore })).toBeVisible();

  // B sees A where A stands. Both spawn near the origin, but sight is told by the server and shrinks at night:
  // A first walks toward B until B's page has been told where A is.
  const seesA = async () => (await snapshot(pageB)).players.some((p) => p.id === a.me.id);
  for (let i = 0; i < 6; i++) {
    const seen = await becomesTrue(seesA, 2_000);
    if (seen) break;
    await walkSomewhere(pageA, b.me);
  }
  const here = (await snapshot(pageA)).me;
  await expect
    .poll(async () => (await snapshot(pageB)).players.find((p) => p.id === a.me.id) ?? null, { timeout: 10_000 })
    .toMatchObject({ x: here.x, y: here.y });

  // A walks (toward B, so as to stay in B's sight); B's marker for A follows to where A stopped.
  const end = await walkSomewhere(pageA, b.me);
  await expectSeenAt(pageB, a.me.id, end, 10_000);
  // The readout on A's map follows A.
  await expect(pageA.getByTestId('map-readout')).toContainText(`X ${Math.round(end.x)} · Y ${Math.round(end.y)}`);
  // B's game log heard A arrive.
  await expect(pageB.getByRole('log', { name: 'Activity Log' })).toContainText('Bea Watcher entered the wasteland');

  await ctxA.close();
  await ctxB.close();
});

test('the wheel zooms between 0.3 and 3 in steps of 1.1, and zooming in past 1.5 says Tactical', async ({
  page,
  gameServer: server,
}) => {
  await enterGame(page, server, 'Zoe Zoom');
  const readout = page.getByTestId('map-readout');
  await expect(readout).toContainText('Zoom 1.00x');
  await expect(readout).not.toContainText('Tactical');
  const box = (await page.getByTestId('map').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

  await page.mouse.wheel(0, 100);
  await expect(readout).toContainText('Zoom 0.91x');
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -100);
  await expect(readout).toContainText('Zoom 1.21x');
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -100);
  await expect(readout).toContainText('Zoom 1.61x · Tactical');

  for (let i = 0; i < 40; i++) await page.mouse.wheel(0, -100);
  await expect(readout).toContainText('Zoom 3.00x · Tactical');
  for (let i = 0; i < 60; i++) await page.mouse.wheel(0, 100);
  await expect(readout).toContainText('Zoom 0.30x');
  await expect.poll(async () => (await snapshot(page)).chunks.drawn).toBeLessThanOrEqual(25);
  await expect.poll(async () => (await snapshot(page)).chunks.ready).toBe(25);
});

test('keyboard walking, the activity log and, on a phone, the bottom bar instead of the sidebar', async ({
  browser,
  gameServer: server,
}) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await ctx.newPage();
  const start = await enterGame(page, server, 'Mo Bile', false);
  await expect(page.getByRole('complementary', { name: 'Survivor' })).toBeHidden();
  const bar = page.getByRole('navigation', { name: 'Game panels' });
  await expect(bar).toBeVisible();
  // The Game Log has no bar button: any open panel's switcher reaches it.
  await bar.getByRole('button', { name: 'Items' }).click();
  await page.getByRole('navigation', { name: 'Switch panel' }).getByRole('button', { name: 'Game Log' }).click();
  const log = page.getByRole('dialog', { name: 'Game Log' });
  await expect(log).toContainText('Mo Bile entered the wasteland');
  await log.getByRole('button', { name: 'Close' }).click();
  await expect(log).toHaveCount(0);

  // Hold a direction key until the survivor has walked (or slid along a shore) past 10 units, or for up to 2 s: it
  // walks while the key is down.
  let moved = false;
  for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) {
    await page.keyboard.down(key);
    moved = await becomesTrue(async () => {
      const me = (await snapshot(page)).me;
      return Math.hypot(me.x - start.me.x, me.y - start.me.y) > 10;
    }, 2_000);
    await page.keyboard.up(key);
    if (moved) break;
  }
  expect(moved).toBe(true);
  await ctx.close();
});

test('without a live connection the page polls: the other survivor still moves, and the header says so', async ({
  browser,
  gameServer: server,
}) => {
  const [ctxA, ctxB] = await Promise.all([browser.newContext(), browser.newContext()]);
  // B's sockets are refused at once, as a proxy that drops WebSockets would.
  await ctxB.routeWebSocket(/\/ws/, (ws) => ws.close({ code: 1011, reason: 'no sockets here' }));
  const [pageA, pageB] = await Promise.all([ctxA.newPage(), ctxB.newPage()]);
  const a = await enterGame(pageA, server, 'Ada Live', false);
  const b = await enterGame(pageB, server, 'Ben Polling', false);
  await expect(pageB.locator('[data-connection]')).toHaveAttribute('data-connection', /reconnecting|polling/);
  await expect(pageA.locator('[data-connection]')).toHaveAttribute('data-connection', 'open');
  await expect(pageB.getByRole('button', { name: /^([2-9]|[1-9]\d+) online$/ })).toBeVisible();

  const end = await walkSomewhere(pageA, b.me);
  await expectSeenAt(pageB, a.me.id, end, 15_000);
  await ctxA.close();
  await ctxB.close();
});

test('explored land is saved by beacon when the page is left', async ({ page, gameServer: server }) => {
  await enterGame(page, server, 'Eve Explorer', false);
  // The sight may still be uncovering a chunk as the map settles (each frame sees, and the clock sets how far): with
  // the clock known, read the count once it holds over 30 frames.
  await expect(page.getByTestId('game-time')).toHaveText(/\d\d:\d\d/);
  let before = -1;
  await expect
    .poll(
      async () => {
        const { exploredChunks, frames } = await snapshot(page);
        await page.waitForFunction((f) => window.__wastelandMap!.snapshot().frames >= f + 30, frames, { timeout: 10_000 });
        before = exploredChunks;
        return exploredChunks > 0 && (await snapshot(page)).exploredChunks === exploredChunks;
      },
      { timeout: 20_000, intervals: [0] },
    )
    .toBe(true);
  expect(before).toBeGreaterThan(0);
  await page.goto(`${server.url}/lobby`); // pagehide: the beacon carries the unsaved chunks
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`${server.url}/api/player/explored-tiles`)).json()) as { exploredTiles: unknown[] })
          .exploredTiles.length,
    )
    .toBe(before);
});

test('a failed move says Movement Failed; an unauthorized one says so and goes to /api/login', async ({
  browser,
  gameServer: server,
}) => {
  const ctx = await browser.newContext();
  await ctx.routeWebSocket(/\/ws/, (ws) => ws.close({ code: 1011 })); // moves go over REST
  const page = await ctx.newPage();
  await enterGame(page, server, 'Fay Fails', false);
  const box = (await page.getByTestId('map').boundingBox())!;
  const toasts = toastRegion(page);

  await page.route('**/api/player/move**', (route) => route.fulfill({ status: 503, json: { message: 'Service Unavailable' } }));
  await page.mouse.click(box.x + box.width / 2 + 80, box.y + box.height / 2 + 10);
  await expect(toasts).toContainText('Movement Failed');
  await expect(toasts).toContainText('Could not move to that position');
  await page.keyboard.press('F8');
  await expect(toasts.getByRole('list')).toBeFocused();

  await page.unroute('**/api/player/move**');
  await page.route('**/api/player/move**', (route) => route.fulfill({ status: 401, json: { message: 'Unauthorized' } }));
  // The redirect follows 0.5 s after the toast; its answer is held back until the toast has been seen, so a slow
  // machine still sees the toast first.
  let toastSeen: () => void = () => {};
  const seen = new Promise<void>((r) => {
    toastSeen = r;
  });
  await page.route('**/api/login', async (route) => {
    await seen;
    await route.continue();
  });
  // The same spot as before: a path leads there (the first click got as far as the move), wherever this world spawned us.
  await page.mouse.click(box.x + box.width / 2 + 80, box.y + box.height / 2 + 10);
  await expect(toasts).toContainText(/Unauthorized[\s\S]*You are logged out\. Logging in again\.\.\./);
  toastSeen();
  // /api/login sends a signed-in user on to the lobby.
  await page.waitForURL(/\/lobby$/);
  await ctx.close();
});
