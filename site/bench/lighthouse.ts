/**
 * Lighthouse on the built public pages, served by the real server (`bun api/server.ts`).
 * A measurement, not a test: it prints performance / accessibility / best practices / SEO per page and never fails.
 * Run `bun run build` first; `bun run bench lighthouse` runs just this.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startE2EServer } from '../e2e/fixtures.ts';
import { chromiumLaunch } from '../e2e/playwright.config.ts';

const root = resolve(import.meta.dir, '../..');
const pages = (process.env.LIGHTHOUSE_PAGES ?? '/,/wiki').split(',');
const formFactor = process.env.LIGHTHOUSE_FORM_FACTOR === 'desktop' ? 'desktop' : 'mobile';
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

if (!existsSync(join(root, 'dist/index.html'))) {
  console.log('lighthouse: dist/ has no built site; run `bun run build` first');
  process.exit(0);
}
const server = await startE2EServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: chromiumLaunch.args,
});

try {
  console.log(`lighthouse ${formFactor} (simulated throttling) against ${server.url}`);
  console.log(['page'.padEnd(12), ...categories.map((c) => c.padStart(15))].join(''));
  for (const path of pages) {
    const config = formFactor === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
    const result = await lighthouse(
      `${server.url}${path}`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] },
      config,
    );
    if (!result) {
      console.log(`${path.padEnd(12)} (no result)`);
      continue;
    }
    const lhr = result.lhr;
    if (process.env.LIGHTHOUSE_SAVE) {
      await Bun.write(join(process.env.LIGHTHOUSE_SAVE, `${path.replace(/\W+/g, '_') || 'root'}.json`), JSON.stringify(lhr));
    }
    const scores = categories.map((c) => {
      const s = lhr.categories[c]?.score;
      return (s == null ? 'n/a' : String(Math.round(s * 100))).padStart(15);
    });
    console.log([path.padEnd(12), ...scores].join('') + (lhr.runtimeError ? `  (${lhr.runtimeError.code})` : ''));
    if (process.env.LIGHTHOUSE_VERBOSE) {
      for (const c of categories) {
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const a = lhr.audits[ref.id];
          if (a && a.score !== null && a.score < 1 && ref.weight > 0) {
            console.log(`    ${c}: ${a.id} ${a.score} ${a.displayValue ?? ''}`);
          }
        }
      }
      for (const m of [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ]) {
        console.log(`    ${m}: ${lhr.audits[m]?.displayValue}`);
      }
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}
