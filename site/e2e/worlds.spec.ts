import { mkdirSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import type { LobbyStatus, WorldsList } from '../../api/contract/lobby.ts';
import { DEFAULT_WORLD_NAME } from '../../api/game/worlds.ts';
import { type E2EServer, register, serverFixture } from './fixtures.ts';

/**
 * Many worlds on one deployment, in the browser: two seats per world and room for three worlds, so the
 * third player lands in a world opened for them. The lobby lists the worlds with their seats; /game?world= opens one.
 */
const test = base.extend<Record<never, never>, { worldsServer: E2EServer }>({
  // WORLDS_MAX is 1 on PGlite by default: more worlds are asked for here.
  worldsServer: serverFixture({ MAX_PLAYERS: '2', WORLDS_MAX: '3', WORLD_SEED: '12345' }),
});

const SHOTS = '/tmp/shots29';

const worldRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Worlds' }).getByRole('listitem').filter({ hasText: name });

/** Signs up over the API (the form is auth.spec.ts's) and opens the lobby, which seats a newcomer at once. */
async function enterLobby(page: Page, server: E2EServer, prefix: string, displayName: string): Promise<LobbyStatus> {
  await register(page, server, { prefix, displayName });
  await page.goto(`${server.url}/lobby`);
  await expect(page.getByRole('link', { name: 'Enter Game' })).toBeVisible();
  return (await page.request.get(`${server.url}/api/lobby`)).json();
}

test('two players share a world, a third lands in a new one named in its game header; the lobby lists both', async ({
  browser,
  worldsServer: server,
}) => {
  test.setTimeout(150_000);
  const [ash, bea, cole] = await Promise.all([1, 2, 3].map(async () => (await browser.newContext()).newPage()));
  const [pageA, pageB, pageC] = [ash!, bea!, cole!];

  // Two players land in the first world; the third finds it full and a new world opens for them.
  expect((await enterLobby(pageA, server, 'ash', 'Alpha Ash')).worldId).toBe('default');
  expect((await enterLobby(pageB, server, 'bea', 'Bravo Bea')).worldId).toBe('default');
  const third = await enterLobby(pageC, server, 'cole', 'Charlie Cole');
  expect(third.worldId).toMatch(/^w-/);
  const newWorld = third.worldName;
  expect(newWorld).not.toBe(DEFAULT_WORLD_NAME);
  await expect(pageC.getByText(`You have a seat in ${newWorld}.`)).toBeVisible();

  // The lobby lists both worlds with their seats and states, the caller's seat marked.
  await expect(worldRow(pageC, newWorld)).toContainText(/Your seat.*1\/2 seats.*Open/);
  await expect(worldRow(pageC, DEFAULT_WORLD_NAME)).toContainText(/2\/2 seats.*Full/);
  await expect(worldRow(pageC, DEFAULT_WORLD_NAME)).not.toContainText('Your seat');
  await expect(pageC.getByRole('button', { name: `Join ${DEFAULT_WORLD_NAME}` })).toBeDisabled();
  await expect(pageC.getByRole('heading', { name: 'Worlds (2)' })).toBeVisible();
  // A's list (next refresh) shows the new world too, with A's seat in the first.
  await expect(worldRow(pageA, newWorld)).toContainText(/1\/2 seats.*Open/);
  await expect(worldRow(pageA, DEFAULT_WORLD_NAME)).toContainText(/Your seat.*2\/2 seats.*Full/);
  await expect(pageA.getByRole('button', { name: `Join ${newWorld}` })).toBeEnabled();
  // The players list is the caller's own world's.
  await expect(pageC.getByRole('heading', { name: 'Players in Game (1/2)' })).toBeVisible();
  // Server Status counts the whole server (both worlds), and names the caller's world apart.
  const status = pageC.getByRole('region', { name: 'Server Status' });
  await expect(status).toContainText(/Players in game\s*3/);
  await expect(status).toContainText(/Max capacity\s*4/);
  await expect(status).toContainText(/Worlds open\s*2/);
  await expect(status).toContainText(new RegExp(`${newWorld}\\s*1/2`));

  // The world list on a desktop and on a phone, looked at by hand.
  mkdirSync(SHOTS, { recursive: true });
  await pageC.setViewportSize({ width: 1280, height: 800 });
  await pageC.screenshot({ path: `${SHOTS}/lobby-desktop.png` });
  await pageC.getByRole('region', { name: /^Worlds/ }).screenshot({ path: `${SHOTS}/lobby-worlds-desktop.png` });
  await pageC.setViewportSize({ width: 390, height: 844 });
  await pageC.screenshot({ path: `${SHOTS}/lobby-phone.png` });
  await pageC.getByRole('region', { name: /^Worlds/ }).screenshot({ path: `${SHOTS}/lobby-worlds-phone.png` });
  const overflow = await pageC.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the lobby overflows sideways on a phone').toBeLessThanOrEqual(0);
  await pageC.setViewportSize({ width: 1280, height: 800 });

  // Enter goes to the seat's world, and the game header names it.
  await pageC.getByRole('link', { name: 'Enter Game' }).click();
  await expect(pageC).toHaveURL(`${server.url}/game?world=${third.worldId}`);
  await expect(pageC.getByTestId('game-world')).toHaveText(`World: ${newWorld}`, { timeout: 30_000 });
  await expect(pageC.getByTestId('map-readout')).toBeVisible({ timeout: 30_000 });
  await pageC.screenshot({ path: `${SHOTS}/game-header-desktop.png` });

  // /game without a world follows the seat there, and says so in the address.
  await pageC.goto(`${server.url}/game`);
  await expect(pageC).toHaveURL(`${server.url}/game?world=${third.worldId}`);
  await expect(pageC.getByTestId('game-world')).toHaveText(`World: ${newWorld}`, { timeout: 30_000 });

  // Another world's address is refused clearly, with the way to the lobby and to one's own world.
  await pageC.goto(`${server.url}/game?world=default`);
  await expect(pageC.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(pageC.getByText('You are not seated in this world')).toBeVisible();
  await expect(pageC.getByRole('link', { name: 'Go to Lobby' })).toHaveAttribute('href', '/lobby');
  await pageC.getByRole('link', { name: 'Go to Your World' }).click();
  await expect(pageC).toHaveURL(`${server.url}/game?world=${third.worldId}`);
  await expect(pageC.getByTestId('game-world')).toHaveText(`World: ${newWorld}`, { timeout: 30_000 });

  // A Join the server refuses (the list was stale: the world filled meanwhile) shows its reason in the list.
  const stale = (await (await pageB.request.get(`${server.url}/api/worlds`)).json()) as WorldsList;
  await pageA.getByRole('button', { name: `Join ${newWorld}` }).click(); // A moves: the new world is now full
  await expect(pageA).toHaveURL(`${server.url}/game?world=${third.worldId}`);
  await pageB.route('**/api/worlds', (route) => route.fulfill({ json: stale }));
  await pageB.reload();
  await pageB.getByRole('button', { name: `Join ${newWorld}` }).click();
  await expect(pageB.getByRole('alert')).toHaveText('That world is full');
  await expect(pageB).toHaveURL(`${server.url}/lobby`);
  await expect(worldRow(pageB, DEFAULT_WORLD_NAME)).toContainText('Your seat');

  await Promise.all([pageA, pageB, pageC].map((p) => p.context().close()));
});
