import { expect, type Page } from '@playwright/test';
import { gameTest, openGame, seat, waitForIslands } from './fixtures.ts';

const test = gameTest;

/**
 * Every page runs under the server's Content-Security-Policy (api/http/security-headers.ts) without a single
 * violation: Astro's inline island scripts are allowed by hash, the game's Web Worker compiles the WASM core,
 * the live socket connects. A violation shows as a `securitypolicyviolation` event and a console error.
 */
interface Violation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
  line: number;
  column: number;
}

/**
 * arktype (bundled into the islands through the shared contract) probes once per page whether `new Function` is
 * allowed and, refused, validates without compiling (`envHasCsp` in @ark/util). That probe is the one report we
 * expect: an `eval` refusal whose source position is exactly that probe.
 */
async function isArktypeProbe(page: Page, v: Violation): Promise<boolean> {
  if (v.blocked !== 'eval' || !v.source) return false;
  const text = await (await page.request.get(v.source)).text();
  const line = text.split('\n')[v.line - 1] ?? '';
  return /^(new )?Function\(.return false.\)/.test(line.slice(v.column - 1, v.column + 40));
}

async function watchViolations(page: Page): Promise<{ reports: Violation[]; console: string[] }> {
  const reports: Violation[] = [];
  const consoleLines: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) consoleLines.push(m.text());
  });
  await page.exposeFunction('__reportCspViolation', (v: Violation) => reports.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __reportCspViolation(v: unknown): void }).__reportCspViolation({
        page: location.pathname,
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: e.sourceFile,
        line: e.lineNumber,
        column: e.columnNumber,
      }),
    );
  });
  return { reports, console: consoleLines };
}

test('no page violates the Content-Security-Policy, and the islands and the game still work', async ({ page, gameServer }) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(page);
  const url = gameServer.url;

  for (const path of ['/', '/wiki', '/changelog', '/no-such-page']) {
    const res = await page.goto(url + path);
    expect(res!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.waitForLoadState('networkidle');
  }
  // The wiki's search box (its only script) works.
  await page.goto(`${url}/wiki`);
  await page.getByRole('searchbox').fill('zzzz-nothing-matches');
  await expect(page.getByText(/No sections match/)).toBeVisible();

  // Sign-up island (inline island bootstrap scripts) and the lobby island.
  await seat(page, gameServer, { prefix: 'csp', displayName: 'Csp Tester', viaForm: true });
  await waitForIslands(page);
  await expect(page.getByText('Csp Tester')).toBeVisible();

  // The game: WASM core in a Web Worker, canvas, live WebSocket (its frames read by the validator worker).
  await openGame(page, gameServer);
  await page.waitForFunction(() => (window.__wastelandMap?.snapshot().chunks.drawn ?? 0) > 0, null, { timeout: 20_000 });
  await expect(page.locator('[data-connection="open"]')).toBeAttached({ timeout: 20_000 });
  // A violation is reported by an event task, then over the page's binding: a task queued after everything above and
  // answered over the same channel comes after any report.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));

  const unexpected = [];
  for (const v of violations.reports) if (!(await isArktypeProbe(page, v))) unexpected.push(v);
  expect(unexpected).toEqual([]);
  // A report-only probe does not log; anything blocked for real would (a script, a style, a worker, a socket).
  expect(violations.console.filter((line) => !/'unsafe-eval'/.test(line))).toEqual([]);
});
