/**
 * The whole suite: the typecheck and lint, then bun test in lanes (.ci/lanes.ts: every file on PGlite, the database
 * files again on Postgres when DATABASE_URL is set) and Playwright in Debian's chromium, the Postgres lane alongside
 * Playwright. Every database and server starts from the run's migrated templates. Prints each stage's seconds and
 * the ten slowest files, and ends with one plain line "N passed, N failed".
 * `bun run test:all` installs dependencies and builds first; this file apt-installs chromium and nginx when missing.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensurePgliteTemplate } from '../db/pglite-template.ts';
import { createPostgresTemplate, dropTestDatabases } from '../api/testing/databases.ts';
import { bunLanes, type LaneResult, laneEnv, root, runLane, runNowhere } from './lanes.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const stages: { name: string; seconds: number; busy: number }[] = [];
const runStarted = performance.now();
const runTicks = cpuTicks();

/** The machine's CPU ticks so far, busy and in all (Linux /proc/stat); null elsewhere. */
function cpuTicks(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
  } catch {
    return null;
  }
}

/** Cores kept busy between two samples of cpuTicks(), or NaN where the machine gave none. */
function coresBusy(from: ReturnType<typeof cpuTicks>, to: ReturnType<typeof cpuTicks>): number {
  if (!from || !to) return NaN;
  return ((to.busy - from.busy) / Math.max(1, to.total - from.total)) * navigator.hardwareConcurrency;
}

/**
 * Runs one stage and records its seconds and how many cores the whole machine kept busy meanwhile: a stage that
 * leaves cores idle waits on something (more workers help); one at every core needs less work, not more workers.
 */
async function stage<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const ticks = cpuTicks();
  try {
    return await work();
  } finally {
    stages.push({ name, seconds: (performance.now() - started) / 1000, busy: coresBusy(ticks, cpuTicks()) });
  }
}

/** Debian packages the suite runs for real: chromium (Playwright) and nginx (api/ops/proxy.test.ts, the README's proxy). */
const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const missing = [...(existsSync(chromium) ? [] : ['chromium']), ...(existsSync(nginx) ? [] : ['nginx'])];
if (missing.length > 0) {
  console.log(`test:all: ${missing.join(' and ')} missing; installing Debian ${missing.join(' ')} with apt-get`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  for (const cmd of [
    [...sudo, 'apt-get', 'update'],
    [...sudo, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', ...missing],
  ]) {
    const p = Bun.spawnSync(cmd, { stdout: 'inherit', stderr: 'inherit' });
    if (p.exitCode !== 0) {
      console.error(`test:all: "${cmd.join(' ')}" failed; install ${missing.join(' and ')} and run again`);
      process.exit(1);
    }
  }
}

let passed = 0;
let failed = 0;
/** The names of what failed, printed again just above the closing line: a CI log is often read from its tail. */
const failures: string[] = [];

// Types, lint and format: the islands, the server and the tests share one contract, so a type error anywhere is a
// defect; `typecheck` is tsc plus astro check, `lint` is Biome (lint and format). Mostly one core: it runs beside
// the PGlite lane.
async function checks(): Promise<void> {
  const sync = Bun.spawnSync(['bunx', '--bun', 'astro', 'sync'], {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  const steps = ['typecheck', 'lint'] as const;
  const results = await Promise.all(
    steps.map((step) =>
      sync.exitCode === 0
        ? Bun.spawn(['bun', 'run', step], { cwd: root, stdout: 'inherit', stderr: 'inherit' }).exited
        : Promise.resolve(sync.exitCode),
    ),
  );
  results.forEach((code, i) => {
    console.log(`${steps[i]}: ${code === 0 ? 'ok' : 'FAILED'}`);
    if (code === 0) passed += 1;
    else {
      failed += 1;
      failures.push(steps[i]);
    }
  });
}

// The run's templates, made once and handed to every lane and server through the environment.
const pgTemplate = await stage('templates', async () => {
  process.env.PGLITE_TEMPLATE = await ensurePgliteTemplate();
  if (!process.env.DATABASE_URL) return null;
  const name = await createPostgresTemplate();
  process.env.PG_TEMPLATE_DB = name;
  return name;
});

const results: LaneResult[] = [];
const report = (r: LaneResult) => {
  // A lane runs alongside another: its report is printed whole when it ends, never interleaved.
  process.stderr.write(r.output);
  console.log(`lane ${r.name}: ${r.passed} passed, ${r.failed} failed in ${r.seconds.toFixed(0)} s`);
  results.push(r);
  failures.push(...[...r.failedNames].map((n) => `bun test (${r.name}): ${n}`));
  passed += r.passed;
  failed += r.failed;
};

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; ok: boolean }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  errors?: { message?: string }[];
  suites?: PlaywrightSuite[];
}

/** "file › describe › test" of every spec that did not pass. */
function failedSpecs(suites: PlaywrightSuite[], path: string[] = []): string[] {
  return suites.flatMap((suite) => {
    const here = [...path, suite.title].filter(Boolean);
    const own = (suite.specs ?? []).filter((s) => !s.ok).map((s) => [...here, s.title].join(' › '));
    return [...own, ...failedSpecs(suite.suites ?? [], here)];
  });
}

/** Playwright, reading its JSON report for the count. */
async function playwright(): Promise<void> {
  const reportFile = resolve(root, 'test-results/playwright.json');
  rmSync(reportFile, { force: true });
  const e2e = Bun.spawn(['bunx', 'playwright', 'test', '-c', 'site/e2e/playwright.config.ts'], {
    cwd: root,
    env: laneEnv({ CHROMIUM_PATH: chromium }),
    stdout: 'inherit',
    stderr: 'inherit',
  });
  const e2eExit = await e2e.exited;
  let e2eFailed = 0;
  if (existsSync(reportFile)) {
    const json = JSON.parse(readFileSync(reportFile, 'utf8')) as PlaywrightReport;
    passed += json.stats.expected + json.stats.flaky;
    failures.push(...failedSpecs(json.suites ?? []).map((t) => `Playwright: ${t}`));
    for (const e of json.errors ?? []) failures.push(`Playwright: ${String(e.message ?? 'error').split('\n')[0]}`);
    // A spec file that does not load is an error of the run, not a test: count each one as a failure.
    e2eFailed = json.stats.unexpected + (json.errors?.length ?? 0);
  }
  // The runner failed without a failing test (or wrote no report): never report green.
  if (e2eExit !== 0 && e2eFailed === 0) e2eFailed = 1;
  failed += e2eFailed;
}

const workers = Number(process.env.TEST_WORKERS ?? 2);
const [pgliteLane, postgresLane] = bunLanes(workers);
// The Postgres lane mostly waits (on the server, on its own servers' leases and intervals: about 160 CPU seconds in
// 700 of wall time at one worker), so two of its workers share the machine with Playwright's two browsers.
if (postgresLane) postgresLane.workers = Number(process.env.TEST_POSTGRES_WORKERS ?? 2);
try {
  await Promise.all([
    stage('typecheck + lint', checks),
    stage('bun test: pure + PGlite lane', async () => report(await runLane(pgliteLane!))),
  ]);
  await Promise.all([
    postgresLane ? stage('bun test: Postgres lane', async () => report(await runLane(postgresLane))) : null,
    stage('Playwright', playwright),
  ]);
} finally {
  if (pgTemplate) await dropTestDatabases([pgTemplate]).catch(() => {});
}
const [pgliteResult, postgresResult] = [results.find((r) => r.name === 'pglite'), results.find((r) => r.name === 'postgres')];
if (pgliteResult && postgresResult) {
  const nowhere = runNowhere(pgliteResult, postgresResult);
  for (const name of nowhere) console.log(`(fail) skipped on PGlite and not run on Postgres: ${name}`);
  failures.push(...nowhere.map((n) => `run nowhere: ${n}`));
  failed += nowhere.length;
}

const slowest = results
  .flatMap((r) => Object.entries(r.fileMs).map(([file, ms]) => ({ file: `${file} (${r.name})`, ms })))
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 10);
console.log('\nslowest bun test files:');
for (const s of slowest) console.log(`  ${(s.ms / 1000).toFixed(1).padStart(6)} s  ${s.file}`);
console.log('stages (typecheck beside the PGlite lane; the Postgres lane beside Playwright):');
for (const s of stages) {
  const busy = Number.isNaN(s.busy) ? '' : ` (${s.busy.toFixed(1)} of ${navigator.hardwareConcurrency} cores busy)`;
  console.log(`  ${s.seconds.toFixed(0).padStart(5)} s  ${s.name}${busy}`);
}
const busyInAll = coresBusy(runTicks, cpuTicks());
const runBusy = Number.isNaN(busyInAll) ? '' : ` (${busyInAll.toFixed(1)} cores busy)`;
console.log(`  ${((performance.now() - runStarted) / 1000).toFixed(0).padStart(5)} s  in all${runBusy}`);
if (failures.length > 0) {
  console.log('failed:');
  for (const f of failures) console.log(`  ${f}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
