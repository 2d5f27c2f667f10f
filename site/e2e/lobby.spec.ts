import { test as base, expect, type Page } from '@playwright/test';
import { type E2EServer, register, requestBarrier, serverFixture } from './fixtures.ts';

/** This file's own server: two seats, so a third user has to queue. */
const test = base.extend<Record<never, never>, { lobbyServer: E2EServer }>({
  lobbyServer: serverFixture({ MAX_PLAYERS: '2' }),
});

const playerRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Players in game' }).getByRole('listitem').filter({ hasText: name });
const queueRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Queue' }).getByRole('listitem').filter({ hasText: name });

/**
 * Creates an account over the API (the sign-up form itself is covered by auth.spec.ts) and opens the lobby,
 * where a newcomer is joined at once.
 */
async function enterLobby(page: Page, server: E2EServer, prefix: string, displayName: string, email?: string) {
  await register(page, server, { prefix, displayName, email });
  await page.goto(`${server.url}/lobby`);
}

/** Pretends the tab was hidden or shown again (what switching tabs does). */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

test('two players see each other and toggle ready; a third queues, is refused /game, and is promoted when one leaves', async ({
  browser,
  lobbyServer: server,
}) => {
  const [ash, bea, cole] = await Promise.all(
    [1, 2, 3].map(async (n) => {
      const ctx = await browser.newContext();
      // B's clock is the test's: its wait while hidden is run through at once, every timer in it fired.
      if (n === 2) await ctx.clock.install();
      return ctx.newPage();
    }),
  );
  const [pageA, pageB, pageC] = [ash!, bea!, cole!];

  // Two players sign up and land in the lobby: each takes a seat and sees the other.
  await enterLobby(pageA, server, 'ash', 'Alpha Ash');
  await expect(playerRow(pageA, 'Alpha Ash')).toContainText('(You)');
  await enterLobby(pageB, server, 'bea', 'Bravo Bea', 'bea@example.com');
  await expect(pageB.getByRole('heading', { name: 'Players in Game (2/2)' })).toBeVisible();
  await expect(playerRow(pageB, 'Alpha Ash')).toBeVisible();
  await expect(playerRow(pageB, 'Alpha Ash')).not.toContainText('(You)');
  await expect(playerRow(pageA, 'Bravo Bea')).toBeVisible(); // picked up by A's 2 s refresh
  // Others see the name only: Bea's e-mail address reaches neither A's page nor A's lobby answer.
  await expect(pageA.locator('body')).not.toContainText('bea@example.com');
  expect(await (await pageA.request.get(`${server.url}/api/lobby`)).text()).not.toContain('bea@example.com');
  const status = pageA.getByRole('region', { name: 'Server Status' });
  await expect(status).toContainText(/Players in game\s*2/);
  await expect(status).toContainText(/Max capacity\s*2/);
  await expect(status).toContainText(/Queue length\s*0/);

  // A persistent world starts nothing when players are ready: no Ready button, no Ready badge to puzzle over.
  await expect(pageA.getByRole('button', { name: /Ready/ })).toHaveCount(0);
  await expect(playerRow(pageB, 'Alpha Ash')).not.toContainText('Ready');
  await expect(pageA.getByText('The world is persistent and never waits')).toBeVisible();

  // A hidden tab stops refreshing; showing it again refreshes at once.
  let lobbyCalls = 0;
  pageB.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/lobby') lobbyCalls++;
  });
  await setVisibility(pageB, 'hidden');
  // Counted: every refresh sent before the tab was hidden. Then 4.5 s hidden (two refreshes' time), run through.
  await requestBarrier(pageB);
  const whileHidden = lobbyCalls;
  await pageB.clock.runFor(4_500);
  await requestBarrier(pageB);
  expect(lobbyCalls).toBe(whileHidden);
  await setVisibility(pageB, 'visible');
  await expect.poll(() => lobbyCalls).toBeGreaterThan(whileHidden);

  // A third user finds the seats taken and queues.
  await enterLobby(pageC, server, 'cole', 'Charlie Cole');
  await expect(pageC.getByRole('heading', { name: "You're in the queue!" })).toBeVisible();
  await expect(pageC.getByText('Position #1')).toBeVisible();
  await expect(pageC.getByText(/waiting \d+:\d\d/)).toBeVisible();
  await expect(pageC.getByRole('button', { name: 'Leave Queue' })).toBeVisible();
  await expect(queueRow(pageA, 'Charlie Cole')).toContainText(/#1.*Charlie Cole.*Waiting \d+:\d\d/);
  await expect(pageA.getByRole('region', { name: 'Server Status' })).toContainText(/Queue length\s*1/);

  // The queue does not open /game.
  await pageC.goto(`${server.url}/game`);
  await expect(pageC.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(pageC.getByText('You are in the queue')).toBeVisible();
  await expect(pageC.getByText('Queue position: #1')).toBeVisible();
  await pageC.getByRole('link', { name: 'Go to Lobby' }).click();
  await expect(pageC).toHaveURL(/\/lobby$/);
  await expect(pageC.getByRole('heading', { name: "You're in the queue!" })).toBeVisible();

  // A leaves (and goes home); C is promoted at once and sees it on the next refresh.
  await pageA.getByRole('button', { name: 'Leave Lobby' }).click();
  await expect(pageA).toHaveURL(`${server.url}/`);
  await expect(playerRow(pageC, 'Charlie Cole')).toContainText('(You)');
  await expect(pageC.getByRole('heading', { name: 'Players in Game (2/2)' })).toBeVisible();
  await expect(playerRow(pageB, 'Charlie Cole')).toBeVisible();
  await expect(playerRow(pageB, 'Alpha Ash')).toHaveCount(0);

  // C enters the game.
  await pageC.getByRole('link', { name: 'Enter Game' }).click();
  await expect(pageC).toHaveURL(/\/game\?world=default$/);
  await expect(pageC.getByRole('heading', { name: 'Wasteland', exact: true })).toBeVisible();
  await expect(pageC.getByText('Access Denied')).toHaveCount(0);

  // A, who left, is refused /game with the default reason and finds the way back to the lobby.
  await pageA.goto(`${server.url}/game`);
  await expect(pageA.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(pageA.getByText('You need to join the lobby first')).toBeVisible();
  await expect(pageA.getByRole('link', { name: 'Go to Lobby' })).toHaveAttribute('href', '/lobby');
  await pageA.getByRole('link', { name: 'Go to Lobby' }).click();
  // Back in the lobby, A is joined again: the seats are full, so at the back of the queue.
  await expect(pageA.getByRole('heading', { name: "You're in the queue!" })).toBeVisible();
  await pageA.getByRole('button', { name: 'Leave Queue' }).click();
  await expect(pageA).toHaveURL(`${server.url}/`);

  await Promise.all([pageA, pageB, pageC].map((p) => p.context().close()));
});
