/**
 * /game's first screen, counted rather than timed: the JavaScript the page fetches before the map's first frame
 * (session/game-session.ts splits the rest off), the layout shifts from the static page to the map with its panels
 * (GameFrame.tsx keeps one box for every state), and the frames an idle map draws (none: map/redraw.ts).
 * `bun run bench lighthouse` has the timings.
 */
import { test as base, type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import { MAP_DRAWN_MARK } from '../src/game/map/first-frame.ts';
import { type E2EServer, seat, serverFixture } from './fixtures.ts';

// A server of this file's own: its survivors stay online for a while after their tabs close, and the other game specs
// count who is online on theirs.
const test = base.extend<Record<never, never>, { budgetServer: E2EServer }>({
  budgetServer: serverFixture({ WORLD_SEED: '12345' }),
});

/** Compressed, as served (brotli to Chromium, api/http/site.ts): React and its DOM take most of it, the game the rest. */
const FIRST_FRAME_JS_BUDGET = 100 * 1024;
/** A string of arktype's runtime (its registry's name): the contract's validator runs in a worker, never on the page. */
const ARKTYPE_MARKER = '$ark';

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

const mapDrawn = (page: Page) =>
  page.waitForFunction((mark) => performance.getEntriesByName(mark, 'mark').length > 0, MAP_DRAWN_MARK, { timeout: 30_000 });

/**
 * Scripts the page fetched before and after the map's first frame: url, compressed size, and whether it started a
 * Web Worker (Chromium's initiator type for a worker's script is 'other'; modules are 'script').
 */
function scripts(page: Page) {
  return page.evaluate((mark) => {
    const drawnAt = performance.getEntriesByName(mark, 'mark')[0]!.startTime;
    const all = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({
        url: e.name,
        bytes: e.encodedBodySize,
        before: e.startTime < drawnAt,
        worker: e.initiatorType === 'other',
      }));
    return { all, before: all.filter((s) => s.before) };
  }, MAP_DRAWN_MARK);
}

/**
 * A fresh seated survivor's /game on a desktop, with everything after the first frame too: the features, the panels,
 * the live connection (frames read by the validator worker).
 */
async function gameLoaded(browser: Browser, gameServer: E2EServer) {
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  await seat(page, gameServer, { prefix: 'b' });
  await page.goto(`${gameServer.url}/game`);
  await mapDrawn(page);
  await page.waitForFunction(() => !!window.__wastelandMap, undefined, { timeout: 30_000 });
  await expect(page.locator('[data-connection="open"]')).toBeAttached({ timeout: 20_000 });
  return { ctx, page };
}

test("the JavaScript fetched before the map's first frame stays within 100 KiB, and arktype only runs in a worker", async ({
  browser,
  budgetServer,
}) => {
  const { ctx, page } = await gameLoaded(browser, budgetServer);

  const { all, before } = await scripts(page);
  const total = before.reduce((n, s) => n + s.bytes, 0);
  const listing = before.map((s) => `${new URL(s.url).pathname} ${s.bytes}`).join('\n');
  expect(before.length, listing).toBeGreaterThan(0);
  expect(
    before.every((s) => s.bytes > 0),
    `compressed sizes unknown:\n${listing}`,
  ).toBe(true);
  expect(total, `scripts before the first frame:\n${listing}`).toBeLessThanOrEqual(FIRST_FRAME_JS_BUDGET);

  const withArktype = await Promise.all(
    all.map(async (s) => ({ ...s, ark: (await (await page.request.get(s.url)).text()).includes(ARKTYPE_MARKER) })),
  );
  const name = (s: { url: string }) => new URL(s.url).pathname;
  // On the page's main thread: none of it, before the map or after.
  expect(withArktype.filter((s) => s.ark && !s.worker).map(name)).toEqual([]);
  // The marker does find arktype: in the validator worker, which came after the first frame.
  expect(withArktype.filter((s) => s.ark && s.worker && !s.before).length).toBeGreaterThan(0);
  await ctx.close();
});

for (const [name, options] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`no layout shift from the loading screen to the map and its panels (${name})`, async ({ browser, budgetServer }) => {
    const ctx = await browser.newContext(options);
    const page = await ctx.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __shifts: { value: number; nodes: string[] }[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        })[]) {
          if (e.hadRecentInput) continue;
          const nodes = (e.sources ?? []).map((s) => {
            const n = s.node;
            return n instanceof Element ? `${n.tagName}.${n.className}` : `${n?.nodeName} "${n?.textContent?.slice(0, 30)}"`;
          });
          w.__shifts.push({ value: e.value, nodes });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await seat(page, budgetServer, { prefix: 'b' });
    await page.goto(`${budgetServer.url}/game`);
    await mapDrawn(page);
    // Everything the screen fills in after the map: the panels, the clock, the live connection, the features' data.
    await page.waitForFunction(() => !!window.__wastelandMap, undefined, { timeout: 30_000 });
    await expect(page.locator('[data-connection="open"]')).toBeAttached({ timeout: 20_000 });
    await expect(page.getByTestId('game-time')).toBeAttached();
    if (name === 'phone') await expect(page.getByRole('navigation', { name: 'Game panels' })).toBeVisible();
    else
      await expect(
        page.getByRole('complementary', { name: 'Survivor' }).getByRole('heading', { name: 'Game Log' }),
      ).toBeVisible();
    // Let the frame after the last arrival be laid out before reading the entries.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

    const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; nodes: string[] }[] }).__shifts);
    const total = shifts.reduce((n, s) => n + s.value, 0);
    expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.01);
    await ctx.close();
  });
}

test('a map where nothing moves draws no frames (its loop still runs); a click on it draws again', async ({
  browser,
  budgetServer,
}) => {
  const { ctx, page } = await gameLoaded(browser, budgetServer);
  const counts = () =>
    page.evaluate(() => {
      const s = window.__wastelandMap!.snapshot();
      return { frames: s.frames, drawn: s.drawnFrames, ready: s.chunks.ready === s.chunks.wanted };
    });
  // Settled once every chunk is in and the features' first answers are drawn: then 90 frames (1.5 s at 60 a second)
  // with no draw. (A late answer may still draw a frame or two: try again until a quiet window.)
  let quiet = { ran: 0, drew: -1 };
  await expect
    .poll(
      async () => {
        const a = await counts();
        await page.waitForFunction((f) => window.__wastelandMap!.snapshot().frames >= f + 90, a.frames, {
          timeout: 10_000,
        });
        const b = await counts();
        quiet = { ran: b.frames - a.frames, drew: b.drawn - a.drawn };
        return a.ready && b.ready && quiet.ran > 20 && quiet.drew === 0;
      },
      { timeout: 30_000, intervals: [0] },
    )
    .toBe(true);
  expect(quiet.drew).toBe(0);

  const before = await counts();
  const box = (await page.getByTestId('map').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 + 120, box.y + box.height / 2);
  await expect.poll(async () => (await counts()).drawn - before.drawn).toBeGreaterThan(3);
  await ctx.close();
});
