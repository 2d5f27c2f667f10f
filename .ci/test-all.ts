/**
 * The whole suite: the typecheck, bun test (unit, integration, repository contracts on PGlite and, with DATABASE_URL,
 * on Postgres) then Playwright in Debian's chromium. Ends with one plain line "N passed, N failed".
 * `bun run test:all` installs dependencies and builds first; this file apt-installs chromium and nginx when missing.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dir, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(cmd: string[], env: Record<string, string | undefined> = {}) {
  return Bun.spawn(cmd, { cwd: root, env: { ...process.env, ...env }, stdout: 'inherit', stderr: 'pipe' });
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

// Types, lint and format first: the islands, the server and the tests share one contract, so a type error anywhere
// is a defect; `typecheck` is tsc plus astro check, `lint` is Biome (lint and format).
let passed = 0;
let failed = 0;
for (const step of ['typecheck', 'lint'] as const) {
  const sync = Bun.spawnSync(['bunx', '--bun', 'astro', 'sync'], {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  const result =
    sync.exitCode === 0 ? Bun.spawnSync(['bun', 'run', step], { cwd: root, stdout: 'inherit', stderr: 'inherit' }) : sync;
  if (result.exitCode === 0) {
    console.log(`${step}: ok`);
    passed += 1;
  } else {
    console.log(`${step}: FAILED`);
    failed += 1;
  }
}

// bun test: its summary (" N pass", " N fail") goes to stderr; mirror it and count.
const unit = run(['bun', 'test', '--timeout', '30000']);
let stderr = '';
const decoder = new TextDecoder();
for await (const chunk of unit.stderr as ReadableStream<Uint8Array>) {
  const text = decoder.decode(chunk, { stream: true });
  stderr += text;
  process.stderr.write(text);
}
const unitExit = await unit.exited;
const count = (re: RegExp) => Number(stderr.match(re)?.[1] ?? 0);
const unitFailed = count(/^\s*(\d+) fail$/m);
passed += count(/^\s*(\d+) pass$/m);
failed += unitFailed;
if (unitExit !== 0 && unitFailed === 0) failed += 1; // crashed or found nothing: never report green

// Playwright: read its JSON report.
const report = resolve(root, 'test-results/playwright.json');
rmSync(report, { force: true });
const e2e = Bun.spawn(['bunx', 'playwright', 'test', '-c', 'site/e2e/playwright.config.ts'], {
  cwd: root,
  env: { ...process.env, CHROMIUM_PATH: chromium },
  stdout: 'inherit',
  stderr: 'inherit',
});
const e2eExit = await e2e.exited;
let e2eFailed = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
    errors?: unknown[];
  };
  passed += json.stats.expected + json.stats.flaky;
  // A spec file that does not load is an error of the run, not a test: count each one as a failure.
  e2eFailed = json.stats.unexpected + (json.errors?.length ?? 0);
}
// The runner failed without a failing test (or wrote no report): never report green.
if (e2eExit !== 0 && e2eFailed === 0) e2eFailed = 1;
failed += e2eFailed;

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
