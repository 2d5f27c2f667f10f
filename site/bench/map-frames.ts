/**
 * Map frame times in Chromium: the built server (seed 12345), a new survivor on /game, zoomed out to 0.3
 * (25 chunks drawn), then panned by mouse drags for a few seconds while new chunks are generated. Prints the
 * median and p95 of the time between animation frames and of the renderer's own work per frame.
 * A measurement, not a test: it never fails on slowness. `bun run build` first; `bun run bench map` runs just this.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { startE2EServer } from '../e2e/fixtures.ts';
import { chromiumLaunch } from '../e2e/playwright.config.ts';

const root = resolve(import.meta.dir, '../..');
const PAN_MS = Number(process.env.MAP_BENCH_PAN_MS ?? 6000);
/** Big enough that the map area always shows the whole 5 × 5 square of chunks at zoom 0.3. */
const VIEWPORT = { width: 1600, height: 1100 };

if (!existsSync(resolve(root, 'dist/game/index.html'))) {
  console.log('map bench: dist/ is missing; run `bun run build` first');
  process.exit(0);
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
  return { n: s.length, median: q(0.5), p95: q(0.95), max: s.at(-1) ?? NaN };
};
const ms = (v: number) => `${v.toFixed(2)} ms`;

const server = await startE2EServer({ WORLD_SEED: '12345' });
const browser = await chromium.launch(chromiumLaunch);
try {
  const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
  page.on('pageerror', (e) => console.log('[page error]', e.message));
  const reg = await page.request.post(`${server.url}/api/auth/register`, {
    data: { username: `bench_${Date.now().toString(36)}`, password: 'correct horse battery', displayName: 'Bench' },
  });
  if (reg.status() !== 201) throw new Error(`sign-up failed: ${reg.status()}`);
  await page.request.post(`${server.url}/api/lobby/join-game`);

  const t0 = Date.now();
  await page.goto(`${server.url}/game`);
  await page.getByTestId('map-readout').waitFor({ timeout: 30_000 });
  console.log(`map ready ${Date.now() - t0} ms after navigation (first 9 chunks generated in the worker)`);

  const box = (await page.getByTestId('map').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  for (let i = 0; i < 30; i++) await page.mouse.wheel(0, 100);
  const tz = Date.now();
  let before = await page.evaluate(() => window.__wastelandMap!.snapshot());
  while (!(before.zoom <= 0.3001 && before.chunks.ready === before.chunks.wanted && before.chunks.drawn === 25)) {
    if (Date.now() - tz > 60_000) throw new Error(`the map never showed 25 ready chunks at zoom 0.3: ${JSON.stringify(before)}`);
    await page.waitForTimeout(100);
    before = await page.evaluate(() => window.__wastelandMap!.snapshot());
  }
  console.log(
    `zoom ${before.zoom.toFixed(2)}: ${before.chunks.drawn} chunks drawn, ${before.chunks.wanted} wanted, ready ${Date.now() - tz} ms after zooming out`,
  );

  // Count animation frames from the page's own clock while we pan.
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __stopFrames: boolean };
    w.__frames = [];
    w.__stopFrames = false;
    let last = performance.now();
    const tick = (t: number) => {
      w.__frames.push(t - last);
      last = t;
      if (!w.__stopFrames) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const startFrames = before.frames;
  await page.mouse.down();
  const started = Date.now();
  let step = 0;
  while (Date.now() - started < PAN_MS) {
    // A slow circle plus a steady drift east: about 300 px/s, a new column of chunks every ~0.7 s.
    step++;
    const a = step / 20;
    const x = cx + Math.cos(a) * 120 - ((step * 4) % 400) + 200;
    const y = cy + Math.sin(a) * 120;
    if (step % 100 === 0) {
      await page.mouse.up();
      await page.mouse.move(cx + 200, cy);
      await page.mouse.down();
    }
    await page.mouse.move(x, y);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
  const result = await page.evaluate((n) => {
    const w = window as unknown as { __frames: number[]; __stopFrames: boolean };
    w.__stopFrames = true;
    const map = window.__wastelandMap!;
    const s = map.snapshot();
    const f = map.frameStats();
    const done = Math.min(s.frames - n, f.work.length);
    // frameStats is a ring of the last 600 ticks; take the ticks that drew while panning (the map skips a tick
    // when nothing moved since its last draw).
    const idx = (i: number) => (s.frames - done + i) % f.work.length;
    const drew = Array.from({ length: done }, (_, i) => idx(i)).filter((i) => f.drawn[i]);
    return { raf: w.__frames.slice(1), work: drew.map((i) => f.work[i]!), snapshot: s };
  }, startFrames);

  const raf = stats(result.raf);
  const work = stats(result.work);
  const after = result.snapshot;
  console.log(
    `panned ${((Date.now() - started) / 1000).toFixed(1)} s at zoom ${after.zoom.toFixed(2)}, ${after.chunks.drawn} chunks drawn per frame, ${after.chunks.cached} chunks cached`,
  );
  console.log(
    `camera moved ${Math.round(Math.hypot(after.camera.x - before.camera.x, after.camera.y - before.camera.y))} world units`,
  );
  console.log(
    `frame interval (requestAnimationFrame deltas): median ${ms(raf.median)}  p95 ${ms(raf.p95)}  max ${ms(raf.max)}  over ${raf.n} frames  (≈ ${(1000 / raf.median).toFixed(0)} fps median)`,
  );
  console.log(
    `renderer work per frame (engine's own timing): median ${ms(work.median)}  p95 ${ms(work.p95)}  max ${ms(work.max)}`,
  );

  // Second phase: walk with the keyboard at zoom 0.3 (vision, explored bits and fog repaints on every new tile).
  await page.keyboard.press('KeyC');
  const walkStart = await page.evaluate(() => window.__wastelandMap!.snapshot());
  const walked: string[] = [];
  for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) {
    await page.keyboard.down(key);
    await page.waitForTimeout(1000);
    await page.keyboard.up(key);
    walked.push(key);
  }
  const walk = await page.evaluate((n) => {
    const map = window.__wastelandMap!;
    const s = map.snapshot();
    const f = map.frameStats();
    const done = Math.min(s.frames - n, f.work.length);
    const idx = (i: number) => (s.frames - done + i) % f.work.length;
    const drew = Array.from({ length: done }, (_, i) => idx(i)).filter((i) => f.drawn[i]);
    return {
      work: drew.map((i) => f.work[i]!),
      delta: Array.from({ length: done }, (_, i) => f.delta[idx(i)]!),
      snapshot: s,
    };
  }, walkStart.frames);
  const ww = stats(walk.work);
  const wd = stats(walk.delta);
  const moved = Math.round(Math.hypot(walk.snapshot.me.x - walkStart.me.x, walk.snapshot.me.y - walkStart.me.y));
  console.log(
    `walking a square with the keyboard (${walked.join(', ')}, 1 s each; ended ${moved} units from the start, ${walk.snapshot.exploredChunks} chunks explored):`,
  );
  console.log(
    `  frame interval median ${ms(wd.median)}  p95 ${ms(wd.p95)};  renderer work median ${ms(ww.median)}  p95 ${ms(ww.p95)}  max ${ms(ww.max)}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
