import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type E2EServer, enterMap, expect, gameTest, uniqueUser } from './fixtures.ts';

/**
 * /game passes axe (WCAG 2.1 AA) on a desktop with every sidebar section open, and on a phone with each
 * bottom-bar panel open in turn; the contextual action and the first-run guide are on screen throughout.
 */
const test = gameTest;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function serious(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function enter(page: Page, server: E2EServer) {
  await enterMap(page, server, { prefix: 'a11y', displayName: `Axe ${uniqueUser('n').slice(-5)}` });
  await expect(page.locator('[data-contextual-action]')).toBeVisible({ timeout: 30_000 });
}

test('desktop: /game with every sidebar section open passes axe', async ({ browser, gameServer: server }) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await enter(page, server);
  const closed = page.locator('.game-sidebar .game-section__heading button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  await expect(page.getByTestId('settlement-panel').first()).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await ctx.close();
});

test('phone: /game with each panel open passes axe', async ({ browser, gameServer: server }) => {
  test.slow();
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await ctx.newPage();
  await enter(page, server);
  expect(await serious(page), 'the map with the guide and the action').toEqual([]);
  const bar = page.getByRole('navigation', { name: 'Game panels' });
  await bar.getByRole('button', { name: 'Items' }).click();
  const switcher = page.getByRole('navigation', { name: 'Switch panel' });
  for (const name of ['Inventory', 'Actions', 'Management', 'Chat', 'Online Players', 'Character', 'Game Log']) {
    await switcher.getByRole('button', { name, exact: true }).click();
    await expect(page.getByRole('dialog', { name })).toBeVisible();
    expect(await serious(page), name).toEqual([]);
  }
  await ctx.close();
});
