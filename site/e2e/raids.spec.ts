import { test as base, expect, type Page } from '@playwright/test';
import { type E2EServer, startE2EServer, uniqueUser } from './fixtures.ts';
import { settleHere } from './settle.ts';

/**
 * Raids as a member see them, on a desktop and on a phone: a survivor founds a settlement and fills its food
 * container past the protected 50; raiders are announced with a banner counting down, and when they have come the
 * raid is in the settlement panel's history. A day lasts 12 s here (beginner's protection 24 s) and NPC time runs ten
 * times faster (the warning comes up to 9 s ahead), so the first raid comes within a minute of founding.
 */
const test = base.extend<{ raidServer: E2EServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern and refuses anything but destructuring
  raidServer: async ({}, use) => {
    const server = await startE2EServer({
      WORLD_SEED: '12345',
      DAY_CYCLE_MS: '12000',
      NPC_TIME_SCALE: '0.1',
      STARTER_KIT: 'Wood Planks:20,Scrap Metal:20,Cloth Scraps:10,Canned Beans:100',
    });
    await use(server);
    await server.stop();
  },
});

// A server of its own per test (each founder needs fresh ground), and up to a minute until the first raid.
test.describe.configure({ timeout: 200_000 });

async function enterGame(page: Page, server: E2EServer): Promise<void> {
  const res = await page.request.post(`${server.url}/api/auth/register`, {
    data: { username: uniqueUser('rd'), password: 'correct horse battery' },
  });
  expect(res.status()).toBe(201);
  expect((await page.request.post(`${server.url}/api/lobby/join-game`)).ok()).toBe(true);
  await page.goto(`${server.url}/game`);
  await expect(page.getByTestId('map-readout')).toBeVisible({ timeout: 20_000 });
}

/** A settlement where the survivor stands, with a food container holding 100 Canned Beans: 50 above protection. */
const settleRich = (page: Page) =>
  settleHere(page, {
    name: `Hold ${Date.now() % 100000}`,
    container: { subtype: 'food', name: 'Larder' },
    deposit: 'food',
  });

async function raidComes(page: Page, openManage?: () => Promise<void>) {
  // The banner counts down to the arrival, then gives way to the outcome.
  const banner = page.locator('[data-raid-warning]');
  await expect(banner).toBeVisible({ timeout: 90_000 });
  await expect(banner.locator('[data-raid-countdown]')).toHaveText(/\d+:\d\d/);
  await expect(banner).toBeHidden({ timeout: 20_000 });
  await openManage?.();
  const history = page.locator('[data-raid-history]:visible').first();
  await expect(history.getByTestId('raid').first()).toBeVisible({ timeout: 15_000 });
  await expect(history.getByTestId('raid').first()).toHaveAttribute('data-outcome', /^(repelled|breached)$/);
  await expect(page.locator('[data-defence]:visible').first()).toBeVisible();
}

test('desktop: a member is warned with a countdown, then finds the raid in the settlement panel', async ({
  page,
  raidServer,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await enterGame(page, raidServer);
  await settleRich(page);
  await raidComes(page);
});

test('phone: the banner sits above the bottom bar; the raid is in Manage', async ({ page, raidServer }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await enterGame(page, raidServer);
  await settleRich(page);
  await raidComes(page, async () => {
    await page.getByRole('button', { name: 'Manage' }).click();
  });
});
