import { expect, type Page } from '@playwright/test';
import { ZOOM_STEP } from '../../api/game/world.ts';
import { type E2EServer, enterMap, gameTest, toastRegion } from './fixtures.ts';
import { biomeLookup, type Point, regionAround, snapshot } from './map-helpers.ts';

const test = gameTest;

/**
 * Click-to-walk: a click on the far side of water walks the survivor round it along the WASM core's path
 * (shown as a route) and it arrives where the server agrees it is; a click on the water itself says there is no way.
 */
type Pt = Point;
/** How many newcomers the test lets appear before it gives up finding one with a lake in sight. */
const NEWCOMERS = 20;
/**
 * The biome under any point within a chunk of the survivor's: one chunks call round its chunk (the terrain reads
 * have a per-user budget, and a look round costs hundreds of samples).
 */
async function biomesAround(page: Page, server: E2EServer, me: Pt): Promise<(p: Pt) => string | undefined> {
  const biome = biomeLookup(await regionAround(page, server, me));
  return (p) => biome(p.x, p.y);
}

/**
 * A spot on screen across water from the survivor: the straight line to it crosses water, and the server's path
 * route (the same A* the page runs) finds a way round. Also a point of that water.
 */
async function acrossWater(page: Page, server: E2EServer, me: Pt, onScreen: (p: Pt) => boolean) {
  const biomeAt = await biomesAround(page, server, me);
  for (const r of [90, 140, 190, 240, 290]) {
    for (let a = 0; a < 24; a++) {
      const angle = (a / 24) * Math.PI * 2;
      const to = { x: Math.round(me.x + Math.cos(angle) * r), y: Math.round(me.y + Math.sin(angle) * r) };
      if (!onScreen(to)) continue;
      const samples = [0.25, 0.35, 0.45, 0.55, 0.65, 0.75].map((t) => ({
        x: Math.round(me.x + (to.x - me.x) * t),
        y: Math.round(me.y + (to.y - me.y) * t),
      }));
      const biomes = samples.map(biomeAt);
      const water = samples.findLast((_, i) => biomes[i] === 'water') ?? null;
      if (!water || !onScreen(water)) continue;
      const res = await page.request.get(
        `${server.url}/api/world/default/path?fromX=${me.x}&fromY=${me.y}&toX=${to.x}&toY=${to.y}`,
      );
      if (res.status() !== 200) continue;
      const { length } = (await res.json()) as { length: number };
      const straight = Math.hypot(to.x - me.x, to.y - me.y);
      // The way goes round the water, not over a sliver of it.
      if (length > straight * 1.1) return { to, water, length, straight };
    }
  }
  return null;
}

for (const vp of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const) {
  test(`a click across a lake walks round it and arrives; a click on the water says there is no way (${vp.name})`, async ({
    page,
    gameServer: server,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(vp);
    const map = page.getByTestId('map');
    // Survivors appear spread over the spawn ring: a newcomer with no water in sight makes way for another. About
    // one newcomer in four sees the lake on a phone (5 of 19 measured, one in three on a desktop), so 8 tries missed
    // it one run in ten; 20 miss it about once in 400 runs.
    let found: Awaited<ReturnType<typeof acrossWater>> = null;
    let toScreen: (p: Pt) => Pt = (p) => p;
    for (let attempt = 0; attempt < NEWCOMERS && !found; attempt++) {
      await page.context().clearCookies();
      const { map: entered } = await enterMap(page, server, { prefix: 'pt', dismissGuide: true });
      // Far enough out to see a lake and the way round it: the zoom steps, and the map loaded at that zoom.
      await map.focus();
      const steps = vp.name === 'phone' ? 6 : 3;
      for (let i = 0; i < steps; i++) await page.keyboard.press('-');
      await expect
        .poll(async () => {
          const now = await snapshot(page);
          return now.zoom.toFixed(4) === (entered.zoom / ZOOM_STEP ** steps).toFixed(4) && now.chunks.ready >= now.chunks.wanted;
        })
        .toBe(true);
      const s = await snapshot(page);
      const me = { x: Math.round(s.me.x), y: Math.round(s.me.y) };
      const box = (await map.boundingBox())!;
      const minimap = (await page.getByTestId('minimap').boundingBox())!;
      // The action button beside the survivor takes its own clicks.
      const action = await page.locator('[data-contextual-action]').first().boundingBox();
      toScreen = (p: Pt) => ({
        x: box.x + box.width / 2 + (p.x - s.camera.x) * s.zoom,
        y: box.y + box.height / 2 + (p.y - s.camera.y) * s.zoom,
      });
      const onScreen = (p: Pt) => {
        const q = toScreen(p);
        // Clear of the bottom, where the No path toast shows.
        const inMap = q.x > box.x + 30 && q.x < box.x + box.width - 30 && q.y > box.y + 30 && q.y < box.y + box.height - 200;
        const underMinimap = q.x > minimap.x - 10 && q.y < minimap.y + minimap.height + 10;
        const onAction =
          action !== null &&
          q.x > action.x - 10 &&
          q.x < action.x + action.width + 10 &&
          q.y > action.y - 10 &&
          q.y < action.y + action.height + 10;
        return inMap && !underMinimap && !onAction;
      };
      found = await acrossWater(page, server, me, onScreen);
    }
    expect(found, `a lake near one of ${NEWCOMERS} newcomers on seed 12345`).not.toBeNull();
    const { to, water, length, straight } = found!;
    expect(length).toBeGreaterThan(straight * 1.1); // the way goes round

    // On the water itself: no way, said in a toast; the survivor stays.
    const w = toScreen(water);
    await page.mouse.click(w.x, w.y);
    const toasts = toastRegion(page);
    await expect(toasts).toContainText('No path');
    expect((await snapshot(page)).route).toEqual([]);

    // Across it: a planned route (several waypoints), then arrival where the server agrees.
    const t = toScreen(to);
    await page.mouse.click(t.x, t.y);
    await expect.poll(async () => (await snapshot(page)).route.length).toBeGreaterThan(2);
    await page.screenshot({ path: `/tmp/shots28-map/path-route-${vp.name}.png` });
    await expect
      .poll(
        async () => {
          const now = (await snapshot(page)).me;
          return Math.round(Math.hypot(now.x - to.x, now.y - to.y));
        },
        { timeout: 30_000 },
      )
      .toBeLessThanOrEqual(3);
    await expect
      .poll(
        async () => {
          const p = (await (await page.request.get(`${server.url}/api/player/current`)).json()) as Pt;
          return Math.round(Math.hypot(p.x - to.x, p.y - to.y));
        },
        { timeout: 10_000 },
      )
      .toBeLessThanOrEqual(3);
  });
}
