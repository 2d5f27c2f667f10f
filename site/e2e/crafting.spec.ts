import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { CRAFT_TEXT, recipeById } from '../../api/game/crafting.ts';
import { type E2EServer, enterMap, serverFixture, toastRegion, ROOMY_PACK } from './fixtures.ts';
import { settleHere } from './settle.ts';

/**
 * Crafting as a new player meets it, on a desktop and on a phone: a survivor with what scavenging brings (handed out
 * as the starter kit: enough for a shelter, a settlement, a container, and a Portable Radio's inputs) founds a
 * settlement and stores the Batteries there; the Crafting section counts pack and storage together, says what a
 * second radio would lack and refuses it, crafts one; the bench delivers it into the pack (NPC time runs 50 times
 * faster: the radio's bench time is seconds), with a toast, a sound and a game-log line; the survivor puts it on and
 * is heard on the radio.
 */
const radio = recipeById('portable-radio')!;

/** Enough for a shelter, a settlement and a misc container, plus one radio's inputs (from the book: balance moves). */
function starterKit(): string {
  const kit: Record<string, number> = { 'Wood Planks': 20, 'Scrap Metal': 20, 'Cloth Scraps': 10 };
  for (const [name, n] of Object.entries(radio.inputs)) kit[name] = (kit[name] ?? 0) + n;
  return Object.entries(kit)
    .map(([name, n]) => `${name}:${n}`)
    .join(',');
}

const test = base.extend<{ craftServer: E2EServer }>({
  // A server per test: each founds a settlement at the spawn, and a second one there would be too close.
  craftServer: serverFixture({ ...ROOMY_PACK, WORLD_SEED: '12345', NPC_TIME_SCALE: '0.02', STARTER_KIT: starterKit() }, 'test'),
});
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

const toasts = toastRegion;

async function enterGame(page: Page, server: E2EServer, displayName: string, viewport: { width: number; height: number }) {
  await enterMap(page, server, { prefix: 'cr', displayName, viewport, dismissGuide: true });
}

/**
 * A shelter, a settlement and a misc container where the survivor stands, through the API from the page, and the
 * pack's Batteries (misc) deposited there: the bench pays from the pack first, then from storage.
 */
async function settleWithStorage(page: Page): Promise<string> {
  const name = `Bench ${Math.random().toString(36).slice(2, 7)}`;
  await settleHere(page, { name, container: { subtype: 'misc', name: 'Odds and ends' }, deposit: 'misc' });
  return name;
}

/** The Crafting section, where ManageSettlement shows: the sidebar on a desktop, the Management sheet on a phone. */
async function craftingSection(page: Page, phone: boolean): Promise<Locator> {
  if (!phone) return page.locator('.game-sidebar').getByTestId('crafting');
  const sheet = page.getByRole('dialog', { name: 'Management' });
  if (!(await sheet.isVisible()))
    await page.getByRole('navigation', { name: 'Game panels' }).getByRole('button', { name: 'Manage' }).click();
  return sheet.getByTestId('crafting');
}

async function craftRadio(page: Page, phone: boolean): Promise<void> {
  const crafting = await craftingSection(page, phone);
  await expect(crafting).toBeVisible({ timeout: 15_000 });
  await expect(crafting.getByTestId('craft-queue-empty')).toHaveText('The bench is idle.');
  // Equipment: the radio is paid for, so it is ready and listed first.
  const equipment = crafting.locator('[data-testid="craft-group"][data-group="equipment"]');
  await expect(equipment.locator('summary')).toContainText(/[1-9]\d* of \d+ ready/);
  await equipment.locator('summary').click();
  const row = equipment.locator('[data-recipe-id="portable-radio"]');
  await expect(row).toHaveAttribute('data-affordable', 'true');
  await expect(row.locator('.craft-recipe__time')).toHaveText(/\d/);
  // Have/need over pack and storage: the Batteries sit in the settlement's container.
  const batteries = row.getByTestId('craft-input').filter({ hasText: 'Batteries' });
  await expect(batteries).toContainText(`${radio.inputs.Batteries}/${radio.inputs.Batteries}`);
  await expect(batteries).toContainText(`${radio.inputs.Batteries} in storage`);

  // Two radios: what is missing, said before asking, and Craft is off.
  const craft = row.getByRole('button', { name: 'Craft Portable Radio' });
  const quantity = row.getByRole('spinbutton', { name: /Qty/ });
  await quantity.fill('2');
  await expect(row.getByTestId('craft-missing')).toHaveText(/^Missing \d+ /);
  await expect(row.getByTestId('craft-missing')).toContainText(`${radio.inputs.Batteries} Batteries`);
  await expect(craft).toBeDisabled();
  await quantity.fill('1');
  await expect(craft).toBeEnabled();

  await craft.click();
  // One look at title and countdown together: at NPC_TIME_SCALE 0.02 the done toast can follow within a second.
  await expect(toasts(page)).toContainText(new RegExp(`${CRAFT_TEXT.queued(1, radio)}[\\s\\S]*Ready in about \\d\\d:\\d\\d`));

  // Done at the bench (the simulation delivers it): a toast that says where it went, into the pack, and the queue empty.
  await expect(toasts(page)).toContainText('Portable Radio ×1 is ready — in your pack', { timeout: 30_000 });
  await expect(crafting.getByTestId('craft-queue-empty')).toBeVisible({ timeout: 15_000 });
  // The inputs are spent: the radio is no longer ready.
  await expect(row).toHaveAttribute('data-affordable', 'false');
  await expect.poll(() => page.evaluate(() => window.__wastelandAudio?.played() ?? [])).toContain('craftDone');
  if (phone) await page.getByRole('dialog', { name: 'Management' }).getByRole('button', { name: 'Close' }).click();
}

async function gameLog(page: Page, phone: boolean): Promise<Locator> {
  if (!phone) return page.locator('.game-sidebar').getByRole('log', { name: 'Activity Log' });
  await page.getByRole('navigation', { name: 'Game panels' }).getByRole('button', { name: 'Chat' }).click();
  const sheet = page.getByRole('dialog', { name: 'Chat' });
  await sheet.getByRole('navigation', { name: 'Switch panel' }).getByRole('button', { name: 'Game Log' }).click();
  return page.getByRole('dialog', { name: 'Game Log' }).getByRole('log', { name: 'Activity Log' });
}

/** Puts the pack's Portable Radio on from the Equipment panel (the sidebar's, or the phone's Character sheet). */
async function equipRadio(page: Page, phone: boolean): Promise<void> {
  let panel: Locator;
  if (phone) {
    await page.getByRole('navigation', { name: 'Game panels' }).getByRole('button', { name: 'Items' }).click();
    const items = page.getByRole('dialog', { name: 'Inventory' });
    await items.getByRole('navigation', { name: 'Switch panel' }).getByRole('button', { name: 'Character' }).click();
    panel = page.getByRole('dialog', { name: 'Character' }).getByTestId('equipment');
  } else {
    panel = page.locator('.game-sidebar').getByTestId('equipment');
  }
  const select = panel.getByLabel('Item to equip');
  const value = await select.locator('option', { hasText: 'Portable Radio (' }).getAttribute('value');
  await select.selectOption(value!);
  await panel.getByRole('button', { name: 'Equip', exact: true }).click();
  await expect(toasts(page)).toContainText('Equipped Portable Radio');
  await expect(panel.locator('[data-slot="communication"]')).toContainText('Portable Radio');
}

test('desktop: craft a Portable Radio from pack and storage, wait for the bench, put it on and talk', async ({
  page,
  craftServer: server,
}) => {
  const who = `Tinker ${Math.random().toString(36).slice(2, 6)}`;
  await enterGame(page, server, who, { width: 1280, height: 800 });
  const name = await settleWithStorage(page);

  // The inventory marks what a bench makes (Rope and Electronic Parts are in the pack).
  const inventory = page.locator('.game-sidebar').getByTestId('inventory');
  await expect(inventory.getByRole('listitem').filter({ hasText: 'Rope' }).getByTestId('item-mark')).toHaveText('Craftable');

  await craftRadio(page, false);
  await expect(inventory.getByRole('listitem').filter({ hasText: 'Portable Radio' })).toBeVisible();
  await expect(await gameLog(page, false)).toContainText(`Portable Radio ×1 (Q`);
  await expect(await gameLog(page, false)).toContainText(`crafted at ${name}, in your pack`);

  await equipRadio(page, false);
  const line = `made it myself ${Math.random().toString(36).slice(2, 6)}`;
  // Enter on a focused sidebar button would press it: the keyboard goes back to the page.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Enter');
  const input = page.getByTestId('chat-overlay').getByLabel('Radio message');
  await expect(input).toBeFocused();
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chat-overlay').getByRole('listitem').filter({ hasText: line })).toContainText(who);
});

test('phone: the same in the Manage sheet, then the radio from the Chat panel', async ({ page, craftServer: server }) => {
  const who = `Fixer ${Math.random().toString(36).slice(2, 6)}`;
  await enterGame(page, server, who, { width: 390, height: 844 });
  const name = await settleWithStorage(page);

  await craftRadio(page, true);
  await expect(await gameLog(page, true)).toContainText(`crafted at ${name}, in your pack`);
  await page.getByRole('dialog', { name: 'Game Log' }).getByRole('button', { name: 'Close' }).click();

  await equipRadio(page, true);
  await page.getByRole('dialog', { name: 'Character' }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('navigation', { name: 'Game panels' }).getByRole('button', { name: 'Chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' }).getByTestId('chat-panel');
  const line = `crafted on a phone ${Math.random().toString(36).slice(2, 6)}`;
  await chat.getByRole('textbox', { name: 'Radio message' }).fill(line);
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('listitem').filter({ hasText: who }).locator('.chat-line__text')).toHaveText(line);
});
