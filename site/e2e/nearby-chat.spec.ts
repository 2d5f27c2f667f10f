import { test as base, expect, type Page } from '@playwright/test';
import { type E2EServer, openGame, seat, serverFixture, toastRegion, ROOMY_PACK } from './fixtures.ts';
import { strides, walkTo, whereIs } from './map-helpers.ts';

/**
 * Nearby voice and notifications, with nobody wearing a radio: a desktop survivor speaks, a phone
 * survivor standing beside them hears it (floating over the map with the Chat sheet closed, an unread count on Chat,
 * then the line marked nearby in the sheet) and answers, while a third survivor walked far away hears nothing. Then a
 * bed invitation reaches the phone as a toast and a count on Manage.
 */
const test = base.extend<{ server: E2EServer }>({
  server: serverFixture(
    { ...ROOMY_PACK, WORLD_SEED: '12345', STARTER_KIT: 'Wood Planks:20,Scrap Metal:20,Cloth Scraps:10' },
    'test',
  ),
});

type Point = { x: number; y: number };

/** Walks straight away from `from` until `far` units off (or 20 strides), as strides() turns round water and rock. */
async function walkAway(page: Page, server: E2EServer, from: Point, far: number): Promise<Point> {
  const path: Point[] = [await whereIs(page, server)];
  await strides(page, server, path, (at) =>
    Math.hypot(at.x - from.x, at.y - from.y) >= far
      ? null
      : { heading: at.x === from.x && at.y === from.y ? 0 : Math.atan2(at.y - from.y, at.x - from.x), length: 110 },
  );
  const at = path.at(-1)!;
  expect(Math.hypot(at.x - from.x, at.y - from.y)).toBeGreaterThan(far);
  return at;
}

async function openNearby(page: Page, server: E2EServer, viewport: { width: number; height: number }): Promise<void> {
  await openGame(page, server, { viewport });
  await expect(page.getByTestId('chat-overlay')).toBeAttached({ timeout: 20_000 });
}

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const overlay = (page: Page) => page.getByTestId('chat-overlay');
const bar = (page: Page) => page.getByRole('navigation', { name: 'Game panels' });
const toasts = toastRegion;
const shots = process.env.SHOTS_DIR;

test('two survivors without radios hear each other nearby (desktop and phone); a far third hears nothing', async ({
  browser,
  server,
}) => {
  test.setTimeout(180_000);
  const tag = Math.random().toString(36).slice(2, 6);
  const [ctxA, ctxB, ctxC] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [ash, bea, cy] = await Promise.all([ctxA.newPage(), ctxB.newPage(), ctxC.newPage()]);
  await seat(ash, server, { prefix: 'nb', displayName: `Ash ${tag}` });
  await seat(bea, server, { prefix: 'nb', displayName: `Bea ${tag}` });
  await seat(cy, server, { prefix: 'nb', displayName: `Cy ${tag}` });
  // Bea walks to Ash's spot (their spawns may be a few hundred units apart, past one step and past sight at night);
  // Cy walks well past any vision (175 units by day, half at night).
  const a = await whereIs(ash, server);
  await walkTo(bea, server, a);
  await whereIs(cy, server);
  await walkAway(cy, server, a, 450);

  await openNearby(ash, server, DESKTOP);
  await openNearby(bea, server, PHONE);
  await openNearby(cy, server, DESKTOP);

  // Ash speaks nearby from the desktop overlay: Nearby is the channel without a radio.
  await ash.keyboard.press('Enter');
  await expect(overlay(ash).getByRole('radio', { name: 'Nearby' })).toBeChecked();
  await expect(overlay(ash).getByRole('radio', { name: 'Radio' })).toBeDisabled();
  await ash.keyboard.type(`psst ${tag}`);
  if (shots) await ash.screenshot({ path: `${shots}/desktop-overlay-nearby.png` });
  await ash.keyboard.press('Enter');
  await expect(overlay(ash).getByRole('textbox', { name: 'Nearby message' })).toHaveValue('');
  await ash.keyboard.press('Escape');

  // Bea's phone: the line floats over the map with the sheet closed, and Chat counts it.
  await expect(
    overlay(bea)
      .getByRole('listitem')
      .filter({ hasText: `psst ${tag}` }),
  ).toBeVisible();
  await expect(bar(bea).getByRole('button', { name: 'Chat, 1 unread' })).toBeVisible();
  if (shots) await bea.screenshot({ path: `${shots}/phone-float-unread-bubble.png` });
  await bar(bea).getByRole('button', { name: 'Chat, 1 unread' }).click();
  const sheet = bea.getByRole('dialog', { name: 'Chat' }).getByTestId('chat-panel');
  const line = sheet.getByRole('listitem').filter({ hasText: `psst ${tag}` });
  await expect(line.locator('.chat-line__channel')).toHaveText('nearby');
  await expect(bar(bea).getByRole('button', { name: 'Chat', exact: true })).toBeVisible();
  await expect(sheet.getByRole('radio', { name: 'Nearby' })).toBeChecked();
  await sheet.getByRole('textbox', { name: 'Nearby message' }).fill(`right here ${tag}`);
  await sheet.getByRole('button', { name: 'Send' }).click();
  if (shots) await bea.screenshot({ path: `${shots}/phone-chat-sheet.png` });

  // Ash hears the answer; the sidebar's Radio section counts it while closed.
  await expect(
    overlay(ash)
      .getByRole('listitem')
      .filter({ hasText: `right here ${tag}` }),
  ).toBeVisible();
  await expect(ash.getByRole('button', { name: 'Radio, 1 unread' })).toBeVisible();
  if (shots) await ash.screenshot({ path: `${shots}/desktop-bubble-badge.png` });

  // Cy, far away, heard neither: nothing floated, nothing counted, nothing listed. The barrier: Dot enters the world
  // after both lines were heard, and the server tells the whole world, Cy included, on the socket both lines would
  // have come by.
  const ctxD = await browser.newContext();
  const dot = await ctxD.newPage();
  await seat(dot, server, { prefix: 'nb', displayName: `Dot ${tag}` });
  await whereIs(dot, server);
  await expect(cy.getByRole('log', { name: 'Activity Log' })).toContainText(`Dot ${tag} entered the wasteland`);
  await expect(overlay(cy).getByRole('listitem')).toHaveCount(0);
  await expect(cy.getByRole('button', { name: 'Radio', exact: true })).toBeVisible();
  await cy.getByRole('button', { name: 'Radio', exact: true }).click();
  await expect(cy.locator('.game-sidebar').getByTestId('chat-panel')).not.toContainText(tag);

  // A bed invitation from Ash reaches Bea's phone as a toast and a count on Manage.
  const beaId = ((await (await bea.request.get(`${server.url}/api/player/current?worldId=default`)).json()) as { id: string }).id;
  await bea.getByRole('button', { name: 'Close' }).click();
  const invited = await ash.evaluate(
    async ({ name, invitee }) => {
      const call = (path: string, body: unknown) =>
        fetch(path, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const me = (await (await fetch('/api/player/current?worldId=default', { credentials: 'include' })).json()) as Point;
      const shelter = await call('/api/build-shelter', { worldId: 'default', x: me.x, y: me.y });
      const settlement = await call('/api/settlements', { worldId: 'default', name: `Camp ${name}`, x: me.x, y: me.y });
      const { id } = (await settlement.json()) as { id: string };
      // The first bed is the founder's own; the second is the one to offer.
      await call('/api/buildings', { type: 'bed', name: 'Bed', settlementId: id, worldId: 'default' });
      const bed = await call('/api/buildings', { type: 'bed', name: 'Bunk', settlementId: id, worldId: 'default' });
      const { bedAssignments } = (await (
        await fetch(`/api/settlements/${id}/bed-assignments`, { credentials: 'include' })
      ).json()) as {
        bedAssignments: { bedId: string; state: string }[];
      };
      const free = bedAssignments.find((b) => b.state === 'vacant');
      const invite = await call('/api/bed-invitations', {
        worldId: 'default',
        settlementId: id,
        buildingId: free?.bedId ?? 'none',
        inviteeId: invitee,
      });
      return [shelter.status, settlement.status, bed.status, invite.status, await invite.text(), JSON.stringify(bedAssignments)];
    },
    { name: tag, invitee: beaId },
  );
  expect(invited.slice(0, 4), JSON.stringify(invited.slice(4))).toEqual([200, 200, 200, 200]);
  await expect(toasts(bea)).toContainText('Bed Invitation', { timeout: 15_000 });
  // The invitation counts on Manage; so may Ana's shelter, raised at a site Bea sees (a 'Shelter Built Nearby' notice).
  await expect(bar(bea).getByRole('button', { name: /^Manage, [12] new$/ })).toBeVisible();
  if (shots) await bea.screenshot({ path: `${shots}/phone-invitation-toast-badge.png` });

  await Promise.all([ctxA.close(), ctxB.close(), ctxC.close(), ctxD.close()]);
});
