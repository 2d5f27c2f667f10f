import { expect, type Page } from '@playwright/test';
import { BINOCULARS_VISION, NIGHT_VISION } from '../../api/game/equipment.ts';
import { dayNightTest, type E2EServer, enterMap, toastRegion } from './fixtures.ts';
import { snapshot } from './map-helpers.ts';
import { settleHere } from './settle.ts';

/**
 * Vision gear put on at a settlement: binoculars by day, night vision goggles at night, each on a server whose clock
 * stands there (the survivor carries both in the pack, and what a settlement costs).
 */
const test = dayNightTest;

const enterGame = (page: Page, server: E2EServer) =>
  enterMap(page, server, { prefix: 'eq', viewport: { width: 1280, height: 800 } });

/** A shelter and a settlement where the survivor stands, founded through the API from the page. */
async function settle(page: Page): Promise<string> {
  const name = `Camp ${Math.random().toString(36).slice(2, 7)}`;
  await settleHere(page, { name });
  return name;
}

/** The vision radius once the survivor stands still and the map has seen with it. */
async function standingVision(page: Page): Promise<number> {
  await expect.poll(async () => (await snapshot(page)).me.walking).toBe(false);
  await expect.poll(async () => (await snapshot(page)).visionRadius).not.toBeNull();
  return (await snapshot(page)).visionRadius!;
}

async function equipFromPack(page: Page, itemName: string): Promise<void> {
  const panel = page.getByTestId('equipment').first();
  const select = panel.getByLabel('Item to equip');
  const value = await select.locator('option', { hasText: `${itemName} (` }).getAttribute('value');
  await select.selectOption(value!);
  await panel.getByRole('button', { name: 'Equip', exact: true }).click();
}

test('binoculars equipped at the settlement let a survivor standing still see 2.5 times as far by day', async ({
  page,
  dayServer: server,
}) => {
  await enterGame(page, server);
  expect(await page.evaluate(async () => (await (await fetch('/api/time')).json()).isDay)).toBe(true);
  const panel = page.getByTestId('equipment').first();
  const toasts = toastRegion(page);
  await expect(panel.getByTestId('equipment-site')).toHaveText('Gear can only be changed at a settlement you manage.');

  // Away from any settlement the server refuses: the spec's error toast with its reason.
  await equipFromPack(page, 'Binoculars');
  await expect(toasts).toContainText('Equipment Error');
  await expect(toasts).toContainText('No settlement nearby');
  await panel.getByRole('button', { name: 'Unequip all' }).click();
  await expect(toasts).toContainText('No settlement nearby');

  const name = await settle(page);
  await expect(panel.getByTestId('equipment-site')).toHaveText(`At ${name}: you can change your gear here.`, {
    timeout: 15_000,
  });
  const bare = await standingVision(page);

  await equipFromPack(page, 'Binoculars');
  await expect(toasts).toContainText('Equipped Binoculars');
  const vision = panel.locator('[data-slot="vision"]');
  await expect(vision).toContainText('Binoculars');
  await expect(page.getByTestId('inventory')).not.toContainText('Binoculars');
  await expect.poll(async () => (await snapshot(page)).visionRadius).toBe(bare * BINOCULARS_VISION);

  // Everything off again: with no items container the binoculars go back to the pack, and sight with them.
  await panel.getByRole('button', { name: 'Unequip all' }).click();
  await expect(toasts).toContainText('Unequipped 1 item: 1 into your pack');
  await expect(vision).toContainText('Empty');
  await expect(page.getByTestId('inventory')).toContainText('Binoculars');
  await expect.poll(async () => (await snapshot(page)).visionRadius).toBe(bare);
});

test('night vision goggles widen the night: ×0.9 where bare eyes see ×0.5', async ({ page, nightServer: server }) => {
  await enterGame(page, server);
  expect(await page.evaluate(async () => (await (await fetch('/api/time')).json()).isDay)).toBe(false);
  const panel = page.getByTestId('equipment').first();
  const name = await settle(page);
  await expect(panel.getByTestId('equipment-site')).toHaveText(`At ${name}: you can change your gear here.`, {
    timeout: 15_000,
  });
  const dark = await standingVision(page);
  await equipFromPack(page, 'Night Vision Goggles');
  await expect(panel.locator('[data-slot="vision"]')).toContainText('Night Vision Goggles');
  const expected = (dark / NIGHT_VISION.none) * NIGHT_VISION['Night Vision Goggles'];
  await expect.poll(async () => (await snapshot(page)).visionRadius).toBeCloseTo(expected, 6);
});
