import { expect, type BrowserContext, type Page } from '@playwright/test';
import type { MapSnapshot } from '../src/game/session/debug-hook.ts';
import { type E2EServer, enterMap, gameTest, openGame, seat, waitForIslands, toastRegion } from './fixtures.ts';
import { snapshot } from './map-helpers.ts';

const test = gameTest;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

const enterGame = async (page: Page, server: E2EServer, displayName: string): Promise<MapSnapshot> =>
  (await enterMap(page, server, { prefix: 'm', displayName })).map;

/**
 * Ada and Ben in a list of who is online, in that order: other specs on the same server may have survivors online too.
 */
async function listsAdaAndBen(list: import('@playwright/test').Locator, [ada, ben]: readonly [string, string]) {
  await expect(list.getByRole('listitem').filter({ hasText: new RegExp(`^${ada}$`) })).toHaveCount(1);
  await expect(list.getByRole('listitem').filter({ hasText: new RegExp(`^${ben} \\(You\\)$`) })).toHaveCount(1);
  const names = await list.getByRole('listitem').allTextContents();
  expect(names.indexOf(ada)).toBeLessThan(names.indexOf(`${ben} (You)`));
}

async function twoSurvivors(browser: import('@playwright/test').Browser, server: E2EServer, phone: boolean) {
  const ctxA = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ctxB = await browser.newContext(phone ? PHONE : { viewport: { width: 1280, height: 800 } });
  const [pageA, pageB] = await Promise.all([ctxA.newPage(), ctxB.newPage()]);
  // No two survivors may share a name: each test of this file has its own pair.
  const names = phone ? (['Ada Desk', 'Ben Phone'] as const) : (['Ada Office', 'Ben Office'] as const);
  await enterGame(pageA, server, names[0]);
  const b = await enterGame(pageB, server, names[1]);
  return { pageA, pageB, b, names, close: () => Promise.all([ctxA.close(), ctxB.close()]) as Promise<unknown> };
}

/** A two-finger pinch from `from` to `to` px between the fingers, about the map's centre (CDP touch events). */
async function pinch(ctx: BrowserContext, page: Page, from: number, to: number) {
  const cdp = await ctx.newCDPSession(page);
  const box = (await page.getByTestId('map').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const fingers = (d: number) => [
    { x: cx - d / 2, y: cy, id: 1 },
    { x: cx + d / 2, y: cy, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(from) });
  for (let i = 1; i <= 6; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(from + ((to - from) * i) / 6) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('on a phone: the bottom bar, its panels and switcher, the players button, the first-run guide, the minimap and pinch zoom', async ({
  browser,
  gameServer: server,
}) => {
  // Many steps (reloads, every panel, two survivors on a phone): a loaded 2-core machine has needed more than 60 s.
  test.slow();
  const { pageB: page, b, names, close } = await twoSurvivors(browser, server, true);
  const ctx = page.context();

  // The first-run guide: shown over the map, focused, dismissed once and for all in this browser.
  const guide = page.getByRole('dialog', { name: 'First steps' });
  await expect(guide).toBeVisible();
  await expect(guide).toBeFocused();
  await expect(guide.getByRole('listitem')).toHaveCount(5);
  await guide.getByRole('button', { name: 'Got it' }).tap();
  await expect(guide).toHaveCount(0);
  await expect(page.getByTestId('map')).toBeFocused();

  // The bar is exactly Items, Actions, Manage, Chat and the wiki; each button slides its panel up and down again.
  const bar = page.getByRole('navigation', { name: 'Game panels' });
  await expect(bar.getByRole('button')).toHaveText(['Items', 'Actions', 'Manage', 'Chat']);
  for (const [button, title] of [
    ['Items', 'Inventory'],
    ['Actions', 'Actions'],
    ['Manage', 'Management'],
    ['Chat', 'Chat'],
  ] as const) {
    await bar.getByRole('button', { name: button }).tap();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await expect(bar.getByRole('button', { name: button })).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.getByRole('dialog', { name: 'Chat' }).getByTestId('chat-panel')).toBeVisible();
  await bar.getByRole('button', { name: 'Chat' }).tap();
  await expect(page.getByRole('dialog', { name: 'Chat' })).toHaveCount(0);
  const [wiki] = await Promise.all([ctx.waitForEvent('page'), bar.getByRole('link', { name: 'Wiki' }).tap()]);
  await expect(wiki).toHaveURL(/\/wiki$/);
  await wiki.close();

  // The switcher inside an open panel reaches every panel, Online Players with both survivors among them.
  await bar.getByRole('button', { name: 'Items' }).tap();
  const switcher = page.getByRole('navigation', { name: 'Switch panel' });
  for (const title of ['Inventory', 'Actions', 'Management', 'Chat', 'Online Players', 'Character', 'Game Log']) {
    await switcher.getByRole('button', { name: title, exact: true }).tap();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  }
  await switcher.getByRole('button', { name: 'Online Players' }).tap();
  const players = page.getByRole('dialog', { name: 'Online Players' });
  await listsAdaAndBen(players, names);
  await players.getByRole('button', { name: 'Close' }).tap();
  await expect(players).toHaveCount(0);

  // The header's players button: one tap opens the list, the next closes it.
  const playersButton = page.getByRole('button', { name: /^([2-9]|[1-9]\d+) online$/ });
  await playersButton.tap();
  await listsAdaAndBen(players, names);
  await expect(playersButton).toHaveAttribute('aria-expanded', 'true');
  await playersButton.tap();
  await expect(players).toHaveCount(0);

  // A tap on the minimap looks toward that corner: the view moves, the survivor stays and has no target.
  const before = await snapshot(page);
  expect(before.zoom).toBeCloseTo(1.4, 5); // a phone opens closer in
  await page.getByTestId('minimap').tap({ position: { x: 8, y: 8 } });
  await expect.poll(async () => (await snapshot(page)).camera.x).toBeLessThan(before.me.x - 200);
  const after = await snapshot(page);
  expect(after.camera.y).toBeLessThan(before.me.y - 200);
  expect(after.target).toBeNull();
  expect(after.me).toMatchObject({ x: b.me.x, y: b.me.y, walking: false });
  await page.getByRole('button', { name: 'Centre on me' }).tap();

  // Two fingers spread: the map zooms in; pinched together: out.
  await pinch(ctx, page, 80, 200);
  await expect.poll(async () => (await snapshot(page)).zoom).toBeGreaterThan(2.5);
  await pinch(ctx, page, 200, 60);
  await expect.poll(async () => (await snapshot(page)).zoom).toBeLessThan(1.4);

  // The guide stays dismissed after a reload.
  await openGame(page, server, { reload: true });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'First steps' })).toHaveCount(0);
  await close();
});

test('on a desktop: the sidebar lists who is online, the header count opens on one click, toasts keep clear of the sidebar', async ({
  browser,
  gameServer: server,
}) => {
  const { pageB: page, names, close } = await twoSurvivors(browser, server, false);

  const sidebar = page.getByRole('complementary', { name: 'Survivor' });
  await expect(sidebar.getByRole('dialog', { name: 'First steps' })).toBeVisible();
  const section = sidebar.getByRole('region', { name: 'Online Players' });
  await listsAdaAndBen(section, names);

  // One click opens the popover (hover had opened it and the click closed it again); the next click closes it.
  const count = page.getByRole('button', { name: /^([2-9]|[1-9]\d+) online$/ });
  const popover = page.getByRole('region', { name: 'Survivors Online' });
  await count.click();
  await expect(popover).toBeVisible();
  await expect(count).toHaveAttribute('aria-expanded', 'true');
  await listsAdaAndBen(popover, names);
  await count.click();
  await expect(popover).toBeHidden();
  await count.click();
  await expect(popover).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();

  // A disabled button looks disabled: no amber, a dashed border.
  const equip = sidebar.getByRole('button', { name: 'Equip', exact: true });
  await expect(equip).toBeDisabled();
  await expect(equip).toHaveCSS('border-top-style', 'dashed');
  await expect(sidebar.getByRole('button', { name: 'Forage' })).toHaveCSS('border-top-style', 'solid');

  // A toast (Forage's result) sits over the map, not over the sidebar.
  await sidebar.getByRole('button', { name: 'Forage' }).click();
  const toast = toastRegion(page).getByRole('listitem');
  await expect(toast).toBeVisible();
  const t = (await toast.boundingBox())!;
  const s = (await sidebar.boundingBox())!;
  expect(t.x + t.width).toBeLessThanOrEqual(s.x);
  await close();
});

test('sign-up states the username rule; the wiki on a phone shows matches right under the search box', async ({
  browser,
  gameServer: server,
}) => {
  const ctx = await browser.newContext(PHONE);
  const page = await ctx.newPage();
  await page.goto(`${server.url}/login`);
  await waitForIslands(page);
  await page.getByRole('tab', { name: 'Create account' }).tap();
  const username = page.getByRole('textbox', { name: 'Username' });
  await expect(username).toHaveAccessibleDescription('3 to 24 letters, digits, _ or -');
  await username.fill('no spaces!');
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account', exact: true }).last().tap();
  expect(await username.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe(
    'Usernames are 3 to 24 letters, digits, _ or -.',
  );
  await expect(page).toHaveURL(/\/login$/);
  await username.fill('good_name-1');
  expect(await username.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(true);

  await page.goto(`${server.url}/wiki`);
  const search = page.getByRole('searchbox', { name: 'Search the wiki' });
  await search.fill('radio');
  const first = page.locator('[data-wiki-section]:not([hidden])').first();
  await expect(first).toBeVisible();
  const box = (await search.boundingBox())!;
  const heading = (await first.boundingBox())!;
  expect(heading.y).toBeGreaterThan(box.y);
  expect(heading.y).toBeLessThan(844); // on screen without scrolling
  await expect(page.getByRole('heading', { name: 'Quick Tips' })).toBeHidden();
  await search.fill('');
  await expect(page.getByRole('heading', { name: 'Quick Tips' })).toBeVisible();
  await ctx.close();
});

test('on a phone the first-run guide is there while the world loads, and stays put when the map comes', async ({
  browser,
  gameServer: server,
}) => {
  const ctx = await browser.newContext(PHONE);
  const page = await ctx.newPage();
  await seat(page, server, { prefix: 'w' });
  // The survivor's first load is held, so the loading screen stays up.
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/player/current**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${server.url}/game`);
  const guide = page.getByRole('dialog', { name: 'First steps' });
  await expect(guide).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: 'Initializing world' });
  await expect(status).toBeVisible();
  const [g, s] = [(await guide.boundingBox())!, (await status.boundingBox())!];
  // The wait sits below the guide, not under it.
  expect(s.y).toBeGreaterThanOrEqual(g.y + g.height);
  release();
  await expect(page.getByTestId('map-readout')).toBeVisible({ timeout: 20_000 });
  const after = (await page.getByRole('dialog', { name: 'First steps' }).boundingBox())!;
  expect(after.y).toBeCloseTo(g.y, 0);
  expect(after.height).toBeCloseTo(g.height, 0);
  await ctx.close();
});
