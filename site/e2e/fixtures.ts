import { test as base, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../api/testing/free-port.ts';
import { testServerEnv } from '../../api/testing/test-server-env.ts';
import type { MapSnapshot } from '../src/game/session/debug-hook.ts';
import { snapshot } from './map-helpers.ts';

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

type ServerFixture<Scope extends 'worker' | 'test'> = [
  (args: Record<never, never>, use: (server: E2EServer) => Promise<void>) => Promise<void>,
  { scope: Scope },
];

/**
 * A fixture that starts a server on `env` (once per worker, or per test where each test needs untouched ground) and
 * stops it afterwards, also when the test fails. A function gives the environment as the server starts.
 */
export function serverFixture<Scope extends 'worker' | 'test' = 'worker'>(
  env: Record<string, string> | (() => Record<string, string>),
  scope: Scope = 'worker' as Scope,
): ServerFixture<Scope> {
  return [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern and refuses anything but destructuring
    async ({}, use) => {
      const server = await startE2EServer(typeof env === 'function' ? env() : env);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope },
  ];
}

/**
 * Returns once the test has seen a request the page sends now: every request the page sent before has been seen
 * (reported in order), so a count of them is final. The barrier for "the page sent nothing".
 */
export async function requestBarrier(page: Page): Promise<void> {
  const tag = `barrier=${Math.random().toString(36).slice(2)}`;
  const seen = page.waitForRequest((r) => r.url().endsWith(tag));
  await page.evaluate((t) => fetch(`/api/health?${t}`).then(() => undefined), tag);
  await seen;
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

let nameCounter = 0;
export function uniqueUser(prefix = 'p'): string {
  nameCounter += 1;
  return `${prefix}${nameCounter}_${Math.random().toString(36).slice(2, 8)}`.slice(0, 24);
}

export const PASSWORD = 'correct horse battery';

/** Creates an account through the real sign-up form; the page ends on /lobby. */
export async function signUp(page: Page, server: E2EServer, username = uniqueUser(), displayName?: string): Promise<string> {
  await page.goto(`${server.url}/login`);
  await waitForIslands(page);
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  if (displayName) await page.getByLabel(/Display name/).fill(displayName);
  await page.getByRole('button', { name: 'Create account', exact: true }).last().click();
  await page.waitForURL(/\/lobby$/);
  return username;
}

export interface AccountOptions {
  /** The start of the username made up for the account. */
  prefix?: string;
  displayName?: string;
  email?: string;
}

/** A new account made over the API (the form is auth.spec.ts's), its session in the page's context; the username. */
export async function register(page: Page, server: E2EServer, o: AccountOptions = {}): Promise<string> {
  const username = uniqueUser(o.prefix ?? 'p');
  const res = await page.request.post(`${server.url}/api/auth/register`, {
    data: {
      username,
      password: PASSWORD,
      ...(o.displayName ? { displayName: o.displayName } : {}),
      ...(o.email ? { email: o.email } : {}),
    },
  });
  expect(res.status()).toBe(201);
  return username;
}

export interface SeatOptions extends AccountOptions {
  /** Through the sign-up form (which ends on /lobby) rather than over the API. */
  viaForm?: boolean;
  /** The world to sit in; unset, the lobby places the newcomer (api/game/worlds.ts `place`). */
  worldId?: string;
}

/**
 * A new account with a seat in the game, the session in the page's context (no page opened yet with the API:
 * the survivor can be walked over the API first). Returns the username.
 */
export async function seat(page: Page, server: E2EServer, o: SeatOptions = {}): Promise<string> {
  const username = o.viaForm
    ? await signUp(page, server, uniqueUser(o.prefix ?? 'p'), o.displayName)
    : await register(page, server, o);
  const joined = await page.request.post(
    `${server.url}/api/lobby/join-game`,
    o.worldId ? { data: { worldId: o.worldId } } : undefined,
  );
  expect(joined.ok()).toBe(true);
  return username;
}

export interface OpenOptions {
  /** Set before the page loads. */
  viewport?: { width: number; height: number };
  /**
   * What to wait for: 'map' (the default) every wanted chunk drawn and the vision known; 'readout' only the map's
   * readout, for a page whose map may never settle (another tab holds the game, a mismatched protocol).
   */
  until?: 'map' | 'readout';
  /** Close the first-run guide when it shows (the way a player starts). */
  dismissGuide?: boolean;
}

/**
 * Opens /game for the seated survivor of the page's context (reloads it when `reload`), and waits as `until` says.
 * The debug hook (window.__wastelandMap) comes with the features after the first frame, so it is waited for before
 * it is read. Answers the map's snapshot then (null with `until: 'readout'`).
 */
export async function openGame(
  page: Page,
  server: E2EServer,
  o: OpenOptions & { reload?: boolean } = {},
): Promise<MapSnapshot | null> {
  if (o.viewport) await page.setViewportSize(o.viewport);
  if (o.reload) await page.reload();
  else await page.goto(`${server.url}/game`);
  // A loaded machine (2 cores, a CI run alongside) can be slow to bring the world up.
  await expect(page.getByTestId('map-readout')).toBeVisible({ timeout: 30_000 });
  if (o.until === 'readout') return null;
  await page.waitForFunction(() => window.__wastelandMap !== undefined, undefined, { timeout: 30_000 });
  await expect
    .poll(async () =>
      page.evaluate(() => {
        const s = window.__wastelandMap!.snapshot();
        return s.chunks.wanted > 0 && s.chunks.ready >= s.chunks.wanted && s.visionRadius !== null;
      }),
    )
    .toBe(true);
  if (o.dismissGuide) {
    const guide = page.getByRole('dialog', { name: 'First steps' });
    if (await guide.isVisible()) await guide.getByRole('button', { name: 'Got it' }).click();
  }
  return snapshot(page);
}

export type EnterOptions = SeatOptions & Omit<OpenOptions, 'until'>;

/**
 * A new survivor on /game with the map fully loaded and seen (every wanted chunk drawn, the vision known): what every
 * spec that plays starts from. Answers the username and the map's snapshot once loaded.
 */
export async function enterMap(
  page: Page,
  server: E2EServer,
  o: EnterOptions | string = {},
): Promise<{ username: string; map: MapSnapshot }> {
  const options = typeof o === 'string' ? { prefix: o } : o;
  const username = await seat(page, server, options);
  const map = (await openGame(page, server, options))!;
  return { username, map };
}

/** The game's toasts (the notifications region, F8 to reach it). */
export const toastRegion = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

/**
 * A day length (DAY_CYCLE_MS) that puts the world clock in the middle of the day (or the night) now and keeps it there
 * for half an hour: the clock is a pure function of the wall clock (api/game/day-night.ts, midnight at epoch 0).
 */
export function cycleHolding(part: 'day' | 'night'): number {
  const now = Date.now();
  const [from, to] = part === 'day' ? [0.42, 0.5] : [0.92, 0.98];
  for (let c = 4 * 3_600_000; ; c += 997) {
    const at = (now % c) / c;
    if (at > from && at < to) return c;
  }
}

/**
 * For the specs whose starter kits stand for a session's gathering (20 planks, 20 scrap, …: 50–60 kg): a 200 kg pack
 * keeps those survivors at full speed, so each spec plays its own feature; carrying.spec.ts plays the pack's limits.
 */
export const ROOMY_PACK = { PACK_CAPACITY_KG: '200' } as const;

/**
 * A server shared by every spec a worker runs seats far more survivors than one world's 20: the 21st would land in a
 * new world, and helpers that ask about `default` would fail by how many specs ran before on that worker (seats lapse
 * with time, so by how fast the machine was too). One world holds them all; the lobby and worlds specs, which test
 * the 20-seat rule, start servers of their own.
 */
const SHARED_WORLD = { MAX_PLAYERS: '500' } as const;

/** One server per worker on the default configuration. */
export const test = base.extend<Record<never, never>, { server: E2EServer }>({
  server: serverFixture(SHARED_WORLD),
});
export { expect };

/** A worker's own server on a known world (seed 12345: farmland and ruins around the origin), for the game specs. */
export const gameTest = base.extend<Record<never, never>, { gameServer: E2EServer }>({
  gameServer: serverFixture({ ...SHARED_WORLD, WORLD_SEED: '12345' }),
});

const DAY_NIGHT_ENV = {
  ...SHARED_WORLD,
  ...ROOMY_PACK,
  WORLD_SEED: '12345',
  STARTER_KIT: 'Wood Planks:20,Scrap Metal:20,Cloth Scraps:10,Binoculars:1,Night Vision Goggles:1',
};
/**
 * Two servers whose world clock stands at midday and at midnight for the next half hour (cycleHolding), on the known
 * world; survivors carry enough for a shelter and a settlement, and binoculars and night vision goggles in the pack.
 */
export const dayNightTest = base.extend<Record<never, never>, { dayServer: E2EServer; nightServer: E2EServer }>({
  dayServer: serverFixture(() => ({ ...DAY_NIGHT_ENV, DAY_CYCLE_MS: String(cycleHolding('day')) })),
  nightServer: serverFixture(() => ({ ...DAY_NIGHT_ENV, DAY_CYCLE_MS: String(cycleHolding('night')) })),
});

/**
 * Whether `check` turns true within `timeoutMs`, polled as expect.poll polls: for a try that may not take (a click
 * the survivor cannot walk to, a walk not yet in sight) and is then tried another way.
 */
export function becomesTrue(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  return expect
    .poll(check, { timeout: timeoutMs })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
}
