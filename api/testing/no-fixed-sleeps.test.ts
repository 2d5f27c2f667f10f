/**
 * A test that waits a fixed time for the system under test is slow when the machine is quick and flaky when it is
 * loaded: it polls the awaited condition with a deadline instead (or takes an injected clock). This fails the suite
 * when a literal wait over 200 ms comes back into a test, a fixture or a spec. A computed wait (until a moment the
 * test itself chose) is the test's business and is not matched.
 */
import { expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Glob } from 'bun';

const root = resolve(import.meta.dir, '../..');
const LIMIT_MS = 200;
const WAITS = [/Bun\.sleep\(\s*([\d_]+)\s*\)/g, /waitForTimeout\(\s*([\d_]+)\s*\)/g, /setTimeout\(\s*\w+\s*,\s*([\d_]+)\s*\)/g];

export function fixedWaitsOver(source: string, limitMs = LIMIT_MS): { line: number; ms: number }[] {
  const found: { line: number; ms: number }[] = [];
  for (const re of WAITS)
    for (const m of source.matchAll(re)) {
      const ms = Number(m[1]!.replaceAll('_', ''));
      if (ms > limitMs) found.push({ line: source.slice(0, m.index).split('\n').length, ms });
    }
  return found;
}

test('the matcher finds literal waits over the limit and leaves short and computed ones', () => {
  const src = ['await Bun.sleep(6000);', 'await Bun.sleep(100);', 'await Bun.sleep(ms);', 'await page.waitForTimeout(2_500);']
    .concat(['await new Promise((r) => setTimeout(r, 300));', 'setTimeout(done, 50);'])
    .join('\n');
  expect(fixedWaitsOver(src)).toEqual([
    { line: 1, ms: 6000 },
    { line: 4, ms: 2500 },
    { line: 5, ms: 300 },
  ]);
});

test('no test, fixture or spec waits a fixed time over 200 ms', () => {
  const patterns = ['api/**/*.test.ts', 'db/**/*.test.ts', 'site/**/*.test.ts', 'site/e2e/**/*.ts', 'api/testing/**/*.ts'];
  const offenders: string[] = [];
  for (const pattern of patterns)
    for (const file of new Glob(pattern).scanSync({ cwd: root })) {
      if (file.endsWith('no-fixed-sleeps.test.ts')) continue;
      for (const w of fixedWaitsOver(readFileSync(resolve(root, file), 'utf8')))
        offenders.push(`${file}:${w.line} waits ${w.ms} ms`);
    }
  expect([...new Set(offenders)]).toEqual([]);
});
