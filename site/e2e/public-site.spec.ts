import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signUp, test } from './fixtures.ts';
import { totalsText } from '../src/components/live-totals.ts';

const WIKI_SECTIONS = [
  ['getting-started', 'Getting Started'],
  ['equipment-system', 'Equipment System'],
  ['settlements-and-npcs', 'Settlements & NPCs'],
  ['communication', 'Communication'],
  ['exploration-and-resource-gathering', 'Exploration & Resource Gathering'],
  ['inventory-and-storage', 'Inventory & Storage'],
  ['advanced-npc-ai-system', 'Advanced NPC AI System'],
  ['raids-and-upkeep', 'Raids & Upkeep'],
  ['crafting', 'Crafting'],
] as const;
const VERSIONS = [
  'v0.26.0',
  'v0.25.0',
  'v0.24.0',
  'v0.23.0',
  'v0.22.0',
  'v0.21.0',
  'v0.20.0',
  'v0.19.0',
  'v0.18.0',
  'v0.17.0',
  'v0.16.0',
  'v0.15.0',
  'v0.14.0',
  'v0.13.0',
  'v0.12.0',
  'v0.11.0',
  'v0.10.0',
  'v0.9.0',
  'v0.8.0',
  'v0.7.0',
  'v0.6.0',
  'v0.5.0',
  'v0.4.0',
  'v0.3.0',
  'v0.2.0',
  'v0.1.0',
];

const header = (page: Page) => page.getByRole('banner');
const wikiSection = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

// Independent tests of the public pages: they fill whichever worker is free at the end of the run.
test.describe.configure({ mode: 'parallel' });

test.describe('landing page', () => {
  test("shows the hero, the spec's seven features plus raids and crafting, the player count and the alpha warning", async ({
    page,
    server,
  }) => {
    const res = await page.goto(server.url);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(/Wasteland/);
    await expect(page.getByRole('heading', { level: 1, name: 'Post-Apocalyptic Survival MMO' })).toBeVisible();
    for (const title of [
      'Settlement System',
      'Real-Time Multiplayer',
      'Settlement Building',
      'Scavenging & Foraging',
      'Advanced NPC AI',
      'Radio Communication',
      'Equipment System',
      'Raids & Defence',
      'Crafting',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Up to 20 players per game' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Experimental Alpha' })).toBeVisible();
    // The donation widget exists only when a target was configured for the build (normally not for tests).
    const donating = Boolean(process.env.PUBLIC_DONATE_MONTHLY_URL || process.env.PUBLIC_DONATE_TIP_URL);
    await expect(page.locator('[data-donate]')).toHaveCount(donating ? 1 : 0);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /survival/);
  });

  test('header links go to the wiki, the changelog and home', async ({ page, server }) => {
    await page.goto(server.url);
    await header(page).getByRole('link', { name: 'Game Wiki' }).click();
    await expect(page).toHaveURL(`${server.url}/wiki`);
    await expect(page.getByRole('heading', { level: 1, name: 'Game Wiki' })).toBeVisible();

    await page.goto(server.url);
    await header(page).getByRole('link', { name: 'Changelog' }).click();
    await expect(page).toHaveURL(`${server.url}/changelog`);
    await expect(page.getByRole('heading', { level: 1, name: 'Changelog' })).toBeVisible();

    await header(page)
      .getByRole('link', { name: /Wasteland/ })
      .click();
    await expect(page).toHaveURL(`${server.url}/`);
  });

  test('Play Now sends a visitor through /api/login to sign-in, Enter the Wasteland to sign-up', async ({ page, server }) => {
    for (const [name, href, url, tab] of [
      ['Play Now', '/api/login', '/login', 'Sign in'],
      ['Enter the Wasteland', '/api/login?signup', '/login?mode=register', 'Create account'],
    ] as const) {
      await page.goto(server.url);
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      const [login] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/api/login'),
        page.getByRole('link', { name, exact: true }).click(),
      ]);
      expect(login.status()).toBe(302);
      await expect(page).toHaveURL(`${server.url}${url}`);
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('form', { name: tab })).toBeVisible();
    }
  });

  test('a signed-in player sees the landing page, and Play Now takes them to the lobby', async ({ page, server }) => {
    await signUp(page, server);
    await page.goto(server.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Post-Apocalyptic Survival MMO' })).toBeVisible();
    await page.getByRole('link', { name: 'Play Now', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/lobby`);
  });

  test('every link on the landing page points where it should', async ({ page, server }) => {
    await page.goto(server.url);
    // Every internal link (the donation widget's external targets are configured per build).
    const hrefs = await page.locator('a[href]:not([data-donate] a)').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    const allowed = /^(\/|\/wiki(#[a-z-]+)?|\/changelog|\/login|\/api\/login(\?signup)?|#main|#[a-z-]+)$/;
    for (const href of hrefs) expect(href, href).toMatch(allowed);
    for (const href of hrefs.filter((h) => h.startsWith('/wiki#'))) {
      const id = href.slice('/wiki#'.length);
      expect(
        WIKI_SECTIONS.map(([s]) => s),
        `wiki fragment ${href}`,
      ).toContain(id);
    }
  });

  test('renders completely without JavaScript; its one small script only fills in the live totals', async ({
    browser,
    server,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(server.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Post-Apocalyptic Survival MMO' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Enter the Wasteland' })).toBeVisible();
    await expect(page.locator('.feature')).toHaveCount(9);
    // Without JavaScript the briefing keeps its built-in line.
    await expect(page.locator('[data-live-totals]')).toHaveText('New worlds of 20 open as survivors arrive');
    const scripts = await page
      .locator('script[src], script[type="module"]')
      .evaluateAll((ss) => ss.map((s) => s.getAttribute('src')));
    expect(scripts).toHaveLength(1);
    const size = (await (await page.request.get(server.url + scripts[0])).body()).length;
    expect(size, `the landing's script is ${size} bytes`).toBeLessThanOrEqual(2048);
    await context.close();
  });

  test('shows live totals from the worlds list, and its built-in line when the call fails', async ({ page, server }) => {
    const { online, open } = await (await page.request.get(`${server.url}/api/worlds`)).json();
    await page.goto(server.url);
    const line = page.locator('[data-live-totals]');
    await expect(line).toHaveText(totalsText({ online, open }));
    await expect(line).toHaveAttribute('data-live-totals', 'live');
    await page.route('**/api/worlds', (route) => route.fulfill({ status: 503, json: { message: 'down' } }));
    await page.reload();
    await expect(line).toHaveText('New worlds of 20 open as survivors arrive');
    await expect(line).not.toHaveAttribute('data-live-totals', 'live');
  });

  test('is usable on a 360 px phone: nothing overflows sideways', async ({ browser, server }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    for (const path of ['/', '/wiki', '/changelog', '/nowhere']) {
      await page.goto(server.url + path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
      await expect(header(page).getByRole('link').last()).toBeVisible();
    }
    await context.close();
  });

  test('can be walked with the keyboard, with a visible focus ring', async ({ page, server }) => {
    await page.goto(server.url);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(header(page).getByRole('link', { name: 'Game Wiki' })).toBeFocused();
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe('solid');
  });
});

test.describe('wiki', () => {
  test('lists every section with its own fragment, the quick tips and the header links', async ({ page, server }) => {
    await page.goto(`${server.url}/wiki`);
    const toc = page.getByRole('navigation', { name: 'Sections' });
    for (const [id, title] of WIKI_SECTIONS) {
      await expect(toc.getByRole('link', { name: title })).toHaveAttribute('href', `#${id}`);
      await expect(page.locator(`section#${id}`)).toHaveCount(1);
      await expect(wikiSection(page, title)).toBeVisible();
    }
    for (const tip of ['Radio First', 'High Significance POIs', 'Recruit NPCs', 'Explore Systematically']) {
      await expect(page.getByRole('heading', { level: 3, name: tip })).toBeVisible();
    }
    await expect(header(page).getByRole('link', { name: 'Play Game' })).toHaveAttribute('href', '/api/login');
    await header(page).getByRole('link', { name: 'Changelog' }).click();
    await expect(page).toHaveURL(`${server.url}/changelog`);
    await page.goto(`${server.url}/wiki`);
    await header(page).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/`);
    await page.goto(`${server.url}/wiki`);
    await header(page).getByRole('link', { name: 'Play Game' }).click();
    await expect(page).toHaveURL(`${server.url}/login`);
  });

  test('a fragment link opens its section', async ({ page, server }) => {
    await page.goto(`${server.url}/wiki#communication`);
    const section = wikiSection(page, 'Communication');
    await expect(section).toBeInViewport();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Inventory & Storage' }).click();
    await expect(page).toHaveURL(/#inventory-and-storage$/);
    await expect(wikiSection(page, 'Inventory & Storage')).toBeInViewport();
  });

  test('states our numbers, not the contradicted wiki claims', async ({ page, server }) => {
    await page.goto(`${server.url}/wiki`);
    const text = (await page.locator('#wiki-sections').textContent()) ?? '';
    expect(text).toContain('3 Wood Planks, 2 Scrap Metal and 1 Cloth Scraps');
    expect(text).not.toMatch(/25 Wood Planks|15 Stone/);
    for (const fact of [
      '35 tiles',
      '2.5',
      '0.3×',
      '3×',
      '20 minutes',
      '200 characters',
      '−3',
      '−5',
      '+20%',
      '+15%',
      '80% common',
    ]) {
      expect(text, fact).toContain(fact);
    }
  });

  test('search narrows the sections as you type and restores them when cleared', async ({ page, server }) => {
    await page.goto(`${server.url}/wiki`);
    const search = page.getByRole('searchbox', { name: 'Search the wiki' });
    const toc = page.getByRole('navigation', { name: 'Sections' });
    await expect(search).toBeVisible();

    // By content: only the section with the chat limit.
    await search.pressSequentially('messages are up to 200 characters');
    await expect(wikiSection(page, 'Communication')).toBeVisible();
    await expect(wikiSection(page, 'Inventory & Storage')).toBeHidden();
    await expect(toc.getByRole('link', { name: 'Inventory & Storage' })).toBeHidden();
    await expect(page.getByRole('status')).toContainText(`1 of ${WIKI_SECTIONS.length} sections match`);

    // By title.
    await search.fill('');
    await search.pressSequentially('inventory & storage');
    await expect(wikiSection(page, 'Inventory & Storage')).toBeVisible();
    await expect(wikiSection(page, 'Getting Started')).toBeHidden();

    // Nothing matches.
    await search.fill('xylophone');
    await expect(page.getByText('No sections match “xylophone”.')).toBeVisible();
    for (const [, title] of WIKI_SECTIONS) await expect(wikiSection(page, title)).toBeHidden();

    // Cleared: everything is back.
    await search.fill('');
    for (const [, title] of WIKI_SECTIONS) {
      await expect(wikiSection(page, title)).toBeVisible();
      await expect(toc.getByRole('link', { name: title })).toBeVisible();
    }
    await expect(page.getByText(/No sections match/)).toBeHidden();

    // Escape clears too.
    await search.fill('forage');
    await expect(wikiSection(page, 'Communication')).toBeHidden();
    await search.press('Escape');
    await expect(search).toHaveValue('');
    await expect(wikiSection(page, 'Communication')).toBeVisible();
  });

  test('without JavaScript every section shows and the dead search box is not rendered', async ({ browser, server }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/wiki`);
    for (const [, title] of WIKI_SECTIONS) await expect(wikiSection(page, title)).toBeVisible();
    await expect(page.getByRole('searchbox')).toHaveCount(0);
    await page.goto(`${server.url}/wiki#equipment-system`);
    await expect(wikiSection(page, 'Equipment System')).toBeInViewport();
    await context.close();
  });
});

test.describe('changelog', () => {
  test('lists every version newest first, with type badges, dates and the alpha disclaimer', async ({ page, server }) => {
    await page.goto(`${server.url}/changelog`);
    await expect(page.locator('[data-version]')).toHaveCount(VERSIONS.length);
    expect(await page.locator('[data-version]').evaluateAll((els) => els.map((e) => e.getAttribute('data-version')))).toEqual(
      VERSIONS,
    );
    const headings = await page.getByRole('heading', { level: 2, name: /^v\d/ }).allTextContents();
    expect(headings.map((h) => h.trim().split(/\s+/)[0])).toEqual(VERSIONS);

    const entry = (v: string) => page.locator(`[data-version="${v}"]`);
    await expect(entry('v0.1.0')).toContainText('Initial Release');
    await expect(entry('v0.1.0')).toContainText('26 July 2025');
    await expect(entry('v0.5.0')).toContainText('Major Update');
    await expect(entry('v0.5.0')).toContainText('7 August 2025');
    await expect(entry('v0.6.0')).toContainText('Major Update');
    await expect(entry('v0.6.0')).toContainText('22 November 2026');
    await expect(entry('v0.3.0')).toContainText('Release');
    await expect(entry('v0.7.0')).toContainText('24 November 2026');
    await expect(entry('v0.11.0')).toContainText('Major Update');
    await expect(entry('v0.11.0')).toContainText('24 November 2026');
    await expect(entry('v0.12.0')).toContainText('Major Update');
    for (const v of VERSIONS) expect(await entry(v).getByRole('listitem').count(), v).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: 'Experimental Alpha' })).toBeVisible();

    await header(page).getByRole('link', { name: 'Play Now' }).click();
    await expect(page).toHaveURL(`${server.url}/login`);
  });
});

test.describe('not found', () => {
  test('an unknown path answers 404 with the not-found page and a way home', async ({ page, server }) => {
    const res = await page.goto(`${server.url}/no/such/place`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await page.getByRole('link', { name: 'Return home' }).click();
    await expect(page).toHaveURL(`${server.url}/`);
  });

  test('robots.txt keeps crawlers out of the API and the game', async ({ request, server }) => {
    const res = await request.get(`${server.url}/robots.txt`);
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('Disallow: /api/');
  });
});

test.describe('accessibility', () => {
  for (const [name, path] of [
    ['landing', '/'],
    ['wiki', '/wiki'],
    ['changelog', '/changelog'],
    ['404', '/this-page-does-not-exist'],
    ['login', '/login'],
  ] as const) {
    test(`axe finds no serious or critical violations on the ${name} page`, async ({ page, server }) => {
      await page.goto(server.url + path);
      await page.evaluate(() => document.fonts.ready);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('axe also passes on the wiki while a search filters it', async ({ page, server }) => {
    await page.goto(`${server.url}/wiki`);
    await page.getByRole('searchbox', { name: 'Search the wiki' }).fill('radio');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  test('no page has duplicate ids', async ({ page, server }) => {
    for (const path of ['/', '/wiki', '/changelog', '/nowhere']) {
      await page.goto(server.url + path);
      const dupes = await page.evaluate(() => {
        const seen = new Map<string, number>();
        for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
        return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
      });
      expect(dupes, path).toEqual([]);
    }
  });
});
