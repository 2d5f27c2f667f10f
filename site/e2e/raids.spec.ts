import { test as base, expect, type Page } from '@playwright/test';
import { type E2EServer, enterMap, serverFixture, ROOMY_PACK } from './fixtures.ts';
import { settleHere } from './settle.ts';

/**
 * Raids as a member see them, on a desktop and on a phone: a survivor founds a settlement and fills its food
 * container past the protected 50; raiders are announced with a banner counting down, and when they have come the
 * raid is in the settlement panel's history. A day lasts 8 s here (beginner's protection 16 s) and NPC time runs ten
 * times faster (the warning comes from the noon draw, 1.8 to 5.4 s ahead), so the first raid comes within about half
 * a minute of founding.
 */
const test = base.extend<{ raidServer: E2EServer }>({
  // A server of its own per test: each founder needs fresh ground.
  raidServer: serverFixture(
    {
      WORLD_SEED: '12345',
      DAY_CYCLE_MS: '8000',
      NPC_TIME_SCALE: '0.1',
      ...ROOMY_PACK,
      STARTER_KIT: 'Wood Planks:20,Scrap Metal:20,Cloth Scraps:10,Canned Beans:100',
    },
    'test',
  ),
});

// Up to a minute until the first raid (a night without one included).
test.describe.configure({ mode: 'parallel', timeout: 150_000 });

/** A settlement where the survivor stands, with a food container holding 100 Canned Beans: 50 above protection. */
const settleRich = (page: Page) =>
  settleHere(page, {
    name: `Hold ${Date.now() % 100000}`,
    container: { subtype: 'food', name: 'Larder' },
    deposit: 'food',
  });

async function raidComes(page: Page, openManage?: () => Promise<void>) {
  // The banner counts down to the arrival, then gives way to the outcome. It may stand for under two seconds: its
  // visibility and its countdown are read together, every 100 ms.
  const banner = page.locator('[data-raid-warning]');
  await expect
    .poll(
      () =>
        banner.evaluateAll((els) =>
          els.some((el) => {
            const r = el.getBoundingClientRect();
            const shown = r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
            return shown && /\d+:\d\d/.test(el.querySelector('[data-raid-countdown]')?.textContent ?? '');
          }),
        ),
      { timeout: 90_000, intervals: [100] },
    )
    .toBe(true);
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
  await enterMap(page, raidServer, { prefix: 'rd', viewport: { width: 1280, height: 800 } });
  await settleRich(page);
  await raidComes(page);
});

test('phone: the banner sits above the bottom bar; the raid is in Manage', async ({ page, raidServer }) => {
  await enterMap(page, raidServer, { prefix: 'rd', viewport: { width: 390, height: 844 } });
  await settleRich(page);
  await raidComes(page, async () => {
    await page.getByRole('button', { name: 'Manage' }).click();
  });
});
