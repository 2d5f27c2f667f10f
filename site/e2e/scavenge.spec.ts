import { expect } from '@playwright/test';
import { enterMap, gameTest, onMapCanvas, toastRegion } from './fixtures.ts';
import { biomeLookup, clearPath, clickable, regionAround, snapshot, toPage, whereIs } from './map-helpers.ts';

const test = gameTest;

test('a survivor walks to a POI, sees the failure toasts, a wanderer and the Unauthorized flow, auto-scavenges it until it is depleted, forages, and finds the loot in the inventory', async ({
  page,
  gameServer: server,
}) => {
  // The whole scenario, auto-scavenge included (up to 8 searches 1.5 s apart), needs more than the default minute on
  // a loaded machine.
  test.setTimeout(150_000);
  await enterMap(page, server, { prefix: 's', displayName: 'Sal Vager', viaForm: true });

  // Choose a POI near the spawn that a straight walk reaches over passable ground, and that fits on screen.
  const me = await whereIs(page, server);
  const region = await regionAround(page, server, me);
  const biome = biomeLookup(region);
  const snap = await snapshot(page);
  const box = (await page.getByTestId('map').boundingBox())!;
  // The contextual action and its caption sit under the survivor and may come after this look (the caption once the
  // forage state is known): a site drawn there is not one to click.
  const meOnPage = toPage(snap, box, me.x, me.y);
  const underAction = (q: { x: number; y: number }) =>
    Math.abs(q.x - meOnPage.x) < 150 && q.y > meOnPage.y - 10 && q.y < meOnPage.y + 140;
  const candidates = region.pois
    .filter((p) => !p.landmark && p.currentSignificance > 0 && p.currentSignificance <= 8)
    .map((p) => ({
      ...p,
      distance: Math.hypot(p.worldX - me.x, p.worldY - me.y),
      onPage: toPage(snap, box, p.worldX, p.worldY),
    }))
    .filter(
      (p) =>
        p.distance > 45 &&
        clickable(p.onPage, box) &&
        !underAction(p.onPage) &&
        clearPath(biome, me, { x: p.worldX, y: p.worldY }),
    )
    .sort((a, b) => a.distance - b.distance);
  const onCanvas = await onMapCanvas(
    page,
    candidates.map((p) => p.onPage),
  );
  const poi = candidates.find((_, i) => onCanvas[i]);
  expect(poi, 'a reachable POI near the spawn').toBeTruthy();

  // Walk there through the map and wait for the POI card.
  await expect(page.locator(`[data-poi-id="${poi!.id}"]`)).toHaveCount(0); // (the spawn may be in reach of another one)
  const target = poi!.onPage;
  await page.mouse.click(target.x, target.y);
  const card = page.getByTestId('poi-card');
  await expect(card).toHaveAttribute('data-poi-id', poi!.id, { timeout: 15_000 });
  await expect(card.getByRole('heading', { name: poi!.name })).toBeVisible();
  await expect(card.getByTestId('poi-significance')).toHaveText(`${poi!.currentSignificance} / ${poi!.significance}`);
  await expect.poll(async () => (await snapshot(page)).me.walking, { timeout: 10_000 }).toBe(false);

  const toasts = toastRegion(page);
  const scavenge = card.getByRole('button', { name: 'Scavenge', exact: true });
  // The Actions panel's Forage; the contextual button beside the survivor carries the same name once the POI is spent.
  const forage = page.locator('[data-slot="actions"]').getByRole('button', { name: 'Forage', exact: true });

  // Failures first: the server is unreachable for a moment.
  await page.route('**/api/poi/*/scavenge', (route) => route.fulfill({ status: 503, json: { message: 'Service Unavailable' } }));
  await scavenge.click();
  await expect(toasts).toContainText('Scavenging Failed');
  await expect(toasts).toContainText('Could not scavenge this location.');
  await card.getByRole('button', { name: 'Auto-Scavenge' }).click();
  await expect(toasts).toContainText('Auto-Scavenge Failed');
  await expect(toasts).toContainText('Could not continue auto-scavenging.');
  await expect(card.getByRole('button', { name: 'Auto-Scavenge' })).toBeEnabled();
  await page.unroute('**/api/poi/*/scavenge');

  // A search that draws a survivor opens 'Wanderer Approaches' (no settlements yet: nowhere to recruit to, and the
  // server's recruitment options say so: 'No Available Beds').
  const sig = poi!.currentSignificance;
  await page.route('**/api/poi/*/scavenge', (route) =>
    route.fulfill({
      json: {
        items: [],
        depleted: false,
        currentSignificance: sig,
        newSignificance: sig,
        npcRecruitment: { npc: { name: 'Mara Quell', description: 'A medic from the coast.' }, settlements: [] },
        npcSpawnCheck: { shouldSpawn: true },
      },
    }),
  );
  await scavenge.click();
  const wanderer = page.getByRole('dialog', { name: 'Wanderer Approaches' });
  await expect(wanderer).toContainText('A survivor has noticed your scavenging activity and seeks shelter.');
  await expect(wanderer).toContainText('Mara Quell');
  await expect(wanderer).toContainText('No settlements with available beds!');
  await expect(toasts).toContainText('No Available Beds');
  await expect(toasts).toContainText('You need an empty bed in a settlement to recruit survivors.');
  await expect(wanderer.getByRole('button', { name: 'Recruit' })).toBeDisabled();
  // The server drew no such survivor (the answer above was made up): it refuses, and the dialog closes all the same.
  await wanderer.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toasts).toContainText('Dismissal Failed');
  await expect(toasts).toContainText('No survivor called Mara Quell');
  await expect(wanderer).toHaveCount(0);
  await page.unroute('**/api/poi/*/scavenge');

  // Logged out mid-game: 'Unauthorized', then /api/login (which sends a signed-in survivor to the lobby); come back.
  await page.route('**/api/poi/*/scavenge', (route) => route.fulfill({ status: 401, json: { message: 'Unauthorized' } }));
  // The redirect follows 0.5 s after the toast; its answer is held back until the toast has been seen, so a slow
  // machine still sees the toast first.
  let toastSeen: () => void = () => {};
  const seen = new Promise<void>((r) => {
    toastSeen = r;
  });
  await page.route('**/api/login', async (route) => {
    await seen;
    await route.continue();
  });
  await scavenge.click();
  await expect(toasts).toContainText(/Unauthorized[\s\S]*You are logged out\. Logging in again\.\.\./);
  toastSeen();
  await page.waitForURL(/\/lobby$/);
  await page.unroute('**/api/poi/*/scavenge');
  await page.unroute('**/api/login');
  await page.goto(`${server.url}/game`);
  await expect(card).toHaveAttribute('data-poi-id', poi!.id, { timeout: 20_000 });
  await page.route('**/api/forage', (route) => route.fulfill({ status: 503, json: { message: 'Service Unavailable' } }));
  await forage.click();
  await expect(toasts).toContainText('Foraging Failed');
  await expect(toasts).toContainText('Could not forage for materials.');
  await page.unroute('**/api/forage');

  // Auto-scavenge until the place is picked clean: one search every 1.5 s, the significance falling each time.
  await card.getByRole('button', { name: 'Auto-Scavenge' }).click();
  await expect(card.getByRole('button', { name: 'Stop Auto-Scavenge' })).toBeVisible();
  await expect(scavenge).toBeDisabled();
  // Up to 8 searches, then the floor answer: a tool found on the way lands in the pack, where it does nothing.
  await expect(toasts).toContainText('Area Depleted', { timeout: (8 + 1) * 1500 + 10_000 });
  await expect(toasts).toContainText('This location has been completely searched.');
  await expect(card).toContainText('Area picked clean');
  // 0 bare-handed (−3 or −5 only with a crowbar or multitool worn).
  await expect(card.getByTestId('poi-significance')).toHaveText(new RegExp(`^0 / ${poi!.significance}$`));
  await expect(card.getByRole('button', { name: 'Auto-Scavenge' })).toBeDisabled();
  await expect(scavenge).toBeDisabled();
  // The Activity Log is the world's log, written by the server: personal results stay in Scavenge Results (below).
  const log = page.getByRole('log', { name: 'Activity Log' });
  await expect(log).toContainText('entered the wasteland');
  await expect(log).not.toContainText(poi!.name);

  // Forage here: some answer, then the same-area rule disables the button.
  await forage.click();
  await expect(toasts).toContainText(
    /Foraging Successful!|Searched \d+ tiles but found nothing this time|All nearby tiles were recently foraged/,
  );
  await expect(forage).toBeDisabled();
  await expect(page.getByText('You have already scoured this area. Try moving elsewhere.')).toBeVisible();

  // Every stack the server holds is in the Inventory panel, with its quantity.
  const inventory = (await (await page.request.get(`${server.url}/api/player/inventory?worldId=default`)).json()) as {
    items: { itemName: string; quantity: number; metadata: { quality: number } }[];
  };
  expect(inventory.items.length, 'four or more searches and a forage found something').toBeGreaterThan(0);
  // One row per item with its total; an item held at several qualities opens to each quality's quantity.
  const panel = page.getByTestId('inventory');
  const names = [...new Set(inventory.items.map((i) => i.itemName))];
  for (const name of names) {
    const stacks = inventory.items.filter((i) => i.itemName === name);
    const row = panel.locator(`[data-testid="inventory-row"][data-item="${name}"]`);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`×${stacks.reduce((n, i) => n + i.quantity, 0)}`);
    if (stacks.length > 1) await row.getByRole('button', { expanded: false }).click();
    for (const i of stacks) await expect(row).toContainText(`Q${i.metadata.quality}`);
  }

  // Scavenge Results: the searches and the forage, newest first.
  await page.getByRole('button', { name: 'Scavenge Results' }).click();
  const results = page.getByRole('list', { name: 'Latest results' });
  await expect(results.getByRole('listitem').first()).toContainText('Foraged');
  await expect(
    results.getByRole('listitem').filter({ hasText: 'Scavenged' }).filter({ hasText: poi!.name }).first(),
  ).toBeVisible();
});
