import { test as base, expect, type Page } from '@playwright/test';
import type { SettlementView } from '../../api/contract/settlements.ts';
import { SETTLEMENT_REACH } from '../../api/game/settlements.ts';
import { TILE_SIZE } from '../../core-wasm/constants.ts';
import { type E2EServer, enterMap, onMapCanvas, serverFixture, toastRegion, ROOMY_PACK } from './fixtures.ts';
import { type Box, biomeLookup, clearPath, passableBiome, regionAround, snapshot, whereIs } from './map-helpers.ts';

/**
 * A worker's own server on the known world (seed 12345), where every new survivor carries enough to build a
 * shelter, a bed and a food container, and something to store (STARTER_KIT, granted on first entering a world).
 */
const test = base.extend<Record<never, never>, { kitServer: E2EServer }>({
  kitServer: serverFixture({
    ...ROOMY_PACK,
    WORLD_SEED: '12345',
    STARTER_KIT: 'Wood Planks:20,Scrap Metal:20,Cloth Scraps:10,Canned Beans:5',
  }),
});

const enterGame = (page: Page, server: E2EServer, displayName: string) => enterMap(page, server, { prefix: 'st', displayName });

/**
 * Waypoints (world positions) of a walk from `from` to within `reach` of `to` over passable ground: a breadth-first
 * search over the tiles of the 3 × 3 chunks around `to`, cut into straight legs short enough to stay on screen. The
 * survivors spawn wherever their ids hash to, so a single straight line could cross water.
 */
async function pathNear(
  page: Page,
  server: E2EServer,
  from: { x: number; y: number },
  to: { x: number; y: number },
  reach: number,
): Promise<{ x: number; y: number }[] | null> {
  const biome = biomeLookup(await regionAround(page, server, to));
  const passableTile = (tx: number, ty: number) => passableBiome(biome(tx * TILE_SIZE, ty * TILE_SIZE));
  const clear = (a: { x: number; y: number }, b: { x: number; y: number }) => clearPath(biome, a, b);
  const centre = (t: number) => t * TILE_SIZE + TILE_SIZE / 2;
  const start = { tx: Math.floor(from.x / TILE_SIZE), ty: Math.floor(from.y / TILE_SIZE) };
  const key = (tx: number, ty: number) => `${tx},${ty}`;
  const cameFrom = new Map<string, string | null>([[key(start.tx, start.ty), null]]);
  const queue: [number, number][] = [[start.tx, start.ty]];
  let goal: string | null = null;
  for (let i = 0; i < queue.length && goal === null; i++) {
    const [tx, ty] = queue[i]!;
    if (Math.hypot(centre(tx) - to.x, centre(ty) - to.y) <= reach * 0.6) goal = key(tx, ty);
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      const n = key(tx + dx, ty + dy);
      if (cameFrom.has(n) || !passableTile(tx + dx, ty + dy)) continue;
      cameFrom.set(n, key(tx, ty));
      queue.push([tx + dx, ty + dy]);
    }
  }
  if (goal === null) return null;
  const tiles: { x: number; y: number }[] = [];
  for (let k: string | null = goal; k !== null; k = cameFrom.get(k) ?? null) {
    const [tx, ty] = k.split(',').map(Number) as [number, number];
    tiles.unshift({ x: centre(tx), y: centre(ty) });
  }
  // Straight legs: from each waypoint, the farthest later tile in a clear line and at most 200 units away.
  const legs: { x: number; y: number }[] = [];
  let here = from;
  let i = 0;
  while (i < tiles.length - 1 || legs.length === 0) {
    let j = tiles.length - 1;
    while (j > i && (Math.hypot(tiles[j]!.x - here.x, tiles[j]!.y - here.y) > 200 || !clear(here, tiles[j]!))) j--;
    if (j === i && i === tiles.length - 1) {
      legs.push(tiles[j]!);
      break;
    }
    legs.push(tiles[Math.max(j, i + 1)]!);
    here = tiles[Math.max(j, i + 1)]!;
    i = Math.max(j, i + 1);
  }
  return legs;
}

/** Clicks the map where a world position is (the camera centres the map element). */
async function clickWorld(page: Page, p: { x: number; y: number }): Promise<void> {
  const box = (await page.getByTestId('map').boundingBox()) as Box;
  const onScreen = async () => {
    const snap = await snapshot(page);
    return {
      x: box.x + box.width / 2 + (p.x - snap.camera.x) * snap.zoom,
      y: box.y + box.height / 2 + (p.y - snap.camera.y) * snap.zoom,
    };
  };
  let at = await onScreen();
  // A spot just under the survivor lies beneath the contextual action's button: drag the view up until it is clear.
  for (let i = 0; i < 3 && !(await onMapCanvas(page, [at]))[0]; i++) {
    const grab = { x: box.x + 80, y: box.y + box.height / 2 + 150 }; // clear of the readout and the minimap
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x, grab.y - 160, { steps: 8 });
    await page.mouse.up();
    at = await onScreen();
  }
  await page.mouse.click(at.x, at.y);
}

test('a survivor builds a shelter, founds a settlement, builds a bed and a food store, stores food and takes it back; another survivor sees it but cannot manage it', async ({
  browser,
  kitServer: server,
}) => {
  test.setTimeout(120_000);
  const [ctxA, ctxB] = await Promise.all([
    browser.newContext({ viewport: { width: 1280, height: 800 } }),
    browser.newContext({ viewport: { width: 1280, height: 800 } }),
  ]);
  const [pageA, pageB] = await Promise.all([ctxA.newPage(), ctxB.newPage()]);
  const name = `Haven ${Math.random().toString(36).slice(2, 7)}`;

  // ── The founder ──────────────────────────────────────────────────────────────────────────────────────────────
  await enterGame(pageA, server, 'Fay Founder');
  const toasts = toastRegion(pageA);
  const panel = pageA.getByTestId('settlement-panel').first();
  await expect(pageA.getByTestId('your-settlements-empty')).toBeVisible();

  // Nothing here yet: the shelter's materials, owned/required from the starter kit.
  const unsettled = panel.getByTestId('unsettled-area');
  await expect(unsettled.getByRole('heading', { name: 'Unsettled Area' })).toBeVisible();
  const shelterCost = unsettled.getByRole('list', { name: 'Shelter materials' });
  await expect(shelterCost).toContainText('Wood Planks20/3');
  await expect(shelterCost).toContainText('Cloth Scraps10/1');
  await unsettled.getByRole('button', { name: 'Build Shelter' }).click();
  await expect(toasts).toContainText(/Shelter built/);

  // Name it: an empty name is not submitted; then the settlement, yours to manage.
  const create = unsettled.getByRole('button', { name: 'Create Settlement', exact: true });
  await expect(create).toBeDisabled();
  await unsettled.getByLabel('Settlement name').fill('   ');
  await expect(create).toBeDisabled();
  await unsettled.getByLabel('Settlement name').fill(name);
  // The server says the shelter's POI is gone (spec section 8): the form offers to found it without the POI.
  await pageA.route('**/api/settlements', (route) => route.fulfill({ status: 404, json: { message: 'POI does not exist' } }), {
    times: 1,
  });
  await create.click();
  await expect(toasts).toContainText('Failed to create settlement');
  await expect(toasts).toContainText('POI does not exist');
  await expect(unsettled.getByRole('button', { name: 'Create Settlement Here Anyway' })).toBeVisible();
  await create.click();
  await expect(toasts).toContainText('Settlement established!');
  const manage = panel.getByTestId('settlement-manage');
  await expect(manage.getByRole('heading', { name })).toBeVisible();
  await expect(manage).toContainText('Founded by Fay Founder');
  await expect(pageA.getByTestId('your-settlements')).toContainText(name);

  // A bed: the founder sleeps in the first one.
  await expect(manage.getByLabel('Name', { exact: true })).toHaveValue('Bed');
  await manage.getByRole('button', { name: 'Build Bed' }).click();
  await expect(toasts).toContainText('Building constructed!');
  await expect(manage.getByTestId('bed').filter({ hasText: 'Bed' })).toContainText('Fay Founder (you)');

  // A food container; its default name follows the kind chosen.
  await manage.getByLabel('What').selectOption('container:food');
  await expect(manage.getByLabel('Name', { exact: true })).toHaveValue('Food Storage');
  await expect(manage.getByRole('list', { name: 'Food Storage materials' })).toContainText('Wood Planks15/4');
  await manage.getByRole('button', { name: 'Build Food Storage' }).click();
  await expect(toasts).toContainText('Building constructed!');
  const food = manage.locator('[data-testid="container"][data-subtype="food"]');
  await expect(food).toBeVisible();
  await expect(food.getByTestId('container-capacity')).toHaveText('0/100');

  // Deposit the food: the beans move from the pack into the container.
  await manage.getByLabel('Category to deposit').selectOption('food');
  await manage.getByRole('button', { name: 'Deposit food' }).click();
  await expect(toasts).toContainText(`Deposited 5 items into ${name}`);
  await expect(food.getByRole('list', { name: 'Food Storage contents' })).toContainText(/Canned Beans\s*×5/);
  await expect(food.getByTestId('container-capacity')).toHaveText('5/100');
  const inventory = pageA.getByTestId('inventory');
  await expect(inventory).not.toContainText('Canned Beans');

  // And take it back.
  await food.getByRole('button', { name: 'Take 5 Canned Beans' }).click();
  await expect(toasts).toContainText('Took 5 Canned Beans from storage');
  await expect(food).toContainText('Empty.');
  await expect(inventory.getByRole('listitem').filter({ hasText: 'Canned Beans' }).filter({ hasText: '×5' })).toHaveCount(1);
  // Already here: nothing to navigate to.
  await expect(pageA.getByRole('button', { name: `Navigate to ${name}` })).toBeDisabled();

  // ── Someone else ─────────────────────────────────────────────────────────────────────────────────────────────
  await enterGame(pageB, server, 'Otto Other');
  await expect(pageB.getByTestId('your-settlements-empty')).toBeVisible();
  const me = await whereIs(pageB, server);
  const list = (await (
    await pageB.request.get(`${server.url}/api/world/default/settlements?centerChunkX=0&centerChunkY=0&chunkRadius=3`)
  ).json()) as SettlementView[];
  const theirs = list.find((s) => s.name === name)!;
  expect(theirs.status).toBe('visible');
  expect(theirs.beds).toBe(1);

  if (Math.hypot(theirs.x - me.x, theirs.y - me.y) > SETTLEMENT_REACH) {
    const legs = await pathNear(pageB, server, me, theirs, SETTLEMENT_REACH);
    expect(legs, 'a walk to the settlement').toBeTruthy();
    for (const leg of legs!) {
      await clickWorld(pageB, leg);
      await expect
        .poll(
          async () => {
            const m = (await snapshot(pageB)).me;
            return Math.hypot(m.x - leg.x, m.y - leg.y);
          },
          { timeout: 30_000 },
        )
        .toBeLessThan(3);
    }
  }
  const other = pageB.getByTestId('settlement-panel').first().getByTestId('settlement-visible');
  await expect(other.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
  await expect(other).toContainText('Fay Founder');
  await expect(other).toContainText('1 taken of 1');
  await expect(other.getByTestId('settlement-not-yours')).toContainText('belongs to someone else');
  await expect(pageB.getByTestId('settlement-manage')).toHaveCount(0);
  await expect(pageB.getByRole('button', { name: 'Deposit all' })).toHaveCount(0);
  await expect(pageB.getByTestId('your-settlements-empty')).toBeVisible();
  // On a phone the same panels are under Manage.
  await pageB.setViewportSize({ width: 390, height: 844 });
  await pageB.getByRole('navigation', { name: 'Game panels' }).getByRole('button', { name: 'Manage' }).click();
  const sheet = pageB.getByRole('dialog', { name: 'Management' });
  await expect(sheet.getByTestId('settlement-visible')).toContainText(name);
  await expect(sheet.getByTestId('your-settlements-empty')).toBeVisible();
  // The server agrees: its storage is not theirs to see.
  expect((await pageB.request.get(`${server.url}/api/settlements/${theirs.id}/storage`)).status()).toBe(403);

  await Promise.all([ctxA.close(), ctxB.close()]);
});
