import { expect } from '@playwright/test';
import { paceAt, PACK_CAPACITY_G, weightOf } from '../../api/game/carrying.ts';
import { PLAYER_SPEED_UNITS_PER_SECOND } from '../../api/game/world.ts';
import { becomesTrue, enterMap, serverFixture, type E2EServer } from './fixtures.ts';
import { snapshot, whereIs } from './map-helpers.ts';
import { test as base } from '@playwright/test';

/**
 * A survivor past the pack's capacity, as a player meets it: the load in kilograms, the warning in Actions, and a
 * walk at the slower pace the server holds them to (every step accepted, none snapped back).
 */
const SCRAP = 45;
const LOAD = SCRAP * weightOf('Scrap Metal');
const PACE = paceAt(LOAD, PACK_CAPACITY_G);

const test = base.extend<Record<never, never>, { heavyServer: E2EServer }>({
  heavyServer: serverFixture({ WORLD_SEED: '12345', STARTER_KIT: `Scrap Metal:${SCRAP}` }),
});

test('past capacity: the load bar and the warning say how slow, and the survivor walks at that pace', async ({
  page,
  heavyServer: server,
}) => {
  const { map: start } = await enterMap(page, server, { prefix: 'mule', dismissGuide: true });
  const pct = `${Math.round(PACE * 100)}% speed`;
  await expect(page.getByTestId('load-warning')).toContainText(`Heavy: walking at ${pct}`);
  const bar = page.getByTestId('load-bar');
  await expect(bar).toContainText(`${LOAD / 1000} / 40 kg`);
  await expect(bar.getByRole('meter')).toHaveAttribute('aria-label', `Load ${LOAD / 1000} / 40 kg`);
  await expect.poll(async () => (await snapshot(page)).me.pace).toBe(PACE);

  // Hold a direction until the survivor has walked 40 units: its speed, measured over the whole hold, is at most the
  // slower pace (a loaded machine only slows it further), and the server accepted every step of it.
  let speed = 0;
  for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) {
    const from = (await snapshot(page)).me;
    const t0 = Date.now();
    await page.keyboard.down(key);
    const walked = await becomesTrue(async () => {
      const me = (await snapshot(page)).me;
      return Math.hypot(me.x - from.x, me.y - from.y) > 40;
    }, 4_000);
    const me = (await snapshot(page)).me;
    await page.keyboard.up(key);
    if (!walked) continue;
    speed = Math.hypot(me.x - from.x, me.y - from.y) / ((Date.now() - t0) / 1000);
    break;
  }
  expect(speed).toBeGreaterThan(0);
  expect(speed).toBeLessThanOrEqual(PLAYER_SPEED_UNITS_PER_SECOND * PACE * 1.1);
  await expect(page.getByText('Movement Failed')).toHaveCount(0);
  await expect
    .poll(async () => {
      const [server_, me] = [await whereIs(page, server), (await snapshot(page)).me];
      return Math.hypot(server_.x - me.x, server_.y - me.y) < 2 && Math.hypot(me.x - start.me.x, me.y - start.me.y) > 40;
    })
    .toBe(true);
});

test('on a phone the Items panel shows the load bar', async ({ browser, heavyServer: server }) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await ctx.newPage();
  try {
    await enterMap(page, server, { prefix: 'mulep', dismissGuide: true });
    await page.getByRole('navigation', { name: 'Game panels' }).getByRole('button', { name: 'Items' }).click();
    await expect(page.getByRole('region', { name: 'Inventory' }).getByTestId('load-bar')).toContainText(`${LOAD / 1000} / 40 kg`);
  } finally {
    await ctx.close();
  }
});
