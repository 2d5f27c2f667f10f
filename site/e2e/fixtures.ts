import { test as base, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../api/testing/free-port.ts';
import { testServerEnv } from '../../api/testing/test-server-env.ts';

const root = resolve(import.meta.dirname, '../..');

export interface E2EServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the production server (`bun api/server.ts`, the built site) as its own process on a fresh
 * embedded database, so a spec can choose its configuration (for example MAX_PLAYERS).
 */
export async function startE2EServer(env: Record<string, string> = {}): Promise<E2EServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wl-e2e-'));
  const child: ChildProcess = spawn(process.env.BUN_BIN ?? 'bun', ['api/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      // Every browser of a spec signs up from 127.0.0.1, several at once (testing/test-server-env.ts).
      ...testServerEnv(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://localhost:${port}`;
  // Generous: a loaded 2-core machine has taken 30 s to start a server.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((res) => {
        if (child.exitCode !== null) return res();
        child.once('exit', () => res());
        child.kill('SIGTERM');
      }),
  };
}

/** Astro drops the `ssr` attribute once an island has hydrated: wait for that before clicking. */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

/**
 * For each page point, whether a click there (and 12 px round it) lands on the map's canvas, not on a button, label
 * or overlay drawn over the map (the contextual action sits under the survivor, the minimap in a corner).
 */
export async function onMapCanvas(page: Page, points: readonly { x: number; y: number }[]): Promise<boolean[]> {
  return page.evaluate(
    (pts) =>
      pts.map(({ x, y }) =>
        [
          [0, 0],
          [12, 0],
          [-12, 0],
          [0, 12],
          [0, -12],
        ].every(([dx = 0, dy = 0]) => {
          const el = document.elementFromPoint(x + dx, y + dy);
          return el instanceof HTMLCanvasElement && el.closest('[data-testid="map"]') !== null;
        }),
      ),
    points,
  );
}

/**
 * A new survivor on /game with the map fully loaded and seen: every wanted chunk drawn and the vision known. The debug
 * hook (window.__wastelandMap) comes with the features after the first frame, so it is waited for before it is read.
 */
export async function enterMap(page: Page, server: E2EServer, prefix = 'm'): Promise<void> {
  const res = await page.request.post(`${server.url}/api/auth/register`, {
    data: { username: uniqueUser(prefix), password: 'correct horse battery' },
  });
  expect(res.status()).toBe(201);
  expect((await page.request.post(`${server.url}/api/lobby/join-game`)).ok()).toBe(true);
  await page.goto(`${server.url}/game`);
  await expect(page.getByTestId('map-readout')).toBeVisible({ timeout: 20_000 });
  await page.waitForFunction(() => window.__wastelandMap !== undefined, undefined, { timeout: 30_000 });
  await expect
    .poll(async () =>
      page.evaluate(() => {
        const s = window.__wastelandMap!.snapshot();
        return s.chunks.wanted > 0 && s.chunks.ready >= s.chunks.wanted && s.visionRadius !== null;
      }),
    )
    .toBe(true);
}

let nameCounter = 0;
export function uniqueUser(prefix = 'p'): string {
  nameCounter += 1;
  return `${prefix}${nameCounter}_${Math.random().toString(36).slice(2, 8)}`.slice(0, 24);
}

/** Creates an account through the real sign-up form; the page ends on /lobby. */
export async function signUp(page: Page, server: E2EServer, username = uniqueUser(), displayName?: string): Promise<string> {
  await page.goto(`${server.url}/login`);
  await waitForIslands(page);
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('correct horse battery');
  if (displayName) await page.getByLabel(/Display name/).fill(displayName);
  await page.getByRole('button', { name: 'Create account', exact: true }).last().click();
  await page.waitForURL(/\/lobby$/);
  return username;
}

/** One server per worker on the default configuration. */
export const test = base.extend<Record<never, never>, { server: E2EServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern and refuses anything but destructuring
    async ({}, use) => {
      const server = await startE2EServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});
export { expect };

/** A worker's own server on a known world (seed 12345: farmland and ruins around the origin), for the game specs. */
export const gameTest = base.extend<Record<never, never>, { gameServer: E2EServer }>({
  gameServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern and refuses anything but destructuring
    async ({}, use) => {
      const server = await startE2EServer({ WORLD_SEED: '12345' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});
