import { test as base, expect, type Page } from '@playwright/test';
import { LEVEL_STEPS } from '../../api/game/settlement-levels.ts';
import { type E2EServer, enterMap, openGame, ROOMY_PACK, serverFixture, toastRegion } from './fixtures.ts';
import { regionAround, walkTo, whereIs } from './map-helpers.ts';
import { settleHere } from './settle.ts';

/**
 * A Camp grown into an Outpost as a player does it: the Settlement panel lists what the Outpost asks (have/need),
 * Level up pays and says so, and the Workshop the Outpost unlocks is built from the Build menu, after which the bench
 * can make a Backpack; then the Storehouse, after which every container keeps 75 units safe instead of 50. The camp's beds, containers and first recruit are set up over the API from the page (each
 * of those has its own spec); every survivor draws a wanderer from its first search (NPC_SPAWN_MIN_SIGNIFICANCE=-20).
 */
const test = base.extend<{ levelServer: E2EServer }>({
  // A server per test: each founds a settlement at the spawn, and a second one there would be too close.
  levelServer: serverFixture(
    {
      ...ROOMY_PACK,
      WORLD_SEED: '12345',
      NPC_SPAWN_MIN_SIGNIFICANCE: '-20',
      STARTER_KIT: 'Wood Planks:40,Scrap Metal:20,Cloth Scraps:18,Rope:6,Steel Pipes:4,Duct Tape:3,Glass Shards:2',
    },
    'test',
  ),
});
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

/** A Camp here with everything the Outpost asks standing: 2 beds (the founder's and the recruit's), 2 containers. */
async function campReadyForOutpost(page: Page, server: E2EServer): Promise<string> {
  const me = await whereIs(page, server);
  const pois = (await regionAround(page, server, me)).pois
    .filter((p) => !p.landmark)
    .sort((a, b) => Math.hypot(a.worldX - me.x, a.worldY - me.y) - Math.hypot(b.worldX - me.x, b.worldY - me.y));
  let drawn = false;
  for (const p of pois.slice(0, 4)) {
    await walkTo(page, server, { x: p.worldX, y: p.worldY });
    const r = await page.request.post(`${server.url}/api/poi/${p.id}/scavenge`, { data: { worldId: 'default' } });
    if (r.status() === 200 && ((await r.json()) as { npcSpawnCheck: { shouldSpawn: boolean } }).npcSpawnCheck.shouldSpawn) {
      drawn = true;
      break;
    }
  }
  expect(drawn, 'a search near the spawn draws a wanderer').toBe(true);
  const id = await settleHere(page, {
    name: `Camp ${Math.random().toString(36).slice(2, 7)}`,
    container: { subtype: 'food', name: 'Larder' },
  });
  const build = (body: Record<string, unknown>) =>
    page.request.post(`${server.url}/api/buildings`, { data: { materials: {}, settlementId: id, worldId: 'default', ...body } });
  for (const body of [
    { type: 'bed', name: 'Bed' },
    { type: 'bed', name: 'Cot' },
    { type: 'container', subtype: 'misc', name: 'Shelf' },
  ]) {
    expect((await build(body)).status()).toBe(200);
  }
  const offer = (await (await page.request.get(`${server.url}/api/npcs/recruitment-options?worldId=default`)).json()) as {
    npc: { name: string; description: string };
  };
  const recruited = await page.request.post(`${server.url}/api/npcs/recruit`, {
    data: { npcName: offer.npc.name, npcDescription: offer.npc.description, settlementId: id, worldId: 'default' },
  });
  expect(recruited.status()).toBe(200);
  return id;
}

for (const phone of [false, true]) {
  test(`${phone ? 'phone' : 'desktop'}: a Camp levels up to an Outpost from the Settlement panel, and builds the Workshop it unlocks`, async ({
    page,
    levelServer: server,
  }) => {
    const viewport = phone ? { width: 390, height: 844 } : { width: 1280, height: 800 };
    await enterMap(page, server, { prefix: 'lvl', dismissGuide: true, viewport });
    await campReadyForOutpost(page, server);
    await openGame(page, server, { reload: true, dismissGuide: true });
    if (phone) await page.getByRole('navigation', { name: 'Game panels' }).getByRole('button', { name: 'Manage' }).click();
    const manage = (
      phone ? page.getByRole('dialog', { name: 'Management' }) : page.getByRole('complementary', { name: 'Survivor' })
    ).getByTestId('settlement-manage');
    const level = manage.getByTestId('settlement-level');
    await expect(level.getByRole('heading', { name: 'Level: Camp' })).toBeVisible({ timeout: 30_000 });
    const needs = level.getByRole('list', { name: 'Outpost requirements' });
    await expect(needs.getByRole('listitem').filter({ hasText: 'Beds' })).toContainText('2/2');
    await expect(needs.getByRole('listitem').filter({ hasText: 'Recruited NPCs' })).toContainText('1/1');
    await expect(needs.getByRole('listitem').filter({ hasText: 'Rope' })).toContainText(
      `${LEVEL_STEPS[0]!.cost.Rope}/${LEVEL_STEPS[0]!.cost.Rope}`,
    );

    // Before the level: the Workshop is in the menu, marked as waiting for an Outpost.
    const menu = manage.getByRole('region', { name: 'Build', exact: true });
    await menu.getByLabel('What').selectOption('workshop');
    await expect(menu).toContainText('Workshop needs Outpost: level the settlement up first');
    await expect(menu.getByRole('button', { name: 'Build Workshop' })).toBeDisabled();

    // Nor can the bench make a Backpack yet.
    await manage.locator('[data-testid="craft-group"][data-group="equipment"] summary').click();
    const backpack = manage.locator('[data-testid="recipe"][data-recipe-id="backpack"]');
    await expect(backpack.getByTestId('craft-missing')).toHaveText('Backpack needs a Workshop at the settlement');

    await level.getByRole('button', { name: 'Level up to Outpost' }).click();
    await expect(toastRegion(page)).toContainText('is now an Outpost!');
    // The notification centre keeps it after the toast has gone; opening it reads everything.
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText('Settlement levelled up!');
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(level.getByRole('heading', { name: 'Level: Outpost' })).toBeVisible();
    await expect(level).toContainText('Next: Town');

    await menu.getByLabel('What').selectOption('workshop');
    await expect(menu).toContainText('The bench works faster');
    await menu.getByRole('button', { name: 'Build Workshop' }).click();
    await expect(toastRegion(page)).toContainText('Workshop');
    await expect(menu.getByLabel('What')).toContainText('Workshop (built)');
    // The Backpack's recipe is no longer refused for want of a Workshop.
    await expect(backpack).toBeVisible();
    await expect(backpack).not.toContainText('needs a Workshop');

    // The Storehouse: every container's protected part grows by 25.
    await expect(manage.getByTestId('container').first()).toContainText('Protected: 50 units');
    await menu.getByLabel('What').selectOption('storehouse');
    await expect(menu).toContainText('+25 protected units in every container per level');
    await menu.getByRole('button', { name: 'Build Storehouse' }).click();
    await expect(menu.getByLabel('What')).toContainText('Storehouse (built)');
    await expect(manage.getByTestId('upkept').filter({ hasText: 'Storehouse' })).toContainText(
      '+25 protected in every container',
    );
    await expect(manage.getByTestId('container').first()).toContainText('Protected: 75 units');
  });
}
