import { expect, test } from 'bun:test';
import { Glob } from 'bun';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dir, '../..');

/**
 * The repository travels without its tracker: a comment, test name or README line naming a tracker issue by its number points at
 * nothing for whoever reads it. Say what the thing is and why instead. The changelog is history and may name anything.
 */
test('no source file, test or README line refers to the tracker by issue number', () => {
  const found: string[] = [];
  let scanned = 0;
  const sources = ['api', 'db', 'core-wasm', 'site/src', 'site/e2e', '.ci'].map((dir) => `${dir}/**/*.{ts,tsx,astro,css,mjs}`);
  for (const pattern of [...sources, 'README.md', 'site/src/content/wiki/*.md', 'core-wasm/*.md']) {
    for (const file of new Glob(pattern).scanSync({ cwd: root, dot: true })) {
      if (file.includes('node_modules') || file.startsWith('core-wasm/build/')) continue;
      scanned++;
      readFileSync(resolve(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/\b[Ii]ssues? #?\d+\b/.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 100)}`);
        });
    }
  }
  expect(scanned).toBeGreaterThan(500);
  expect(found).toEqual([]);
});
