import { type BrowserContext, expect, type Page } from '@playwright/test';
import { FALLBACK_POLL_MS } from '../src/game/live/offline.ts';
import { type E2EServer, enterMap, gameTest, openGame, requestBarrier } from './fixtures.ts';

const test = gameTest;

const enterGame = (page: Page, server: E2EServer, displayName: string) => enterMap(page, server, { prefix: 'c', displayName });

const connection = (page: Page) => page.locator('[data-connection]');

/**
 * Leaves the game and closes the context. The pages go to about:blank first, so none is mid-way through the
 * redirect a signed-out game page makes (a context closed during that navigation hung until the test's timeout on
 * CI). Then the survivor is signed out, so it leaves the world at once: the server this worker shares with the other
 * game specs would otherwise list it as online for a while (a polling page counts as present for 60 s).
 */
async function leave(ctx: BrowserContext, server: E2EServer): Promise<void> {
  for (const page of ctx.pages()) await page.goto('about:blank');
  // As the page's Logout does: leave the world, then end the session.
  expect((await ctx.request.post(`${server.url}/api/player/logout`, { headers: { origin: server.url } })).ok()).toBe(true);
  await ctx.request.get(`${server.url}/api/logout`, { maxRedirects: 0 });
  await ctx.close();
}

test('a second tab takes the game over: the first says so, stops polling, and "Play here" takes it back', async ({
  browser,
  gameServer: server,
}) => {
  const ctx = await browser.newContext();
  // The page's clock is the test's: the paused tab's wait is run through in a moment, every timer in it fired.
  await ctx.clock.install();
  const first = await ctx.newPage();
  await enterGame(first, server, 'Tab Twice');
  await expect(connection(first)).toHaveAttribute('data-connection', 'open');

  const second = await ctx.newPage();
  await openGame(second, server);
  await expect(connection(second)).toHaveAttribute('data-connection', 'open');
  await expect(connection(first)).toHaveAttribute('data-connection', 'replaced');
  await expect(connection(first)).toContainText('Taken over by another tab');
  const notice = first.getByRole('alertdialog', { name: 'Taken over by another tab' });
  await expect(notice).toBeVisible();

  // The paused tab polls nothing: no /players or /events requests while it waits two fallback polls' time.
  const polled: string[] = [];
  first.on('request', (r) => {
    if (/\/api\/world\/[^/]+\/(players|events)/.test(r.url())) polled.push(r.url());
  });
  await ctx.clock.runFor(2 * FALLBACK_POLL_MS);
  await requestBarrier(first);
  expect(polled).toEqual([]);
  await expect(connection(first)).toHaveAttribute('data-connection', 'replaced');

  await notice.getByRole('button', { name: 'Play here' }).click();
  await expect(connection(first)).toHaveAttribute('data-connection', 'open');
  await expect(notice).toBeHidden();
  await expect(connection(second)).toHaveAttribute('data-connection', 'replaced');
  await expect(second.getByRole('alertdialog', { name: 'Taken over by another tab' })).toBeVisible();
  await leave(ctx, server);
});

test('a server on a newer protocol (close 4002) asks for a reload, and Reload reloads', async ({
  browser,
  gameServer: server,
}) => {
  const ctx = await browser.newContext();
  await ctx.routeWebSocket(/\/ws/, (ws) => ws.close({ code: 4002, reason: 'Protocol mismatch' }));
  const page = await ctx.newPage();
  await enterGame(page, server, 'Old Page');
  await expect(connection(page)).toHaveAttribute('data-connection', 'outdated');
  const banner = page.getByRole('alert').filter({ hasText: 'A new version of Wasteland is available — reload the page' });
  await expect(banner).toBeVisible();
  const reloaded = page.waitForEvent('framenavigated');
  await banner.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByTestId('map-readout')).toBeVisible({ timeout: 20_000 });
  await leave(ctx, server);
});

test('losing the seat (close 4003) shows Access Denied with the way to the lobby', async ({ browser, gameServer: server }) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await enterGame(page, server, 'Seat Lost');
  await expect(connection(page)).toHaveAttribute('data-connection', 'open');
  expect((await page.request.post(`${server.url}/api/lobby/leave`)).ok()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Lobby' }).click();
  await page.waitForURL(/\/lobby$/);
  await ctx.close();
});
