import { test as base, expect, type Page } from '@playwright/test';
import type { SettlementView } from '../../api/contract/settlements.ts';
import { type E2EServer, enterMap, serverFixture, toastRegion, ROOMY_PACK } from './fixtures.ts';

/**
 * Two survivors share a settlement: A (desktop) founds one with two beds and invites B, picked from the player
 * list (later again by name); B (on a phone) accepts under Your Settlements and manages it from afar (the list is
 * world-wide, no walk needed); A kicks B.
 * The starter kit covers the shelter (3/2/1) and two beds (2+3 Wood Planks, 3+5 Cloth Scraps).
 */
const test = base.extend<Record<never, never>, { kitServer: E2EServer }>({
  kitServer: serverFixture({ ...ROOMY_PACK, WORLD_SEED: '12345', STARTER_KIT: 'Wood Planks:20,Scrap Metal:20,Cloth Scraps:20' }),
});

const enterGame = async (page: Page, server: E2EServer, displayName: string) =>
  (await enterMap(page, server, { prefix: 'bd', displayName })).username;

test('A invites B to a bed, picked from the player list; B accepts and manages the settlement; A kicks B after confirming', async ({
  browser,
  kitServer: server,
}) => {
  test.setTimeout(180_000);
  const tag = Math.random().toString(36).slice(2, 7);
  const founder = `Fay ${tag}`;
  const guest = `Bea ${tag}`;
  const name = `Haven ${tag}`;
  const [ctxA, ctxB] = await Promise.all([
    browser.newContext({ viewport: { width: 1280, height: 800 } }),
    browser.newContext({ viewport: { width: 390, height: 844 } }),
  ]);
  const [pageA, pageB] = await Promise.all([ctxA.newPage(), ctxB.newPage()]);
  const [, guestUser] = await Promise.all([enterGame(pageA, server, founder), enterGame(pageB, server, guest)]);
  // B's page never asks for a settlement the server refuses it (a kick must not leave it polling the old storage).
  // Only a poll B sent while the kick was on its way (before B's list showed it) may meet the refusal: B cannot
  // know of a kick before the server tells it.
  let kickInFlight = false;
  const sentWhileKicking = new WeakSet<object>();
  const refusedB: string[] = [];
  pageB.on('request', (r) => {
    if (kickInFlight) sentWhileKicking.add(r);
  });
  pageB.on('response', (r) => {
    if (r.status() === 403 && !sentWhileKicking.has(r.request())) refusedB.push(r.url());
  });

  // ── A founds a settlement with two beds ──────────────────────────────────────────────────────────────────────
  const toastsA = toastRegion(pageA);
  const panel = pageA.getByTestId('settlement-panel').first();
  await panel.getByRole('button', { name: 'Build Shelter' }).click();
  await expect(toastsA).toContainText(/Shelter built/);
  await panel.getByLabel('Settlement name').fill(name);
  await panel.getByRole('button', { name: 'Create Settlement', exact: true }).click();
  const manage = panel.getByTestId('settlement-manage');
  await expect(manage.getByRole('heading', { name })).toBeVisible({ timeout: 15_000 });
  await manage.getByRole('button', { name: 'Build Bed' }).click();
  await expect(toastsA).toContainText('Building constructed!');
  const beds = manage.getByTestId('beds');
  const own = beds.getByTestId('bed').filter({ hasText: /^Bed/ });
  await expect(own).toContainText(`${founder} (you)`);
  await manage.getByLabel('Name', { exact: true }).fill('Bunk');
  await manage.getByRole('button', { name: 'Build Bed' }).click();
  await expect(toastsA).toContainText('Building constructed!');
  const bunk = beds.getByTestId('bed').filter({ hasText: /^Bunk/ });
  await expect(bunk).toHaveAttribute('data-state', 'vacant');
  // The founder's own bed: Leave bed, never Kick (the founder cannot be kicked).
  await expect(own).toHaveAttribute('data-state', 'occupied');
  await expect(own.getByRole('button', { name: 'Leave bed' })).toBeVisible();
  await expect(own.getByRole('button', { name: /Kick/ })).toHaveCount(0);

  // ── The invite dialog: empty names are not sent, a refusal shows the server's reason, B is picked from the list ─
  await bunk.getByRole('button', { name: 'Invite a survivor to Bunk' }).click();
  const invite = pageA.getByRole('dialog', { name: 'Invite to Bunk' });
  await expect(invite).toBeVisible();
  const send = invite.getByRole('button', { name: 'Send invitation' });
  const field = invite.getByLabel("Survivor's name");
  await expect(field).toBeFocused();
  await expect(send).toBeDisabled();
  await field.fill('    ');
  await expect(send).toBeDisabled();
  await field.fill(`Nobody ${tag}`);
  await send.click();
  await expect(toastsA).toContainText('Failed to send invitation');
  await expect(toastsA).toContainText(`No survivor is called Nobody ${tag}`);
  await expect(invite.getByRole('alert')).toContainText(`No survivor is called Nobody ${tag}`);
  await expect(invite.getByTestId('invitees-empty')).toBeVisible();
  // The list offers the survivors online, each with display name and username (never A, who sends it); typing
  // filters it, and the one picked is invited by id: a look-alike name cannot redirect the invitation.
  await field.fill('');
  const option = invite.getByRole('radio', { name: `${guest} (@${guestUser}), online` });
  await expect(option).toBeVisible({ timeout: 15_000 });
  await expect(invite.getByRole('radio', { name: new RegExp(founder) })).toHaveCount(0);
  await field.fill(`  ${guest.toUpperCase()}  `);
  await expect(invite.getByRole('radio')).toHaveCount(1);
  await option.check();
  await expect(invite.getByText(`@${guestUser}`)).toBeVisible();
  await send.click();
  await expect(toastsA).toContainText('Invitation sent successfully');
  await expect(invite).toBeHidden();
  await expect(bunk).toHaveAttribute('data-state', 'pending');
  await expect(bunk).toContainText(`Invited: ${guest}`);

  // ── B sees it in Your Settlements (the phone's Manage sheet) and accepts ─────────────────────────────────────
  await pageB.getByRole('navigation', { name: 'Game panels' }).getByRole('button', { name: 'Manage' }).click();
  const sheet = pageB.getByRole('dialog', { name: 'Management' });
  const invitation = sheet.getByTestId('bed-invitation').filter({ hasText: name });
  // The server nudges B over the socket; the 10 s poll is the fallback.
  await expect(invitation).toContainText(`From ${founder}`, { timeout: 20_000 });
  await expect(sheet.getByTestId('your-settlements-empty')).toBeVisible();
  await invitation.getByRole('button', { name: `Accept the invitation to ${name}` }).click();
  const toastsB = toastRegion(pageB);
  await expect(toastsB).toContainText(`You now have a bed in ${name}`);
  await expect(sheet.getByTestId('bed-invitation')).toHaveCount(0);
  await expect(sheet.getByTestId('your-settlements')).toContainText(name, { timeout: 15_000 });
  await expect(sheet.getByRole('button', { name: `Navigate to ${name}` })).toBeVisible();
  // The bed B wakes up in after logging out (GET /api/player/respawn).
  await expect(sheet.getByTestId('respawn-bed')).toHaveText(`You wake up in Bunk at ${name}.`, { timeout: 15_000 });
  const mine = (await (
    await pageB.request.get(`${server.url}/api/player/settlements?worldId=default`)
  ).json()) as SettlementView[];
  expect(mine.map((s) => [s.name, s.status])).toEqual([[name, 'manageable']]);

  // A's panel follows: Bunk is B's now, and B can be kicked.
  await expect(bunk).toHaveAttribute('data-state', 'occupied', { timeout: 20_000 });
  await expect(bunk).toContainText(guest);

  // ── A kicks B: Cancel does nothing, a refused kick says why, a confirmed one frees the bed ───────────────────
  const kick = bunk.getByRole('button', { name: `Kick ${guest} from Bunk` });
  await kick.click();
  const confirm = pageA.getByRole('dialog', { name: `Kick ${guest}?` });
  await expect(confirm).toContainText(`${guest} loses Bunk in ${name}`);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(kick).toBeFocused(); // the focus goes back where it was
  await expect(bunk).toHaveAttribute('data-state', 'occupied');

  await pageA.route(
    '**/api/settlements/*/beds/*/kick',
    (route) => route.fulfill({ status: 403, json: { message: 'The bed is guarded tonight' } }),
    { times: 1 },
  );
  await kick.click();
  await confirm.getByRole('button', { name: 'Kick' }).click();
  await expect(toastsA).toContainText('Failed to kick bed occupant');
  await expect(toastsA).toContainText('The bed is guarded tonight');
  await expect(confirm).toBeHidden();
  await expect(bunk).toHaveAttribute('data-state', 'occupied');

  await kick.click();
  kickInFlight = true;
  await confirm.getByRole('button', { name: 'Kick' }).click();
  await expect(toastsA).toContainText('The bed is free again');
  await expect(bunk).toHaveAttribute('data-state', 'vacant');

  // B's list no longer shows it (the kick reaches B over the socket too).
  await expect(sheet.getByTestId('your-settlements-empty')).toBeVisible({ timeout: 20_000 });
  kickInFlight = false;
  await expect(sheet.getByTestId('your-settlements')).toHaveCount(0);
  await expect(sheet.getByTestId('respawn-bed')).toHaveText('No bed yet: after logging out you wake up where you left off.');

  // ── A invites B again and withdraws it (confirmed): B's invitation goes away ─────────────────────────────────
  await bunk.getByRole('button', { name: 'Invite a survivor to Bunk' }).click();
  await invite.getByLabel("Survivor's name").fill(guest);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(bunk).toHaveAttribute('data-state', 'pending');
  await expect(sheet.getByTestId('bed-invitation').filter({ hasText: name })).toBeVisible({ timeout: 20_000 });
  await bunk.getByRole('button', { name: 'Withdraw the invitation to Bunk' }).click();
  const withdraw = pageA.getByRole('dialog', { name: 'Withdraw invitation?' });
  await expect(withdraw).toContainText(`${guest} can no longer accept Bunk`);
  await pageA.keyboard.press('Escape'); // Escape cancels too
  await expect(withdraw).toBeHidden();
  await expect(bunk).toHaveAttribute('data-state', 'pending');
  await bunk.getByRole('button', { name: 'Withdraw the invitation to Bunk' }).click();
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(toastsA).toContainText('Invitation withdrawn');
  await expect(bunk).toHaveAttribute('data-state', 'vacant');
  await expect(sheet.getByTestId('bed-invitation')).toHaveCount(0, { timeout: 20_000 });

  expect(refusedB).toEqual([]);
  await Promise.all([ctxA.close(), ctxB.close()]);
});
