import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { type E2EServer, enterMap, serverFixture, toastRegion, ROOMY_PACK } from './fixtures.ts';
import { settleHere } from './settle.ts';

/**
 * A breach as a member reads it, on a desktop and on a phone: the toast, the game-log line and the raid history say
 * the losses in one sentence by item ("Lost 27 units: 20 Dried Meat, 7 Canned Beans"), never per quality; the
 * history shows each item's qualities when expanded. The settlement's one food container holds five foods, 50 units
 * above its protected 50, and its only defender is the founder without ammunition: raiders of strength 11 or more
 * against a defence of 5, a breach every time. A day lasts 8 s here (beginner's protection 16 s), so the raid comes
 * within about half a minute.
 */
const test = base.extend<{ raidServer: E2EServer }>({
  // A server of its own per test: each founder needs fresh ground.
  raidServer: serverFixture(
    {
      WORLD_SEED: '12345',
      DAY_CYCLE_MS: '8000',
      NPC_TIME_SCALE: '0.1',
      ...ROOMY_PACK,
      STARTER_KIT:
        'Wood Planks:20,Scrap Metal:20,Cloth Scraps:10,Canned Beans:20,Wild Berries:20,Edible Roots:20,Fresh Fish:20,Dried Meat:20',
    },
    'test',
  ),
});

test.describe.configure({ mode: 'parallel', timeout: 150_000 });
const SHOTS = process.env.SHOTS_DIR;

/** A settlement where the survivor stands, its food container full: 100 units of five foods. */
const settleRich = (page: Page) =>
  settleHere(page, {
    name: `Vault ${Date.now() % 100000}`,
    container: { subtype: 'food', name: 'Larder' },
    deposit: 'food',
  });

/** "Lost N units: 20 Dried Meat, 7 Canned Beans": counts before names, no quality anywhere. */
const SENTENCE = /Lost (\d+) units?: \d+ [A-Z][a-z]+( [A-Z][a-z]+)*(, \d+ [A-Z][a-z]+( [A-Z][a-z]+)*)*( and \d+ more items)?/;

async function breachToast(page: Page): Promise<{ toast: Locator; sentence: string }> {
  const toast = toastRegion(page)
    .getByRole('listitem')
    .filter({ hasText: /Raiders breached/ });
  await expect(toast).toBeVisible({ timeout: 90_000 });
  const text = (await toast.textContent()) ?? '';
  expect(text).toMatch(SENTENCE);
  expect(text).not.toMatch(/Q\d/);
  return { toast, sentence: text.match(SENTENCE)![0] };
}

/** The history's entry: the same sentence, and on expanding it each item with its qualities. */
async function historyGroups(page: Page, sentence: string): Promise<void> {
  const raid = page.locator('[data-raid-history]:visible').first().getByTestId('raid').first();
  await expect(raid).toHaveAttribute('data-outcome', 'breached', { timeout: 15_000 });
  const losses = raid.getByTestId('raid-losses');
  await expect(losses.locator('summary')).toHaveText(sentence);
  await expect(raid.getByTestId('raid-loss').first()).toBeHidden();
  await losses.locator('summary').click();
  const rows = raid.getByTestId('raid-loss');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText(/^[A-Z][a-z]+( [A-Z][a-z]+)*×\d+Q\d+ ×\d+/);
  // One row per item: no item listed twice.
  const names = await rows.locator('.raid__item').allTextContents();
  expect(new Set(names).size).toBe(names.length);
}

test('desktop: a breach is one sentence by item in the toast, the log and the history; qualities on expand', async ({
  page,
  raidServer,
}) => {
  await enterMap(page, raidServer, { prefix: 'rl', viewport: { width: 1280, height: 800 } });
  await settleRich(page);
  const { toast, sentence } = await breachToast(page);
  const t = (await toast.boundingBox())!;
  expect(t.y).toBeGreaterThanOrEqual(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/desktop-breach-toast.png` });
  const log = page.getByRole('complementary', { name: 'Survivor' }).getByRole('log', { name: 'Activity Log' });
  await expect(log).toContainText(sentence);
  await historyGroups(page, sentence);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/desktop-breach-history.png` });
});

test('phone: the breach toast sits clear of the open Manage panel and says the same sentence as the history', async ({
  browser,
  raidServer,
}) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await ctx.newPage();
  await enterMap(page, raidServer, 'rl');
  await settleRich(page);
  await page.getByRole('navigation', { name: 'Game panels' }).getByRole('button', { name: 'Manage' }).tap();
  const sheet = page.locator('.game-sheet');
  await expect(sheet).toBeVisible();
  const { toast, sentence } = await breachToast(page);
  const t = (await toast.boundingBox())!;
  const s = (await sheet.boundingBox())!;
  expect(t.y).toBeGreaterThanOrEqual(0);
  expect(t.y + t.height, 'the toast ends above the open panel').toBeLessThanOrEqual(s.y);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-breach-toast.png` });
  await historyGroups(page, sentence);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-breach-history.png` });
  await ctx.close();
});
