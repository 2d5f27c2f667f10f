import { test as base, expect, type Page } from '@playwright/test';
import { CHAT_TEXT } from '../../api/game/chat.ts';
import { type E2EServer, enterMap, openGame, serverFixture, toastRegion, ROOMY_PACK } from './fixtures.ts';
import { snapshot } from './map-helpers.ts';
import { settleHere } from './settle.ts';

/**
 * The radio between two desktop survivors: the overlay (Enter, typing that does not walk, Enter sends, Escape, the
 * fade), the refusal without a radio, muting that outlives a reload, and a rename the other sees live. Everyone
 * starts with a Portable Radio in the pack and enough for a shelter and a settlement, where it can be put on.
 */
const radioEnv = {
  ...ROOMY_PACK,
  WORLD_SEED: '12345',
  STARTER_KIT: 'Wood Planks:20,Scrap Metal:20,Cloth Scraps:10,Portable Radio:1',
};
const test = base.extend<{ radioServer: E2EServer }, { sharedServer: E2EServer }>({
  // One server per test that puts a radio on: each founds a settlement at the spawn, and a second one there would
  // be too close.
  radioServer: serverFixture(radioEnv, 'test'),
  sharedServer: serverFixture(radioEnv),
});

// Independent tests (a server per test, or the worker's shared one): they may run in both workers at once.
test.describe.configure({ mode: 'parallel' });

async function enterGame(page: Page, server: E2EServer, displayName: string): Promise<void> {
  await enterMap(page, server, { prefix: 'ch', displayName, viewport: { width: 1280, height: 800 } });
  // The radio overlay comes with the panels, after the map's first frame: Enter before it would open nothing.
  await expect(overlay(page)).toBeAttached({ timeout: 20_000 });
}

/** Founds a settlement where the survivor stands and puts the pack's Portable Radio on, through the API. */
async function equipRadio(page: Page): Promise<void> {
  await settleHere(page, { name: `Camp ${Math.random().toString(36).slice(2, 7)}` });
  const equipped = await page.evaluate(async () => {
    const pack = (await (await fetch('/api/player/inventory?worldId=default', { credentials: 'include' })).json()) as {
      items: { id: string; itemName: string }[];
    };
    const radio = pack.items.find((i) => i.itemName === 'Portable Radio');
    const equip = await fetch('/api/player/equipment/equip', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ itemId: radio?.id ?? 'none', slot: 'communication', worldId: 'default', source: 'inventory' }),
    });
    return equip.status;
  });
  expect(equipped).toBe(200);
}

const overlay = (page: Page) => page.getByTestId('chat-overlay');
const chatInput = (page: Page) => overlay(page).getByLabel('Radio message');
const toasts = toastRegion;

/** Opens the desktop sidebar's Radio section (the Chat panel). */
async function radioPanel(page: Page) {
  // Its name carries the unread count while closed ("Radio, 2 unread").
  const heading = page.getByRole('button', { name: /^Radio(, \d+ unread)?$/ });
  if ((await heading.getAttribute('aria-expanded')) !== 'true') {
    await heading.click();
    // Enter on the focused heading would fold it again: hand the keyboard back to the page.
    await heading.blur();
  }
  return page.locator('.game-sidebar').getByTestId('chat-panel');
}

test('Enter opens the radio, typing does not walk, Enter sends, the other survivor sees it float and fade; Escape closes', async ({
  browser,
  radioServer: server,
}) => {
  test.setTimeout(120_000);
  const tag = Math.random().toString(36).slice(2, 6);
  const [ctxA, ctxB] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [pageA, pageB] = await Promise.all([ctxA.newPage(), ctxB.newPage()]);
  await Promise.all([enterGame(pageA, server, `Ash ${tag}`), enterGame(pageB, server, `Bea ${tag}`)]);
  await equipRadio(pageA);

  await expect.poll(async () => (await snapshot(pageA)).me.walking).toBe(false);
  const before = (await snapshot(pageA)).me;
  await pageA.keyboard.press('Enter');
  await expect(chatInput(pageA)).toBeFocused();
  await expect(overlay(pageA).getByText(CHAT_TEXT.noRadio)).toHaveCount(0);
  // W and A walk the survivor on the map; in the radio's input they are letters.
  await pageA.keyboard.type('wa wasd anyone out there?');
  await expect(chatInput(pageA)).toHaveValue('wa wasd anyone out there?');
  await pageA.keyboard.press('Enter');
  await expect(chatInput(pageA)).toHaveValue('');

  const seen = overlay(pageB).getByRole('listitem').filter({ hasText: 'wa wasd anyone out there?' });
  await expect(seen).toContainText(`Ash ${tag}`);
  await expect(overlay(pageA).getByRole('listitem')).toContainText('wa wasd anyone out there?');
  const after = (await snapshot(pageA)).me;
  expect([after.x, after.y, after.walking]).toEqual([before.x, before.y, false]);

  await pageA.keyboard.press('Escape');
  await expect(chatInput(pageA)).toHaveCount(0);

  // It fades after 4 s and is gone after 5 s (the times themselves: src/game/chat/overlay.test.ts); the history in
  // the Radio panel keeps it. The expectation's own timeout: a loaded machine has stalled this page for 4.5 s.
  await expect(seen).toHaveAttribute('data-phase', 'fading');
  await expect(seen).toHaveCount(0);
  await expect(await radioPanel(pageB)).toContainText('wa wasd anyone out there?');

  await ctxA.close();
  await ctxB.close();
});

test('without a Portable Radio the overlay offers Nearby only, and says before anything is typed that the radio needs one', async ({
  page,
  sharedServer: server,
}) => {
  await enterGame(page, server, `Nora ${Math.random().toString(36).slice(2, 6)}`);
  await page.keyboard.press('Enter');
  await expect(overlay(page).getByRole('radio', { name: 'Nearby' })).toBeChecked();
  // Radio cannot be picked, and the reason stands beside it before a word is typed.
  await expect(overlay(page).getByRole('radio', { name: 'Radio' })).toBeDisabled();
  await expect(overlay(page).getByTestId('chat-no-radio')).toHaveText(CHAT_TEXT.noRadio);
  await expect(overlay(page).getByRole('radio', { name: 'Radio' })).toHaveAccessibleDescription(CHAT_TEXT.noRadio);
  await expect(overlay(page).getByRole('textbox', { name: 'Nearby message' })).toBeFocused();
});

test('on a phone the overlay opens no input and the Chat panel sends; the desktop survivor sees it float', async ({
  browser,
  radioServer: server,
}) => {
  test.setTimeout(120_000);
  const tag = Math.random().toString(36).slice(2, 6);
  const [ctxP, ctxD] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [phone, desk] = await Promise.all([ctxP.newPage(), ctxD.newPage()]);
  await Promise.all([enterGame(phone, server, `Gus ${tag}`), enterGame(desk, server, `Hal ${tag}`)]);
  await phone.setViewportSize({ width: 390, height: 844 });
  await equipRadio(phone);

  await phone.keyboard.press('Enter');
  await expect(phone.getByRole('textbox', { name: /message$/ })).toHaveCount(0);
  await phone.getByRole('navigation', { name: 'Game panels' }).getByRole('button', { name: 'Chat' }).click();
  const panel = phone.getByRole('dialog', { name: 'Chat' }).getByTestId('chat-panel');
  await panel.getByRole('textbox', { name: 'Radio message' }).fill(`  from the phone ${tag}  `);
  await panel.getByRole('button', { name: 'Send' }).click();
  const line = panel.getByRole('listitem').filter({ hasText: `Gus ${tag}` });
  // Sent trimmed, and shown as text.
  await expect(line.locator('.chat-line__text')).toHaveText(`from the phone ${tag}`);
  await expect(line.getByRole('button', { name: /^Mute / })).toHaveCount(0);
  await expect(panel.getByRole('textbox', { name: 'Radio message' })).toHaveValue('');
  await expect(overlay(desk).getByRole('listitem')).toContainText(`from the phone ${tag}`);

  // Markup is text: it shows as typed and builds no element.
  const markup = `<img src=x onerror="document.title='owned'"><b>${tag}</b>`;
  await panel.getByRole('textbox', { name: 'Radio message' }).fill(markup);
  await panel.getByRole('button', { name: 'Send' }).click();
  const floated = overlay(desk).getByRole('listitem').filter({ hasText: markup });
  await expect(floated.locator('.chat-line__text')).toHaveText(markup);
  await expect(overlay(desk).locator('img, b')).toHaveCount(0);
  expect(await desk.title()).not.toBe('owned');

  await ctxP.close();
  await ctxD.close();
});

test('a muted survivor’s messages stay hidden after a reload until unmuted', async ({ browser, radioServer: server }) => {
  test.setTimeout(120_000);
  const tag = Math.random().toString(36).slice(2, 6);
  const [ctxA, ctxB] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [pageA, pageB] = await Promise.all([ctxA.newPage(), ctxB.newPage()]);
  await Promise.all([enterGame(pageA, server, `Cal ${tag}`), enterGame(pageB, server, `Dee ${tag}`)]);
  await equipRadio(pageA);

  const send = async (text: string) => {
    await pageA.keyboard.press('Enter');
    // The radio was put on behind the page's back (equipRadio): wait until the page knows it, so this goes out on
    // the radio (kept in the history) rather than nearby (never kept).
    await expect(chatInput(pageA)).toHaveAttribute('placeholder', 'Say something on the radio…', { timeout: 15_000 });
    await pageA.keyboard.type(text);
    await pageA.keyboard.press('Enter');
    await expect(chatInput(pageA)).toHaveValue('');
    await pageA.keyboard.press('Escape');
  };
  await send(`first ${tag}`);
  const panel = await radioPanel(pageB);
  await expect(panel).toContainText(`first ${tag}`);
  // Yourself is never offered a Mute; the other survivor is.
  const own = await radioPanel(pageA);
  await expect(own).toContainText(`first ${tag}`);
  await expect(own.getByRole('button', { name: /^Mute / })).toHaveCount(0);
  await panel
    .getByRole('button', { name: `Mute Cal ${tag}` })
    .first()
    .click();
  await expect(panel).not.toContainText(`first ${tag}`);
  await expect(panel.getByTestId('chat-mutes')).toContainText(`Cal ${tag}`);

  await openGame(pageB, server, { reload: true });
  const again = await radioPanel(pageB);
  await expect(again.getByTestId('chat-mutes')).toContainText(`Cal ${tag}`);
  await send(`second ${tag}`);
  // The first line may still float above it (it fades after 4 s): look for the second among them.
  await expect(
    overlay(pageA)
      .getByRole('listitem')
      .filter({ hasText: `second ${tag}` }),
  ).toBeVisible();
  // Unmuting brings both back: they were sent, and hidden only from B.
  await again.getByRole('button', { name: `Unmute Cal ${tag}` }).click();
  await expect(again).toContainText(`first ${tag}`);
  await expect(again).toContainText(`second ${tag}`);
  await expect(overlay(pageB).getByRole('listitem')).toHaveCount(0);

  await ctxA.close();
  await ctxB.close();
});

test('a display name edited in the Character panel (Escape cancels, Enter confirms) reaches the other survivor live', async ({
  browser,
  sharedServer: server,
}) => {
  test.setTimeout(120_000);
  const tag = Math.random().toString(36).slice(2, 6);
  const [ctxA, ctxB] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [pageA, pageB] = await Promise.all([ctxA.newPage(), ctxB.newPage()]);
  await Promise.all([enterGame(pageA, server, `Eli ${tag}`), enterGame(pageB, server, `Fay ${tag}`)]);
  const sidebarA = pageA.locator('.game-sidebar');
  const name = sidebarA.getByTestId('character-name');
  await expect(name).toHaveText(`Eli ${tag}`);

  await sidebarA.getByRole('button', { name: 'Edit display name' }).click();
  await sidebarA.getByRole('textbox', { name: 'Display name' }).fill('Never Saved');
  await sidebarA.getByRole('textbox', { name: 'Display name' }).press('Escape');
  await expect(name).toHaveText(`Eli ${tag}`);

  for (const p of [pageA, pageB]) {
    await p.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
  }
  await sidebarA.getByRole('button', { name: 'Edit display name' }).click();
  await sidebarA.getByRole('textbox', { name: 'Display name' }).fill(`  Eli Renamed ${tag}  `);
  await sidebarA.getByRole('textbox', { name: 'Display name' }).press('Enter');
  await expect(toasts(pageA)).toContainText('Display name updated');
  // The new name in place, without a reload.
  await expect(name).toHaveText(`Eli Renamed ${tag}`);
  expect(await pageA.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  await pageB.getByRole('button', { name: /^([2-9]|[1-9]\d+) online$/ }).hover();
  await expect(pageB.getByRole('region', { name: 'Survivors Online' })).toContainText(`Eli Renamed ${tag}`);
  expect(await pageB.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  await ctxA.close();
  await ctxB.close();
});
