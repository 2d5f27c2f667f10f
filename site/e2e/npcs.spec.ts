import { test as base, expect, type Page } from '@playwright/test';
import type { SettlementView } from '../../api/contract/settlements.ts';
import type { AwayReportView } from '../../api/contract/report.ts';
import { type E2EServer, enterMap, onMapCanvas, openGame, serverFixture, toastRegion, ROOMY_PACK } from './fixtures.ts';
import { biomeLookup, clearPath, clickable, regionAround, snapshot, toPage, whereIs } from './map-helpers.ts';

/**
 * A survivor walks to a POI, founds a settlement there with two beds (the founder takes the first), and scavenges the
 * POI: every scavenge of a fresh place draws a wanderer (NPC_SPAWN_MIN_SIGNIFICANCE=-20). The Wanderer dialog opens
 * with the settlement preselected; Recruit → 'NPC Recruited!'; the NPC is listed in the settlement, is assigned to
 * scavenge, and leaves the settlement on the map (NPC_TIME_SCALE=0.02: a 5-minute cycle in 6 s). Before that, a
 * drawn survivor whose recruitment options cannot be loaded shows the fallback (your settlements with a free bed).
 * Then the founder closes the page; back on a phone after the NPC came home, the away report opens by itself with
 * what it brought, once: the bell opens it again.
 */
const test = base.extend<Record<never, never>, { npcServer: E2EServer }>({
  npcServer: serverFixture({
    WORLD_SEED: '12345',
    ...ROOMY_PACK,
    STARTER_KIT: 'Wood Planks:20,Scrap Metal:20,Cloth Scraps:20,Steel Pipes:2',
    NPC_SPAWN_MIN_SIGNIFICANCE: '-20',
    NPC_TIME_SCALE: '0.02',
    // A closed page is a departure once this grace is over: the away report starts there.
    LOBBY_SEAT_TIMEOUT_MS: '6000',
  }),
});

const enterGame = (page: Page, server: E2EServer, displayName: string) => enterMap(page, server, { prefix: 'npc', displayName });

test('a wanderer drawn by a scavenge is recruited into a free bed, listed in the settlement, sent to scavenge, and leaves it on the map', async ({
  browser,
  npcServer: server,
}) => {
  test.setTimeout(180_000);
  const tag = Math.random().toString(36).slice(2, 7);
  const name = `Refuge ${tag}`;
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await enterGame(page, server, `Nia ${tag}`);
  const toasts = toastRegion(page);

  // ── Walk to a fresh POI near the spawn ────────────────────────────────────────────────────────────────────────
  const me = await whereIs(page, server);
  const region = await regionAround(page, server, me);
  const biome = biomeLookup(region);
  const snap = await snapshot(page);
  const box = (await page.getByTestId('map').boundingBox())!;
  const candidates = region.pois
    .filter((p) => !p.landmark && p.currentSignificance > 0)
    .map((p) => ({ ...p, distance: Math.hypot(p.worldX - me.x, p.worldY - me.y) }))
    .filter((p) => clickable(toPage(snap, box, p.worldX, p.worldY), box) && clearPath(biome, me, { x: p.worldX, y: p.worldY }))
    .sort((a, b) => a.distance - b.distance);
  // A site already in reach needs no click; any other must be clicked on the map itself, not on a button over it.
  const onCanvas = await onMapCanvas(
    page,
    candidates.map((p) => toPage(snap, box, p.worldX, p.worldY)),
  );
  const poi = candidates.find((p, i) => p.distance <= 1 || onCanvas[i]);
  expect(poi, 'a reachable POI near the spawn').toBeTruthy();
  if (poi!.distance > 1) {
    const target = toPage(snap, box, poi!.worldX, poi!.worldY);
    await page.mouse.click(target.x, target.y);
  }
  const card = page.getByTestId('poi-card');
  await expect(card).toHaveAttribute('data-poi-id', poi!.id, { timeout: 20_000 });
  await expect.poll(async () => (await snapshot(page)).me.walking, { timeout: 15_000 }).toBe(false);

  // ── Found a settlement here with two beds: the founder takes the first, the second is free ──────────────────
  const panel = page.getByRole('complementary', { name: 'Survivor' }).getByTestId('settlement-panel');
  await panel.getByRole('button', { name: 'Build Shelter' }).click();
  await expect(toasts).toContainText(/Shelter built/);
  await panel.getByLabel('Settlement name').fill(name);
  await panel.getByRole('button', { name: 'Create Settlement', exact: true }).click();
  const manage = panel.getByTestId('settlement-manage');
  await expect(manage.getByRole('heading', { name })).toBeVisible({ timeout: 15_000 });
  await manage.getByRole('button', { name: 'Build Bed' }).click();
  await expect(toasts).toContainText('Building constructed!');
  await manage.getByLabel('Name', { exact: true }).fill('Cot');
  await manage.getByRole('button', { name: 'Build Bed' }).click();
  await expect(manage.getByTestId('beds').getByTestId('bed').filter({ hasText: /^Cot/ })).toHaveAttribute(
    'data-state',
    'vacant',
    {
      timeout: 15_000,
    },
  );
  // A store for what an NPC finds most (scrap, glass, pipes): with nowhere to put it, finds stay on the NPC.
  await manage.getByLabel('What').selectOption('container:materials');
  await manage.getByRole('button', { name: 'Build Materials Storage' }).click();
  await expect(manage.locator('[data-testid="container"][data-subtype="materials"]')).toBeVisible({ timeout: 15_000 });
  const npcSection = manage.getByTestId('npc-section');
  await expect(npcSection.getByTestId('npcs-empty')).toBeVisible();
  const settlement = (
    (await (await page.request.get(`${server.url}/api/player/settlements?worldId=default`)).json()) as SettlementView[]
  ).find((s) => s.name === name)!;
  expect(settlement.emptyBeds).toBe(1);

  // ── The fallback: the options call fails, so the dialog offers your settlements with a free bed ──────────────
  const wanderer = page.getByRole('dialog', { name: 'Wanderer Approaches' });
  const scavenge = card.getByRole('button', { name: 'Scavenge', exact: true });
  await page.route('**/api/poi/*/scavenge', (route) =>
    route.fulfill({
      json: {
        items: [],
        depleted: false,
        currentSignificance: poi!.currentSignificance,
        newSignificance: poi!.currentSignificance,
        npcRecruitment: { npc: { name: 'Mara Quell', description: 'A medic from the coast.' }, settlements: [] },
        npcSpawnCheck: { shouldSpawn: true },
      },
    }),
  );
  await page.route('**/api/npcs/recruitment-options*', (route) => route.fulfill({ status: 503, json: { message: 'Busy' } }));
  await page.route('**/api/npcs/dismiss', (route) => route.fulfill({ json: { message: 'Mara Quell went on their way' } }));
  await scavenge.click();
  await expect(wanderer).toContainText('Mara Quell');
  await expect(wanderer.getByLabel('Settlement')).toHaveValue(settlement.id);
  await expect(wanderer.getByLabel('Settlement').locator('option:checked')).toHaveText(`${name} (1 empty bed)`);
  await expect(wanderer.getByRole('button', { name: 'Recruit' })).toBeEnabled();
  // Nothing that acts has the focus when it opens: Enter pressed by habit neither dismisses nor recruits.
  await expect(wanderer.getByRole('heading', { name: 'Wanderer Approaches' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(wanderer).toBeVisible();
  await expect(wanderer).toContainText('Mara Quell');
  await wanderer.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toasts).toContainText('NPC Dismissed');
  await expect(toasts).toContainText('Mara Quell went on their way');
  await expect(wanderer).toHaveCount(0);
  await page.unroute('**/api/poi/*/scavenge');
  await page.unroute('**/api/npcs/recruitment-options*');
  await page.unroute('**/api/npcs/dismiss');

  // ── The real thing: the scavenge draws a survivor, the dialog preselects the settlement, Recruit ──────────────
  const searched = page.waitForResponse((r) => r.url().includes('/scavenge') && r.request().method() === 'POST');
  await scavenge.click();
  const answer = (await (await searched).json()) as { npcRecruitment?: { npc: { name: string } } };
  const npcName = answer.npcRecruitment!.npc.name;
  await expect(wanderer).toContainText('A survivor has noticed your scavenging activity and seeks shelter.');
  await expect(wanderer).toContainText(npcName);
  await expect(wanderer).toContainText('Recruited NPCs will help defend your settlement and provide special abilities.');
  const choice = wanderer.getByLabel('Settlement');
  await expect(choice).toHaveValue(settlement.id);
  // No settlement chosen: Recruit is disabled; choosing it again enables it.
  await choice.selectOption('');
  await expect(wanderer.getByRole('button', { name: 'Recruit' })).toBeDisabled();
  await choice.selectOption(settlement.id);
  await wanderer.getByRole('button', { name: 'Recruit' }).click();
  await expect(toasts).toContainText('NPC Recruited!');
  await expect(toasts).toContainText(`${npcName} joined ${name}`);
  await expect(wanderer).toHaveCount(0);

  // ── Listed in the settlement (and in its bed), resting at home and seen on the map there ─────────────────────
  const row = npcSection.getByTestId('npc').filter({ hasText: npcName });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toHaveAttribute('data-assignment', 'defend');
  await expect(row.getByTestId('npc-status')).toHaveText(/Resting|Returning/);
  await expect(manage.getByTestId('beds').getByTestId('bed').filter({ hasText: /^Cot/ })).toContainText(npcName, {
    timeout: 15_000,
  });
  const npcId = (await row.getAttribute('data-npc-id'))!;
  await expect
    .poll(async () => (await snapshot(page)).npcs.find((n) => n.id === npcId), { timeout: 15_000 })
    .toMatchObject({ name: npcName, visible: true, settlementId: settlement.id });

  // ── The Equipment dialog: its slots, nothing in storage to equip, Unequip all answered by the server ─────────
  await row.getByRole('button', { name: `Equipment of ${npcName}` }).click();
  const gear = page.getByRole('dialog', { name: `${npcName}'s equipment` });
  await expect(gear.getByTestId('npc-equipment-slot')).toHaveCount(6);
  await expect(gear.getByTestId('npc-equipment-slot').first()).toContainText('Empty');
  await expect(gear.getByLabel(`Item to equip on ${npcName}`)).toBeDisabled();
  await gear.getByRole('button', { name: 'Unequip all' }).click();
  await expect(toasts).toContainText(`${npcName} has nothing equipped`);
  await gear.getByRole('button', { name: 'Close' }).click();
  await expect(gear).toHaveCount(0);

  // ── A refused assignment says 'Failed to assign NPC'; then it is sent to scavenge ────────────────────────────
  const assignment = row.getByLabel(`Assignment of ${npcName}`);
  await page.route('**/api/npcs/*/assign', (route) => route.fulfill({ status: 403, json: { message: 'Not tonight' } }), {
    times: 1,
  });
  await assignment.selectOption('foraging');
  await expect(toasts).toContainText('Failed to assign NPC');
  await expect(toasts).toContainText('Not tonight');
  await expect(assignment).toHaveValue('defend');
  await assignment.selectOption('scavenge');
  await expect(toasts).toContainText(`${npcName} will scavenge`);
  await expect(row).toHaveAttribute('data-assignment', 'scavenge');

  // ── It leaves the settlement: the map glides it away along its journey ──────────────────────────────────────
  const away = async () => {
    const n = (await snapshot(page)).npcs.find((x) => x.id === npcId);
    return n ? Math.round(Math.hypot(n.x - settlement.x, n.y - settlement.y)) : -1;
  };
  await expect.poll(away, { timeout: 45_000, intervals: [50] }).toBeGreaterThan(20);
  await expect(row.getByTestId('npc-status')).toHaveText(/Gathering|Working|Returning/, { timeout: 30_000 });

  // ── On a phone the same list sits inside the Manage panel ───────────────────────────────────────────────────
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('navigation', { name: 'Game panels' }).getByRole('button', { name: 'Manage' }).click();
  const sheet = page.getByRole('dialog', { name: 'Management' });
  const phoneRow = sheet.getByTestId('npc').filter({ hasText: npcName });
  await expect(phoneRow).toHaveAttribute('data-assignment', 'scavenge');
  // The sidebar's list is still on the page (hidden): only the sheet's opens its Equipment dialog.
  await phoneRow.getByRole('button', { name: `Equipment of ${npcName}` }).click();
  await expect(gear).toHaveCount(1);
  await expect(gear.getByTestId('npc-equipment-slot')).toHaveCount(6);
  await gear.getByRole('button', { name: 'Close' }).click();
  await expect(gear).toHaveCount(0);

  // ── Away: the page closes, the NPC works on; back on a phone, the away report opens by itself ─────────────────
  await page.close();
  // Left once the seat's grace is over (LOBBY_SEAT_TIMEOUT_MS); away long enough (10 NPC minutes) with a haul home.
  // The seat lapses with the grace: asking takes one again (a seat alone writes nothing in the log).
  const report = async () => {
    await ctx.request.post(`${server.url}/api/lobby/join-game`);
    const r = (await (await ctx.request.get(`${server.url}/api/player/report?worldId=default`)).json()) as {
      report: AwayReportView | null;
    };
    return r.report;
  };
  await expect
    .poll(
      async () => {
        const r = await report();
        return r !== null && r.awayMs >= r.opensAfterMs && r.settlements.some((x) => x.journeys > 0);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const back = await ctx.newPage();
  await back.setViewportSize({ width: 390, height: 844 });
  await openGame(back, server);
  const awayReport = back.getByRole('dialog', { name: 'While You Were Away' });
  await expect(awayReport).toBeVisible({ timeout: 20_000 });
  const section = awayReport.getByRole('region', { name });
  await expect(section).toContainText(/Brought home in \d+ journeys?: \d+ /);
  await awayReport.getByRole('button', { name: 'Got it' }).click();
  await expect(awayReport).toHaveCount(0);
  // Told once: the bell keeps it, and opens it again.
  const bell = back.getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const centre = back.getByRole('dialog', { name: 'Notifications' });
  await expect(centre.getByTestId('notifications')).toContainText('While You Were Away');
  await centre.getByRole('button', { name: 'While you were away' }).click();
  await expect(awayReport).toBeVisible();
  await expect(section).toContainText('Brought home in');
  await awayReport.getByRole('button', { name: 'Got it' }).click();
  // A reload is no new absence: the report is there to read from the bell, and does not open by itself.
  await back.reload();
  await expect(back.getByTestId('map-readout')).toBeVisible({ timeout: 30_000 });
  await bell.click();
  await expect(centre.getByRole('button', { name: 'While you were away' })).toBeVisible({ timeout: 20_000 });
  await expect(awayReport).toHaveCount(0);
  await ctx.close();
});
