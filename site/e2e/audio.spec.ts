import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { WastelandAudioHook } from '../src/game/audio/debug-hook.ts';
import { HOVER_GAP_MS } from '../src/lib/audio-rules.ts';
import { becomesTrue, type E2EServer, enterMap, gameTest, openGame } from './fixtures.ts';

const test = gameTest;

type Gains = ReturnType<WastelandAudioHook['gains']>;
const played = (page: Page) => page.evaluate(() => window.__wastelandAudio!.played());
/** What was played apart from hovers (the pointer crosses buttons on its way to a click). */
const heard = async (page: Page) => (await played(page)).filter((n) => n !== 'hover');
const gains = (page: Page) => page.evaluate(() => window.__wastelandAudio!.gains()) as Promise<Gains>;
/** The gain nodes hold 32-bit floats: 0.3 reads back as 0.30000001…. */
const rounded = async (page: Page) => {
  const g = await gains(page);
  return g && { master: +g.master.toFixed(3), sfx: +g.sfx.toFixed(3), music: +g.music.toFixed(3) };
};

/** No two survivors may share a name: each listener gets a number. */
let listeners = 0;

/** The game with its map loaded and the audio hook installed, touching nothing (sound waits for a first touch). */
async function enterGame(page: Page, server: E2EServer): Promise<void> {
  await enterMap(page, server, { prefix: 'au', displayName: `Dune Listener ${++listeners}` });
  await page.waitForFunction(() => !!window.__wastelandAudio);
}

async function reloadGame(page: Page, server: E2EServer): Promise<void> {
  await openGame(page, server, { reload: true });
  await page.waitForFunction(() => !!window.__wastelandAudio);
}

test('audio: silent until the first touch; header settings change the buses, mute silences, both survive a reload', async ({
  page,
  gameServer: server,
}) => {
  // Many steps (reloads, every panel, two survivors on a phone): a loaded 2-core machine has needed more than 60 s.
  test.slow();
  await enterGame(page, server);
  const toggle = page.getByRole('button', { name: 'Audio settings', exact: true });

  // Hovering is not a touch: the browser would refuse sound, so nothing is made and nothing plays.
  await toggle.hover();
  await page.mouse.move(5, 5);
  await toggle.hover();
  expect(await played(page)).toEqual([]);
  expect(await gains(page)).toBeNull();

  // The first click unlocks the sound: its own click is heard, at the spec's default levels.
  await toggle.click();
  const popover = page.getByRole('dialog', { name: 'Audio settings' });
  await expect(popover).toBeVisible();
  await expect.poll(() => played(page)).toContain('click');
  expect(await rounded(page)).toEqual({ master: 0.7, sfx: 0.8, music: 0.5 });
  await expect(popover.getByText('70%')).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('.game-audio-toggle').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await popover.getByLabel('Master volume').fill('0.3');
  await expect(popover.locator('output').first()).toHaveText('30%');
  expect(await rounded(page)).toEqual({ master: 0.3, sfx: 0.8, music: 0.5 });

  // Muted: master drops to 0 and a click is no longer synthesised.
  await popover.getByRole('switch', { name: 'Mute all sound' }).check();
  await expect(toggle).toHaveAttribute('title', 'Audio settings (sound off)');
  expect((await rounded(page))?.master).toBe(0);
  const before = (await played(page)).length;
  await page.getByRole('button', { name: 'Scavenge Results' }).click();
  await page.getByRole('button', { name: 'Scavenge Results' }).click();
  expect((await played(page)).length).toBe(before);
  expect(await page.evaluate(() => localStorage.getItem('wasteland:audio:master'))).toBe('0.3');

  // Reload: the settings come back from localStorage, and sound waits for a touch again.
  await reloadGame(page, server);
  expect(await played(page)).toEqual([]);
  await expect(toggle).toHaveAttribute('title', 'Audio settings (sound off)');
  await toggle.click();
  await expect(popover.getByLabel('Master volume')).toHaveValue('0.3');
  await expect(popover.getByRole('switch', { name: 'Mute all sound' })).toBeChecked();
  expect(await rounded(page)).toEqual({ master: 0, sfx: 0.8, music: 0.5 });
  expect(await played(page)).toEqual([]);

  // Unmuted: master is 0.3 again, and a click is heard, and a hover.
  await popover.getByRole('switch', { name: 'Mute all sound' }).uncheck();
  expect(await rounded(page)).toEqual({ master: 0.3, sfx: 0.8, music: 0.5 });
  await toggle.click();
  await expect(popover).toBeHidden();
  expect(await heard(page)).toEqual(['click']);
  await page.waitForTimeout(HOVER_GAP_MS); // hovers closer together than this are one
  await page.getByRole('button', { name: 'Logout' }).hover();
  await expect.poll(() => played(page)).toContain('hover');

  // The sidebar's Audio Settings section shows the same settings; the Inventory section opens and closes with
  // its own sound instead of a click.
  await page.getByRole('button', { name: 'Audio Settings', exact: true }).click();
  const sidebar = page.getByRole('complementary', { name: 'Survivor' });
  await expect(sidebar.getByLabel('Master volume')).toHaveValue('0.3');
  await expect(sidebar.getByRole('switch', { name: 'Mute all sound' })).not.toBeChecked();
  const clicks = (await heard(page)).length;
  await page.getByRole('button', { name: 'Inventory', exact: true }).click();
  await page.getByRole('button', { name: 'Inventory', exact: true }).click();
  expect((await heard(page)).slice(clicks)).toEqual(['inventoryClose', 'inventoryOpen']);
});

test('audio: walking is heard as footsteps', async ({ page, gameServer: server }) => {
  await enterGame(page, server);
  const box = (await page.getByTestId('map').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  // A click toward water or mountains stops at the shore: try directions until the survivor walks.
  for (const [dx, dy] of [
    [160, 0],
    [0, 160],
    [-160, 0],
    [0, -160],
  ] as const) {
    await page.mouse.click(cx + dx, cy + dy);
    const heardSteps = await becomesTrue(async () => (await played(page)).includes('footstep'), 2_000);
    if (heardSteps) break;
  }
  const steps = (await played(page)).filter((n) => n === 'footstep').length;
  expect(steps).toBeGreaterThan(0);
  // A map click is not a button: only footsteps (no click sound) came from walking.
  expect((await played(page)).filter((n) => n !== 'footstep')).not.toContain('click');
});
