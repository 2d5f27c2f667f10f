import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pkg from '../../package.json' with { type: 'json' };

const changelogDir = resolve(import.meta.dir, '../../site/src/content/changelog');

/** The `version:` of each changelog entry's front matter. */
function changelogVersions(): string[] {
  return readdirSync(changelogDir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => {
      const m = readFileSync(resolve(changelogDir, f), 'utf8').match(/^version:\s*(\S+)\s*$/m);
      if (!m) throw new Error(`${f} has no version in its front matter`);
      return m[1] as string;
    });
}

const parts = (v: string) => v.split('.').map(Number);
const newer = (a: string, b: string) => {
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
};

describe('one version', () => {
  // The landing page, /metrics and the health answer read package.json: it must name what the changelog last shipped.
  test("package.json's version is the changelog's newest entry", () => {
    const newest = changelogVersions().sort(newer).at(-1);
    expect(pkg.version).toBe(newest as string);
  });

  test('each changelog entry is named after its version', () => {
    for (const f of readdirSync(changelogDir).filter((f) => f.endsWith('.md'))) {
      const m = readFileSync(resolve(changelogDir, f), 'utf8').match(/^version:\s*(\S+)\s*$/m);
      expect(f).toBe(`v${m?.[1]}.md`);
    }
  });
});
