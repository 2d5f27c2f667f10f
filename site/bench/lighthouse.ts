/**
 * Lighthouse on the built pages, served by the real server (`bun api/server.ts`).
 * A measurement, not a test: it prints performance / accessibility / best practices / SEO per page and never fails.
 * Each page also gets its layout shift (CLS), blocking time (TBT) and JavaScript; /game, opened by a fresh survivor
 * with a lobby seat, also the JavaScript fetched before the map's first frame (the page's MAP_DRAWN_MARK).
 * Run `bun run build` first; `bun run bench lighthouse` runs just this. LIGHTHOUSE_RUNS=3 runs each page three times
 * and prints the median of each figure (the machine is shared, so one run is noisy).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { MAP_DRAWN_MARK } from '../src/game/map/first-frame.ts';
import { type E2EServer, startE2EServer } from '../e2e/fixtures.ts';
import { chromiumLaunch } from '../e2e/playwright.config.ts';

const root = resolve(import.meta.dir, '../..');
const pages = (process.env.LIGHTHOUSE_PAGES ?? '/,/wiki,/game').split(',');
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1) || 1);
const formFactor = process.env.LIGHTHOUSE_FORM_FACTOR === 'desktop' ? 'desktop' : 'mobile';
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const siteDir = process.env.SITE_DIR ?? join(root, 'dist');

if (!existsSync(join(siteDir, 'index.html'))) {
  console.log(`lighthouse: ${siteDir} has no built site; run \`bun run build\` first`);
  process.exit(0);
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
interface NetworkItem {
  url: string;
  mimeType?: string;
  resourceType?: string;
  networkRequestTime?: number;
  transferSize?: number;
  resourceSize?: number;
}

/** The figures of one run of one page; scripts are { transferred, uncompressed } bytes. */
interface Figures {
  scores: (number | null)[];
  cls: number | null;
  tbt: number | null;
  js: { transferred: number; uncompressed: number };
  jsBeforeMap: { transferred: number; uncompressed: number } | null;
  error?: string;
}

function figures(lhr: Lhr): Figures {
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (r) => /javascript/.test(r.mimeType ?? '') || r.resourceType === 'Script' || /\.m?js(\?|$)/.test(r.url),
  );
  const sum = (xs: NetworkItem[]) => ({
    transferred: xs.reduce((n, r) => n + (r.transferSize ?? 0), 0),
    uncompressed: xs.reduce((n, r) => n + (r.resourceSize ?? 0), 0),
  });
  const marks = (lhr.audits['user-timings']?.details as { items?: { name: string; startTime: number }[] } | undefined)?.items;
  const drawn = marks?.find((m) => m.name === MAP_DRAWN_MARK);
  return {
    scores: categories.map((c) => lhr.categories[c]?.score ?? null),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? null,
    js: sum(items),
    // Network times count from the first request (the page's own), user timings from navigation: the same origin.
    jsBeforeMap: drawn ? sum(items.filter((r) => (r.networkRequestTime ?? Infinity) < drawn.startTime)) : null,
    error: lhr.runtimeError?.code,
  };
}

/** A fresh survivor holding a lobby seat: /game would send anyone else away. Returns the session cookie. */
async function seatedSurvivor(server: E2EServer): Promise<string> {
  const reg = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `lh_${crypto.randomUUID().slice(0, 8)}`, password: 'correct horse battery' }),
  });
  if (reg.status !== 201) throw new Error(`sign-up failed: ${reg.status} ${await reg.text()}`);
  const cookie = reg.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const join = await fetch(`${server.url}/api/lobby/join-game`, { method: 'POST', headers: { cookie } });
  if (!join.ok) throw new Error(`join-game failed: ${join.status} ${await join.text()}`);
  return cookie;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const medianOf = (fs: Figures[], pick: (f: Figures) => number | null | undefined): number | null => {
  const xs = fs.map(pick).filter((x): x is number => typeof x === 'number');
  return xs.length ? median(xs) : null;
};

const server = await startE2EServer({ WORLD_SEED: '12345', ...(process.env.SITE_DIR ? { SITE_DIR: siteDir } : {}) });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: chromiumLaunch.args,
});

try {
  console.log(`lighthouse ${formFactor} (simulated throttling) against ${server.url}, ${runs} run(s) per page, median shown`);
  console.log(['page'.padEnd(12), ...categories.map((c) => c.padStart(15))].join(''));
  const config = formFactor === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  for (const path of pages) {
    const done: Figures[] = [];
    for (let i = 0; i < runs; i++) {
      const extraHeaders = path.startsWith('/game') ? { Cookie: await seatedSurvivor(server) } : undefined;
      const result = await lighthouse(
        `${server.url}${path}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories], extraHeaders },
        config,
      );
      if (!result) continue;
      if (process.env.LIGHTHOUSE_SAVE) {
        const name = `${path.replace(/\W+/g, '_') || 'root'}${runs > 1 ? `-${i + 1}` : ''}.json`;
        await Bun.write(join(process.env.LIGHTHOUSE_SAVE, name), JSON.stringify(result.lhr));
      }
      done.push(figures(result.lhr));
      if (process.env.LIGHTHOUSE_VERBOSE) verbose(result.lhr);
    }
    if (!done.length) {
      console.log(`${path.padEnd(12)} (no result)`);
      continue;
    }
    const scores = categories.map((_, i) => {
      const s = medianOf(done, (f) => f.scores[i]);
      return (s == null ? 'n/a' : String(Math.round(s * 100))).padStart(15);
    });
    const errors = [...new Set(done.map((f) => f.error).filter(Boolean))];
    console.log([path.padEnd(12), ...scores].join('') + (errors.length ? `  (${errors.join(', ')})` : ''));
    if (runs > 1) console.log(`    performance per run: ${done.map((f) => Math.round((f.scores[0] ?? 0) * 100)).join(', ')}`);
    const cls = medianOf(done, (f) => f.cls);
    const tbt = medianOf(done, (f) => f.tbt);
    console.log(
      `    layout shift (CLS) ${cls?.toFixed(3) ?? 'n/a'}, blocking time (TBT) ${tbt == null ? 'n/a' : `${Math.round(tbt)} ms`}`,
    );
    console.log(
      `    JavaScript ${kb(medianOf(done, (f) => f.js.transferred) ?? 0)} transferred, ${kb(medianOf(done, (f) => f.js.uncompressed) ?? 0)} uncompressed`,
    );
    if (path.startsWith('/game')) {
      const before = done.filter((f) => f.jsBeforeMap);
      console.log(
        before.length
          ? `    JavaScript before the map's first frame ${kb(medianOf(before, (f) => f.jsBeforeMap?.transferred) ?? 0)} transferred, ${kb(medianOf(before, (f) => f.jsBeforeMap?.uncompressed) ?? 0)} uncompressed`
          : `    the map was never drawn (no ${MAP_DRAWN_MARK} mark)`,
      );
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}

function verbose(lhr: Lhr): void {
  for (const c of categories) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (a && a.score !== null && a.score < 1 && ref.weight > 0)
        console.log(`    ${c}: ${a.id} ${a.score} ${a.displayValue ?? ''}`);
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
