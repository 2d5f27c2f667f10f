import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { dayNightTest, type E2EServer, enterMap } from './fixtures.ts';

/**
 * The map's light: the whole main canvas, read pixel by pixel, averages at least 80/255 luminance by day
 * and 45/255 at night on a desktop and a phone, while the sight rules stay as they were (the vision radius is the
 * server's). Before this the day averaged 28–39: the fog over unknown land darkened most of the screen.
 */
const DAY_MIN = 80;
const NIGHT_MIN = 45;
const SHOTS = '/tmp/shots28-map';

// The servers the equipment spec plays on too: the clock at midday, or at midnight.
const test = dayNightTest;

/** A new survivor on /game, the map fully loaded and seen (every wanted chunk drawn, the vision known). */
async function enterGame(page: Page, server: E2EServer, viewport: { width: number; height: number }): Promise<void> {
  const { map } = await enterMap(page, server, { prefix: 'lt', viewport });
  // The first frames after the last chunk: let the map settle on it (any draw it still owes comes within them).
  await page.waitForFunction((f) => window.__wastelandMap!.snapshot().frames >= f + 10, map.frames);
}

/** The main map canvas's average luminance (Rec. 709 weights over the sRGB bytes), 0–255. */
function canvasLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="map"] canvas')!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
    return sum / (data.length / 4);
  });
}

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const vp of VIEWPORTS) {
  test(`the map by day is bright: average luminance ≥ ${DAY_MIN}/255 (${vp.name})`, async ({ page, dayServer }) => {
    await enterGame(page, dayServer, vp);
    expect(await page.evaluate(async () => (await (await fetch('/api/time')).json()).isDay)).toBe(true);
    const lum = await canvasLuminance(page);
    console.log(`map luminance by day (${vp.name}): ${lum.toFixed(1)}`);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/map-day-${vp.name}.png` });
    expect(lum).toBeGreaterThanOrEqual(DAY_MIN);
  });

  test(`the map at night is readable: average luminance ≥ ${NIGHT_MIN}/255 (${vp.name})`, async ({ page, nightServer }) => {
    await enterGame(page, nightServer, vp);
    expect(await page.evaluate(async () => (await (await fetch('/api/time')).json()).isDay)).toBe(false);
    const lum = await canvasLuminance(page);
    console.log(`map luminance at night (${vp.name}): ${lum.toFixed(1)}`);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/map-night-${vp.name}.png` });
    expect(lum).toBeGreaterThanOrEqual(NIGHT_MIN);
  });
}
