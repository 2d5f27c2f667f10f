import { test as base, expect, type Page } from '@playwright/test';
import { type E2EServer, enterMap, onMapCanvas, serverFixture, toastRegion, ROOMY_PACK } from './fixtures.ts';
import {
  type Box,
  biomeLookup,
  clearPath,
  type Point,
  type RegionPoi,
  regionAround,
  snapshot,
  toPage,
  whereIs,
} from './map-helpers.ts';

/**
 * The main action beside the survivor. On a desktop, a new survivor carrying the shelter's materials is
 * offered Build Shelter while the first-run guide is open (pressed with E at a POI: 'Shelter built at <site>!'),
 * then Scavenge at that POI, which draws a wanderer (NPC_SPAWN_MIN_SIGNIFICANCE=-20) who is recruited into the
 * second bed and dismissed again from the NPC list. On a phone, with the guide closed, the button under the
 * survivor forages or scavenges with a tap.
 */
/**
 * A server per test: the desktop test builds a shelter near the spawns, and a phone survivor spawned within its reach
 * would rightly not be offered Build Shelter.
 */
const test = base.extend<{ ctxServer: E2EServer }>({
  ctxServer: serverFixture(
    {
      WORLD_SEED: '12345',
      ...ROOMY_PACK,
      STARTER_KIT: 'Wood Planks:20,Scrap Metal:20,Cloth Scraps:20',
      NPC_SPAWN_MIN_SIGNIFICANCE: '-20',
    },
    'test',
  ),
});

// Independent tests, each on a server of its own: they may run at once, one in each worker.
test.describe.configure({ mode: 'parallel' });

const enterGame = (page: Page, server: E2EServer, displayName: string) => enterMap(page, server, { prefix: 'ctx', displayName });

/** Clicks the nearest fresh POI reachable in a straight line (no water or mountains) and waits to arrive. */
async function walkToPoi(page: Page, server: E2EServer): Promise<RegionPoi> {
  const me = await whereIs(page, server);
  const region = await regionAround(page, server, me);
  const biome = biomeLookup(region);
  const snap = await snapshot(page);
  const box: Box = (await page.getByTestId('map').boundingBox())!;
  const at = (p: RegionPoi) => toPage(snap, box, p.worldX, p.worldY);
  const clickableHere = (p: Point) =>
    p.x > box.x + 20 &&
    p.x < box.x + box.width - 200 &&
    p.y > box.y + 200 &&
    p.y < box.y + box.height - 90 &&
    // Not on the contextual button itself, under the survivor.
    !(Math.abs(p.x - (box.x + box.width / 2)) < 160 && p.y > box.y + box.height / 2 + 20 && p.y < box.y + box.height / 2 + 110);
  const candidates = region.pois
    .filter((p) => !p.landmark && p.currentSignificance > 0)
    .map((p) => ({ ...p, distance: Math.hypot(p.worldX - me.x, p.worldY - me.y) }))
    .filter((p) => clickableHere(at(p)) && clearPath(biome, me, { x: p.worldX, y: p.worldY }))
    .sort((a, b) => a.distance - b.distance);
  const onCanvas = await onMapCanvas(page, candidates.map(at));
  const poi = candidates.find((p, i) => p.distance <= 1 || onCanvas[i]);
  expect(poi, 'a reachable POI near the spawn').toBeTruthy();
  if (poi!.distance > 1) {
    const target = at(poi!);
    await page.mouse.click(target.x, target.y);
  }
  await expect(page.getByTestId('poi-card').first()).toHaveAttribute('data-poi-id', poi!.id, { timeout: 20_000 });
  await expect.poll(async () => (await snapshot(page)).me.walking, { timeout: 15_000 }).toBe(false);
  return poi!;
}

test('desktop: Build Shelter (E) while the guide says so, then Scavenge draws a wanderer; recruited, then dismissed from the NPC list', async ({
  browser,
  ctxServer: server,
}) => {
  test.setTimeout(180_000);
  const tag = Math.random().toString(36).slice(2, 7);
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await enterGame(page, server, `Cora ${tag}`);
  const toasts = toastRegion(page);
  const button = page.locator('[data-contextual-action]');

  // Actions head the sidebar, above Character.
  await expect(page.locator('.game-sidebar .game-section__title').first()).toHaveText('Actions');
  const titles = await page.locator('.game-sidebar .game-section__title').allTextContents();
  expect(titles.indexOf('Actions')).toBeLessThan(titles.indexOf('Character'));

  // The guide is open and the pack holds the shelter's materials: Build Shelter, with its key shown.
  await expect(button).toHaveAttribute('data-contextual-action', 'shelter');
  await expect(button).toContainText('Build Shelter');
  await expect(button).toHaveAttribute('aria-keyshortcuts', 'E');
  await expect(button.locator('.game-ctx__key')).toHaveText('E');
  await page.screenshot({ path: '/tmp/shots28-actions/desktop-shelter.png' });

  const poi = await walkToPoi(page, server);
  await expect(button).toHaveAttribute('data-contextual-action', 'shelter');
  await page.getByTestId('map').focus();
  await page.keyboard.press('e');
  await expect(toasts).toContainText(`Shelter built at ${poi.name}!`);
  await expect(toasts).not.toContainText('POI upgraded');

  // The shelter stands: the button now scavenges the POI.
  await expect(button).toHaveAttribute('data-contextual-action', 'scavenge');
  await expect(button).toContainText(`Scavenge ${poi.name}`);
  await page.screenshot({ path: '/tmp/shots28-actions/desktop-scavenge.png' });

  // Found a settlement with two beds (the founder sleeps in the first).
  const name = `Hold ${tag}`;
  const panel = page.getByRole('complementary', { name: 'Survivor' }).getByTestId('settlement-panel');
  await panel.getByLabel('Settlement name').fill(name);
  await panel.getByRole('button', { name: 'Create Settlement', exact: true }).click();
  const manage = panel.getByTestId('settlement-manage');
  await expect(manage.getByRole('heading', { name })).toBeVisible({ timeout: 15_000 });
  await manage.getByRole('button', { name: 'Build Bed' }).click();
  await expect(toasts).toContainText('Building completed successfully!');
  await manage.getByLabel('Name', { exact: true }).fill('Cot');
  await manage.getByRole('button', { name: 'Build Bed' }).click();
  const cot = manage.getByTestId('beds').getByTestId('bed').filter({ hasText: /^Cot/ });
  await expect(cot).toHaveAttribute('data-state', 'vacant', { timeout: 15_000 });

  // Scavenge with the contextual button: the wanderer is recruited into the Cot.
  const wanderer = page.getByRole('dialog', { name: 'Wanderer Approaches' });
  const searched = page.waitForResponse((r) => r.url().includes('/scavenge') && r.request().method() === 'POST');
  await button.click();
  const answer = (await (await searched).json()) as { npcRecruitment?: { npc: { name: string } } };
  const npcName = answer.npcRecruitment!.npc.name;
  await expect(wanderer).toContainText(npcName);
  await wanderer.getByRole('button', { name: 'Recruit' }).click();
  await expect(toasts).toContainText('NPC Recruited!');
  const row = manage.getByTestId('npc-section').getByTestId('npc').filter({ hasText: npcName });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(cot).toContainText(npcName, { timeout: 15_000 });
  // An NPC's bed offers no Kick: it is dismissed from the NPC list.
  await expect(cot.getByRole('button', { name: /Kick/ })).toHaveCount(0);
  await expect(cot).toContainText('Dismiss in NPCs');

  // Dismiss: asked first (Cancel keeps it), then confirmed.
  await row.getByRole('button', { name: `Dismiss ${npcName}` }).click();
  const confirm = page.getByRole('dialog', { name: `Dismiss ${npcName}?` });
  await expect(confirm).toContainText('their bed is free again');
  await page.screenshot({ path: '/tmp/shots28-actions/desktop-dismiss-confirm.png' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Dismiss ${npcName}` }).click();
  await confirm.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toasts).toContainText('NPC Dismissed');
  await expect(toasts).toContainText(`${npcName} left ${name}`);
  await expect(row).toHaveCount(0);
  await expect(cot).toHaveAttribute('data-state', 'vacant', { timeout: 15_000 });
  // The server agrees: the settlement has no NPC any more.
  const mine = (await (await page.request.get(`${server.url}/api/player/settlements?worldId=default`)).json()) as {
    id: string;
    name: string;
  }[];
  const id = mine.find((x) => x.name === name)!.id;
  const left = (await (await page.request.get(`${server.url}/api/settlements/${id}/npcs`)).json()) as { npcs: unknown[] };
  expect(left.npcs).toEqual([]);
  await ctx.close();
});

test('phone: the action under the survivor, clear of the bar; with the guide closed it forages or scavenges with a tap', async ({
  browser,
  ctxServer: server,
}) => {
  test.setTimeout(120_000);
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await ctx.newPage();
  await enterGame(page, server, `Pip ${Math.random().toString(36).slice(2, 7)}`);
  const button = page.locator('[data-contextual-action]');
  await expect(button).toHaveAttribute('data-contextual-action', 'shelter');
  // No key on a phone; the button sits on the map, above the bottom bar, not under the guide.
  await expect(button.locator('.game-ctx__key')).toHaveCount(0);
  const b = (await button.boundingBox())!;
  const bar = (await page.getByRole('navigation', { name: 'Game panels' }).boundingBox())!;
  const map = (await page.getByTestId('map').boundingBox())!;
  expect(b.y + b.height).toBeLessThan(bar.y);
  expect(b.y).toBeGreaterThan(map.y + map.height / 2);
  expect(b.height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: '/tmp/shots28-actions/phone-shelter.png' });

  await page.getByRole('dialog', { name: 'First steps' }).getByRole('button', { name: 'Got it' }).click();
  await expect(button).toHaveAttribute('data-contextual-action', /^(forage|scavenge)$/);
  const kind = await button.getAttribute('data-contextual-action');
  const called = page.waitForResponse(
    (r) => r.url().includes(kind === 'forage' ? '/api/forage' : '/scavenge') && r.request().method() === 'POST',
  );
  await button.tap();
  expect((await called).ok()).toBe(true);
  const toasts = toastRegion(page);
  // A scavenge here draws a wanderer (NPC_SPAWN_MIN_SIGNIFICANCE=-20); with no bed yet its toast replaces the finds'
  // (one toast at a time), and the finds stay in the results panel.
  await expect(toasts).toContainText(
    kind === 'forage'
      ? /Foraging Successful!|Searched \d+ tiles|recently foraged/
      : /Found Items!|Nothing Found|Area Depleted|No Available Beds/,
  );
  if (kind === 'forage') {
    // The same-area rule of the Forage button: scoured here, so the button says why.
    await expect(button).toBeDisabled();
    await expect(page.locator('.game-ctx__why')).toHaveText('Already scoured here: walk on');
  }
  await page.screenshot({ path: '/tmp/shots28-actions/phone-after-tap.png' });
  await ctx.close();
});
