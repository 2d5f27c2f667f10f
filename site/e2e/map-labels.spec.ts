import { expect, type Page } from '@playwright/test';
import type { MapSnapshot } from '../src/game/session/debug-hook.ts';
import { enterMap, gameTest, onMapCanvas } from './fixtures.ts';
import { overlaps, snapshot } from './map-helpers.ts';

const test = gameTest;

/**
 * The map's labels: none overlap another or the minimap (which is opaque), sites are named at the default
 * zoom while few are on screen, and an arrow with a distance points to the nearest site worth a search.
 */

/** The labels of the last frame: no two overlap, none overlaps the minimap or the readout. */
async function expectLabelsClear(page: Page): Promise<MapSnapshot> {
  const s = await snapshot(page);
  for (let i = 0; i < s.labels.length; i++) {
    for (let j = i + 1; j < s.labels.length; j++) {
      expect(overlaps(s.labels[i]!.box, s.labels[j]!.box), `${s.labels[i]!.text} / ${s.labels[j]!.text}`).toBe(false);
    }
    for (const r of s.reserved) expect(overlaps(s.labels[i]!.box, r), `${s.labels[i]!.text} under an overlay`).toBe(false);
  }
  return s;
}

/** Clicks around the survivor until it has walked `away` units from where it stood. */
async function walkAway(page: Page, away: number): Promise<void> {
  const start = (await snapshot(page)).me;
  const box = (await page.getByTestId('map').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (const [dx, dy] of [
    [160, 0],
    [0, 160],
    [-160, 0],
    [0, -160],
    [100, 100],
    [-100, -100],
    [100, -100],
    [-100, 100],
  ] as const) {
    await page.mouse.click(cx + dx, cy + dy);
    await expect.poll(async () => (await snapshot(page)).me.walking).toBe(false);
    const me = (await snapshot(page)).me;
    if (Math.hypot(me.x - start.x, me.y - start.y) >= away) return;
  }
  throw new Error('the survivor could not walk away');
}

for (const vp of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const) {
  test(`labels never overlap nor hide under the opaque minimap; the nearest unsearched site has an arrow with its distance (${vp.name})`, async ({
    page,
    gameServer: server,
  }) => {
    test.setTimeout(120_000);
    await enterMap(page, server, { prefix: 'lb', viewport: vp });
    // On a phone the first-run guide lies over the map's top until dismissed, as a player does before looking around:
    // the drags below must start on the map itself.
    if (vp.name === 'phone')
      await page.getByRole('dialog', { name: 'First steps' }).getByRole('button', { name: 'Got it' }).click();

    const minimap = page.getByTestId('minimap');
    expect(await minimap.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    expect(await minimap.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(14, 12, 10)');

    // At the default zoom the spawn site is named beside the survivor (few sites are on screen).
    const s = await expectLabelsClear(page);
    expect(s.zoom).toBeLessThan(1.5); // not Tactical: the names show because few sites do
    expect(s.reserved.length).toBeGreaterThanOrEqual(1); // the minimap counts
    // So does the action button under the survivor: no label is placed beneath it.
    const mapBox = (await page.getByTestId('map').boundingBox())!;
    const slot = (await page.locator('[data-contextual-action]').boundingBox())!;
    const slotBox = { x: slot.x - mapBox.x, y: slot.y - mapBox.y, width: slot.width, height: slot.height };
    await expect.poll(async () => (await snapshot(page)).reserved.some((r) => overlaps(r, slotBox))).toBe(true);
    await expectLabelsClear(page);

    // Out of every site's reach (the arrow hides while one worth a search is in reach) an arrow points to the nearest
    // site worth a search: walk on until it shows. Then, zoomed in with the map dragged away from that site, the arrow
    // sits at the screen's edge with the site's name and distance.
    await walkAway(page, 110);
    for (let i = 0; i < 10 && (await snapshot(page)).siteArrow === null; i++) await walkAway(page, 110);
    expect((await snapshot(page)).siteArrow, 'an arrow once out of every site’s reach').not.toBeNull();
    const map = page.getByTestId('map');
    await map.focus();
    for (let i = 0; i < 14; i++) await page.keyboard.press('+');
    await expect.poll(async () => (await snapshot(page)).zoom).toBeGreaterThan(2.9);
    const box = (await map.boundingBox())!;
    const reach = Math.min(box.width, box.height) * 0.3;
    // At least one drag: zoomed in, the site may already be off screen, and only a drag frees the view ('Centre on me').
    for (let i = 0; i < 6 && (i === 0 || !(await snapshot(page)).siteArrow?.atEdge); i++) {
      // Drag the map along the way to the site: the site slides further off screen. The drag starts on the canvas.
      const now = await snapshot(page);
      const site = now.siteArrow ?? { x: now.me.x + 1, y: now.me.y };
      const len = Math.hypot(site.x - now.me.x, site.y - now.me.y) || 1;
      const [ux, uy] = [(site.x - now.me.x) / len, (site.y - now.me.y) / len];
      const starts = [0.5, 0.35, 0.65].map((f) => ({
        x: box.x + box.width * f - ux * reach,
        y: box.y + box.height * f - uy * reach,
      }));
      const onCanvas = await onMapCanvas(page, starts);
      const from = starts[onCanvas.indexOf(true)] ?? starts[0]!;
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + ux * reach * 2, from.y + uy * reach * 2, { steps: 8 });
      await page.mouse.up();
    }
    await expect(page.getByRole('button', { name: 'Centre on me' })).toBeVisible();
    await expect.poll(async () => (await snapshot(page)).siteArrow?.atEdge ?? false).toBe(true);
    // The caption names the site and its distance. It is placed like any label: beside the arrow where no overlay
    // is; toward the minimap's corner every spot can lie under the minimap, and then it is left out, never drawn over.
    const drawn = (await snapshot(page)).siteArrow!;
    expect(drawn.caption).toMatch(/^(.+) · \d+$/);
    const shown = await snapshot(page);
    const caption = shown.labels.find((l) => l.text === drawn.caption);
    if (!caption) {
      // Left out only beside an overlay: the arrow lies within a caption's reach of one.
      const a = shown.siteArrow!.at;
      const near = { x: a.x - 120, y: a.y - 40, width: 240, height: 80 };
      expect(shown.reserved.some((r) => overlaps(r, near))).toBe(true);
    }
    await page.screenshot({ path: `/tmp/shots28-map/site-arrow-${vp.name}.png` });
    await expectLabelsClear(page);
    await page.getByRole('button', { name: 'Centre on me' }).click();

    // Back at the default zoom, after walking, labels are still clear of each other and of the minimap.
    for (let i = 0; i < 11; i++) await page.keyboard.press('-');
    await expect.poll(async () => (await snapshot(page)).zoom).toBeLessThan(1.1);
    await expectLabelsClear(page);
  });
}
