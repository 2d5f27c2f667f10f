import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fixedWaits, MAX_FIXED_WAIT_MS } from '../testing/fixed-waits.ts';

const root = resolve(import.meta.dir, '../..');
/** Test code: bun test files, Playwright specs and the helpers both share. */
const TEST_CODE = /\.(test|spec)\.tsx?$/;
const HELPER_DIRS = ['api/testing', 'site/e2e'];

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'build') return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, keep) : keep(name) ? [path] : [];
  });
}

describe('fixed waits in tests', () => {
  test(`the finder flags waits over ${MAX_FIXED_WAIT_MS} ms written as literals or the file's constants, and only those`, () => {
    // Written from parts, so that this file holds the sample's text without holding a wait of its own.
    const call = (fn: string, args: string) => `await ${fn}(${args});`;
    const source = [
      'const GAP_MS = 1_500;',
      'const SHORT = 50;',
      call('Bun.sleep', '6000'),
      call('page.waitForTimeout', 'GAP_MS'),
      call('new Promise', `(r) => ${['setTimeout', '(r, 300)'].join('')}`),
      call('Bun.sleep', '200'),
      call('page.waitForTimeout', 'SHORT'),
      'setTimeout(() => tick(), 5000);',
    ].join('\n');
    expect(fixedWaits(source).map((w) => [w.line, w.ms])).toEqual([
      [3, 6000],
      [4, 1500],
      [5, 300],
    ]);
  });

  test('no test waits a fixed time longer than that for the system under test: it polls, or moves the clock', () => {
    const files = [
      ...['api', 'db', 'site/src', 'core-wasm', 'site/e2e'].flatMap((d) =>
        filesUnder(resolve(root, d), (n) => TEST_CODE.test(n)),
      ),
      ...HELPER_DIRS.flatMap((d) => filesUnder(resolve(root, d), (n) => n.endsWith('.ts') && !TEST_CODE.test(n))),
    ];
    expect(files.length).toBeGreaterThan(100);
    const offenders = [...new Set(files)].flatMap((f) =>
      fixedWaits(readFileSync(f, 'utf8')).map((w) => `${relative(root, f)}:${w.line} waits ${w.ms} ms: ${w.text}`),
    );
    expect(offenders).toEqual([]);
  });
});
