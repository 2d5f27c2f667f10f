import { defineConfig } from '@playwright/test';

/** Debian's chromium: no browser downloads on these machines. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/**
 * The run's order, in three projects. The runner hands test groups to free workers in the order of the projects (and
 * within one, file by file): a long spec started last would run alone at the end while the other worker idles. So the
 * specs of one long test or several (each a minute or so on a loaded machine) go first, then the rest, and last the
 * short tests on the default server (sign-in, the core in the browser, the public pages' many), which fill both
 * workers up to the end.
 */
const LONG = [
  'beds',
  'chat',
  'contextual-action',
  'crafting',
  'nearby-chat',
  'npcs',
  'raid-losses',
  'raids',
  'settlement-costs',
  'settlements',
].map((name) => `**/${name}.spec.ts`);
const LAST = ['auth', 'core-wasm', 'public-site'].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  projects: [
    { name: 'long', testMatch: LONG },
    { name: 'rest', testIgnore: [...LONG, ...LAST] },
    { name: 'last', testMatch: LAST },
  ],
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Generous for a slower machine: a clean-clone run measured the same specs 2.5 times slower on one day than another.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '../../test-results/playwright.json' }]],
  outputDir: '../../test-results/playwright',
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunch,
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
});
