import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { CONTAINER_BASE_COST } from '../../api/game/settlements.ts';
import { type E2EServer, enterMap, serverFixture, toastRegion, ROOMY_PACK } from './fixtures.ts';
import { settleHere } from './settle.ts';

/**
 * Settlement costs as a player meets them, on a desktop and on a phone: after "Deposit all" the pack is empty and the
 * materials sit in storage; the build menu counts pack and storage together (have/need, and what storage gives),
 * Build is on and builds; a Reinforcement Kit in storage turns Reinforce on and reinforces.
 */
const KIT = 'Wood Planks:20,Scrap Metal:20,Cloth Scraps:10,Steel Pipes:2,Reinforcement Kit:1';

const test = base.extend<{ costServer: E2EServer }>({
  // A server per test: each founds a settlement at the spawn, and a second one there would be too close.
  costServer: serverFixture({ ...ROOMY_PACK, WORLD_SEED: '12345', STARTER_KIT: KIT }, 'test'),
});
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

const toasts = toastRegion;

const enterGame = (page: Page, server: E2EServer, viewport: { width: number; height: number }) =>
  enterMap(page, server, { prefix: 'sc', displayName: 'Builder', viewport, dismissGuide: true });

/** A shelter, a settlement and a materials container where the survivor stands. */
async function settle(page: Page): Promise<void> {
  await settleHere(page, {
    name: `Yard ${Math.random().toString(36).slice(2, 7)}`,
    container: { subtype: 'materials', name: 'Lumber' },
  });
}

/** ManageSettlement: the sidebar on a desktop, the Management sheet on a phone. */
async function manage(page: Page, phone: boolean): Promise<Locator> {
  if (!phone) return page.locator('.game-sidebar');
  const sheet = page.getByRole('dialog', { name: 'Management' });
  if (!(await sheet.isVisible()))
    await page.getByRole('navigation', { name: 'Game panels' }).getByRole('button', { name: 'Manage' }).click();
  return sheet;
}

async function depositThenBuildAndReinforce(page: Page, phone: boolean): Promise<void> {
  await settle(page);
  const panel = await manage(page, phone);
  const storage = panel.getByTestId('storage');
  await expect(storage.getByTestId('container')).toHaveCount(1, { timeout: 15_000 });
  await storage.getByRole('button', { name: 'Deposit all' }).click();
  await expect(toasts(page)).toContainText('Deposited');
  // Everything is in storage now: 20 − 3 (shelter) − 3 (the container) planks.
  const lumber = storage.getByRole('list', { name: 'Lumber contents' });
  await expect(lumber.getByRole('listitem').filter({ hasText: 'Wood Planks' })).toContainText('×14');

  // The build menu counts the pack and storage: Misc Storage needs 2 planks and 2 cloth, storage holds 14 and 9.
  await panel.getByRole('region', { name: 'Build', exact: true }).getByLabel('What').selectOption('container:misc');
  const needs = panel.getByRole('list', { name: 'Misc Storage materials' });
  const planks = needs.getByRole('listitem').filter({ hasText: 'Wood Planks' });
  await expect(planks).toContainText(`14/${CONTAINER_BASE_COST.misc['Wood Planks']}`);
  await expect(planks).toContainText(`${CONTAINER_BASE_COST.misc['Wood Planks']} from storage`);
  await expect(needs.getByRole('listitem').filter({ hasText: 'Cloth Scraps' })).toContainText('9/2');
  const build = panel.getByRole('button', { name: 'Build Misc Storage' });
  await expect(build).toBeEnabled();
  await build.click();
  await expect(toasts(page)).toContainText('Misc Storage');
  await expect(storage.getByTestId('container')).toHaveCount(2);
  await expect(lumber.getByRole('listitem').filter({ hasText: 'Wood Planks' })).toContainText('×12');

  // The Reinforcement Kit sits in storage: Reinforce is on, costs the kit, and reinforces.
  const card = storage.getByTestId('container').filter({ hasText: 'Lumber' });
  const reinforce = card.getByRole('button', { name: 'Reinforce +50' });
  await expect(card.getByRole('list', { name: 'Reinforce Lumber materials' })).toContainText('Reinforcement Kit1/1');
  await expect(reinforce).toBeEnabled();
  await reinforce.click();
  await expect(toasts(page)).toContainText('Container reinforced');
  await expect(card).toContainText('Level 1/4');
  await expect(card.getByTestId('container-capacity')).toHaveText(/\/150$/);
  // No kit left: the raw cost, still paid from storage (12 planks are not it, but 18 scrap and 7 cloth are).
  await expect(card.getByRole('list', { name: 'Reinforce Lumber materials' })).toContainText('Scrap Metal');
  await expect(reinforce).toBeEnabled();
}

test('desktop: after Deposit all, Build and Reinforce count storage, and a Reinforcement Kit reinforces', async ({
  page,
  costServer,
}) => {
  await enterGame(page, costServer, { width: 1280, height: 800 });
  await depositThenBuildAndReinforce(page, false);
});

test('phone: the same in the Management sheet', async ({ page, costServer }) => {
  await enterGame(page, costServer, { width: 390, height: 844 });
  await depositThenBuildAndReinforce(page, true);
});
