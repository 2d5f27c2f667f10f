import { expect, type Locator, type Page } from '@playwright/test';
import { enterMap, gameTest, toastRegion } from './fixtures.ts';
import { type Box, overlaps } from './map-helpers.ts';

/**
 * What a phone leaves of the map and its own buttons: the First steps guide speaks of taps, folds away, keeps its
 * buttons on screen and leaves map between itself and an open panel; the Chat panel keeps its input in the panel and
 * its lines a full row wide; a toast moves clear of the open panel. The desktop keeps its keys and its toast corner.
 */
const test = gameTest;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const SHOTS = process.env.SHOTS_DIR;

const box = async (l: Locator): Promise<Box> => {
  const b = await l.boundingBox();
  expect(b, 'laid out').not.toBeNull();
  return b!;
};

/** The element at the centre of a button is the button itself: on screen and under nothing else. */
async function reachable(page: Page, button: Locator): Promise<void> {
  const b = await box(button);
  const vp = page.viewportSize()!;
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.y).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(vp.width);
  expect(b.y + b.height).toBeLessThanOrEqual(vp.height);
  const hit = await button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return at !== null && (at === el || el.contains(at));
  });
  expect(hit, `${await button.textContent()} is not covered`).toBe(true);
}

test('phone: the guide speaks of taps, folds, keeps its buttons and some map; chat input and lines fit; toasts clear the panel', async ({
  browser,
  gameServer: server,
}) => {
  test.slow();
  const ctx = await browser.newContext(PHONE);
  const page = await ctx.newPage();
  await enterMap(page, server, 'ph');
  const map = page.getByTestId('map');
  const guide = page.getByRole('dialog', { name: 'First steps' });
  await expect(guide).toBeVisible();

  // Touch words on a touch screen; every button of the guide on screen and inside the guide's own box.
  await expect(guide).toContainText('tap the map');
  await expect(guide).not.toContainText('W A S D');
  const g = await box(guide);
  for (const name of ['Got it', 'Hide steps']) {
    const b = guide.getByRole('button', { name });
    await reachable(page, b);
    const bb = await box(b);
    expect(bb.y + bb.height).toBeLessThanOrEqual(g.y + g.height);
  }
  await reachable(page, guide.getByRole('link', { name: 'More in the wiki' }));
  // The survivor stands at the map's centre: the guide ends above it.
  const m = await box(map);
  expect(g.y + g.height).toBeLessThan(m.y + m.height / 2);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-guide.png` });

  // Folded: only its title and buttons; unfolded again on a tap.
  await guide.getByRole('button', { name: 'Hide steps' }).tap();
  await expect(guide.getByRole('listitem').first()).toBeHidden();
  expect((await box(guide)).height).toBeLessThan(130);
  await guide.getByRole('button', { name: 'Show steps' }).tap();
  await expect(guide.getByRole('listitem')).toHaveCount(5);

  // A panel open: the guide folds by itself, and map shows between the two; Got it stays reachable.
  const bar = page.getByRole('navigation', { name: 'Game panels' });
  await bar.getByRole('button', { name: 'Chat' }).tap();
  const sheet = page.locator('.game-sheet');
  await expect(sheet).toBeVisible();
  await expect(guide.getByRole('listitem').first()).toBeHidden();
  const s = await box(sheet);
  const g2 = await box(guide);
  expect(s.y - (g2.y + g2.height), 'map visible between the guide and the panel').toBeGreaterThan(150);
  await reachable(page, guide.getByRole('button', { name: 'Got it' }));
  // Unfolded by hand with the panel open, it still leaves map.
  await guide.getByRole('button', { name: 'Show steps' }).tap();
  await expect(guide.getByRole('listitem').first()).toBeVisible();
  expect(s.y - ((await box(guide)).y + (await box(guide)).height)).toBeGreaterThan(40);
  await reachable(page, guide.getByRole('button', { name: 'Got it' }));
  await guide.getByRole('button', { name: 'Hide steps' }).tap();

  // Chat: long lines wrap across the panel's width, and the input stays inside the panel after them.
  const input = page.getByRole('textbox', { name: 'Nearby message' });
  for (let i = 1; i <= 4; i++) {
    await input.fill(`Line ${i}: anyone near the old gas station with a spare bandage or some clean water to trade?`);
    await input.press('Enter');
    await expect(input).toHaveValue('');
  }
  const list = sheet.getByRole('list', { name: 'Chat messages' });
  await expect(list.getByRole('listitem')).toHaveCount(4);
  const listBox = await box(list);
  for (const text of await list.locator('.chat-line__text').all()) {
    expect((await box(text)).width).toBeGreaterThan(listBox.width * 0.8);
  }
  await reachable(page, input);
  await reachable(page, sheet.getByRole('button', { name: 'Send' }));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-chat.png` });

  // A toast (Forage's result) while the Actions panel is open covers none of the panel.
  await sheet.getByRole('navigation', { name: 'Switch panel' }).getByRole('button', { name: 'Actions' }).tap();
  await sheet.getByRole('button', { name: 'Forage' }).tap();
  const toast = toastRegion(page).getByRole('listitem');
  await expect(toast).toBeVisible();
  const t = await box(toast);
  expect(overlaps(t, await box(sheet)), 'the toast is clear of the open panel').toBe(false);
  expect(t.y).toBeGreaterThanOrEqual(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-toast-sheet.png` });

  // Panel closed: the toast's place is the bottom again, above the bar.
  await sheet.getByRole('button', { name: 'Close' }).tap();
  await expect(sheet).toHaveCount(0);
  await expect.poll(async () => (await box(toast)).y).toBeGreaterThan(844 / 2);
  await ctx.close();
});

test('desktop: the guide keeps its keys and its place in the sidebar; a toast keeps the map’s bottom right', async ({
  browser,
  gameServer: server,
}) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await enterMap(page, server, 'dk');
  const sidebar = page.getByRole('complementary', { name: 'Survivor' });
  const guide = sidebar.getByRole('dialog', { name: 'First steps' });
  await expect(guide).toBeVisible();
  await expect(guide).toContainText('click the map (or W A S D)');
  await expect(guide.getByRole('listitem')).toHaveCount(5);
  await expect(guide.getByRole('button', { name: 'Hide steps' })).toHaveCount(0);
  await reachable(page, guide.getByRole('button', { name: 'Got it' }));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/desktop-guide.png` });

  await sidebar.getByRole('button', { name: 'Forage' }).click();
  const toast = toastRegion(page).getByRole('listitem');
  await expect(toast).toBeVisible();
  const t = await box(toast);
  const s = await box(sidebar);
  expect(t.x + t.width).toBeLessThanOrEqual(s.x);
  expect(t.y + t.height).toBeGreaterThan(800 - 120);
  await ctx.close();
});
