/**
 * `bun run test:stress [--runs N] [--no-busy] [paths…]`: runs the suite, or the named files and folders, N times
 * (default 5) with one core kept busy by a spinning process, and reports every test that failed at least once, with
 * how often. bun test paths run in one `bun test` each time (both backends when DATABASE_URL is set); site/e2e paths
 * run in Playwright with --repeat-each. Exits 1 when any test failed once: a flaky test is a failing test.
 */
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { laneEnv, root } from './lanes.ts';
import { ensurePgliteTemplate } from '../db/pglite-template.ts';

const args = process.argv.slice(2);
let runs = 5;
let busy = true;
const paths: string[] = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--runs') runs = Number(args[++i]);
  else if (a.startsWith('--runs=')) runs = Number(a.slice(7));
  else if (a === '--no-busy') busy = false;
  else paths.push(a);
}
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1');

const isE2E = (p: string) => p.replace(/^\.\//, '').startsWith('site/e2e');
const e2ePaths = paths.filter(isE2E);
const bunPaths = paths.filter((p) => !isE2E(p));
const everything = paths.length === 0;

/** A process spinning on one core: the machine as loaded as a CI run alongside another makes it. */
const spinner = busy ? Bun.spawn(['bun', '-e', 'for (;;) {}'], { stdout: 'ignore', stderr: 'ignore' }) : null;
const failures = new Map<string, number>();
const failedOnce = (name: string) => failures.set(name, (failures.get(name) ?? 0) + 1);

try {
  process.env.PGLITE_TEMPLATE ||= await ensurePgliteTemplate();
  if (everything || bunPaths.length > 0) {
    for (let run = 1; run <= runs; run++) {
      const started = performance.now();
      const p = Bun.spawn(['bun', 'test', '--timeout', '30000', ...bunPaths], {
        cwd: root,
        env: laneEnv({}),
        stdout: 'pipe',
        stderr: 'pipe',
      });
      const [out, err] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
      const exit = await p.exited;
      const text = out + err;
      const failed = [...text.matchAll(/^\(fail\) (.+?)(?: \[[\d.]+m?s\])?$/gm)].map((m) => m[1]!);
      for (const name of new Set(failed)) failedOnce(`bun test › ${name}`);
      if (exit !== 0 && failed.length === 0) failedOnce(`bun test run ${run} exited ${exit} without a failing test`);
      console.log(`bun test run ${run}/${runs}: ${failed.length} failed, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  }
  if (everything || e2ePaths.length > 0) {
    const reportFile = resolve(root, 'test-results/stress-playwright.json');
    rmSync(reportFile, { force: true });
    const p = Bun.spawn(
      [
        'bunx',
        'playwright',
        'test',
        '-c',
        'site/e2e/playwright.config.ts',
        `--repeat-each=${runs}`,
        '--reporter=dot,json',
        ...e2ePaths,
      ],
      {
        cwd: root,
        env: laneEnv({ PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile }),
        stdout: 'inherit',
        stderr: 'inherit',
      },
    );
    await p.exited;
    type Suite = { title: string; specs?: { title: string; tests: { results: { status: string }[] }[] }[]; suites?: Suite[] };
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { suites: Suite[] };
    const walk = (s: Suite, file: string) => {
      for (const spec of s.specs ?? [])
        for (const t of spec.tests)
          for (const r of t.results) if (r.status !== 'passed' && r.status !== 'skipped') failedOnce(`${file} › ${spec.title}`);
      for (const child of s.suites ?? []) walk(child, file);
    };
    for (const s of report.suites) walk(s, s.title);
  }
} finally {
  spinner?.kill();
}

if (failures.size === 0) {
  console.log(`test:stress: no test failed in ${runs} runs${busy ? ' with a core kept busy' : ''}`);
} else {
  console.log(`test:stress: ${failures.size} tests failed at least once in ${runs} runs:`);
  for (const [name, n] of [...failures].sort((a, b) => b[1] - a[1])) console.log(`  ${n}×  ${name}`);
  process.exit(1);
}
