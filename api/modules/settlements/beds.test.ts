import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { loadCoreForBun } from '../../../core-wasm/index.ts';
import { users } from '../../../db/schema/index.ts';
import { BED_BASE_COST, scaledCost } from '../../game/settlements.ts';
import { backends } from '../../testing/databases.ts';
import { TestSocket } from '../../testing/live.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { openSpots, type Player, SettlementFixture } from '../../testing/settlements.ts';

const SEED = 5151;
const W = 'default';
/** Materials for three beds: the first, the second (×1.5) and the third (×2). */
const THREE_BEDS = { 'Cloth Scraps': 3 + 5 + 6, 'Wood Planks': 2 + 3 + 4 };

describe.each(backends())('beds, invitations, kicks and respawn on %s', (backend) => {
  let server: TestServer;
  let f: SettlementFixture;

  beforeAll(async () => {
    server = await startTestServer(backend, { worldSeed: SEED, seatTimeoutMs: 24 * 3600_000, maxPlayers: 100 });
    f = new SettlementFixture(server, openSpots(await loadCoreForBun(), SEED));
  });
  afterAll(() => server.stop());

  /** A founder with a settlement of `n` beds (the founder holds the first). */
  async function withBeds(n: number) {
    const { c, at, settlement } = await f.founded(THREE_BEDS);
    const beds: string[] = [];
    for (let i = 0; i < n; i++)
      beds.push((await (await f.build(c, settlement.id, 'bed', null, `Bed ${i + 1}`)).json()).building.id);
    return { a: c, at, settlement, beds };
  }
  const invite = (from: Player, settlementId: string, buildingId: string, name: string) =>
    from.post('/api/bed-invitations', { worldId: W, settlementId, buildingId, inviteePlayerName: name });
  const invitations = async (c: Player) =>
    (await c.json(c.get('/api/player/bed-invitations?worldId=default'))).invitations as { id: string; buildingId: string }[];
  const beds = async (c: Player, id: string) =>
    (await c.json(c.get(`/api/settlements/${id}/bed-assignments`))).bedAssignments as {
      bedId: string;
      state: string;
      playerId: string | null;
    }[];
  const statusFor = async (c: Player, id: string) => (await c.json(c.get(`/api/settlements/${id}`))).status as string;

  test('a member invites by display name; only the invitee sees, accepts or rejects; the bed becomes theirs', async () => {
    const {
      a,
      at,
      settlement,
      beds: [, spare],
    } = await withBeds(2);
    const b = await f.playerAt({ x: at.x + 30, y: at.y }, { displayName: `Bee ${Date.now()}` });
    const bName =
      (await b.json(b.get('/api/auth/user'))).user?.displayName ?? (await b.json(b.get('/api/auth/user'))).displayName;
    const c = await f.playerAt({ x: at.x - 30, y: at.y });
    const ws = TestSocket.open(server.url, b);
    await ws.next('connected');

    expect((await invite(a, settlement.id, spare!, 'nobody-of-that-name')).status).toBe(404);
    expect((await invite(c, settlement.id, spare!, b.username)).status).toBe(403);
    const sent = await invite(a, settlement.id, spare!, `  ${String(bName).toUpperCase()}  `);
    expect(sent.status).toBe(200);
    expect((await sent.json()).message).toBe('Invitation sent successfully');
    expect((await invite(a, settlement.id, spare!, c.username)).status).toBe(409);
    const [first] = await beds(a, settlement.id);
    expect((await invite(a, settlement.id, first!.bedId, c.username)).status).toBe(409);
    // The invitee is nudged over the live connection and finds it in their list.
    await ws.next('settlement_updated', (m) => m.settlement.id === settlement.id);
    const [inv] = await invitations(b);
    expect(inv).toMatchObject({ buildingId: spare, settlement: { id: settlement.id } });
    expect(await invitations(c)).toEqual([]);
    const pending = (await a.json(a.get(`/api/settlements/${settlement.id}/pending-invitations`))).pendingInvitations;
    expect(pending.map((p: { id: string }) => p.id)).toEqual([inv!.id]);
    expect((await beds(a, settlement.id)).map((x) => x.state)).toEqual(['occupied', 'pending']);

    expect((await c.post(`/api/bed-invitations/${inv!.id}/accept`)).status).toBe(404);
    expect((await c.post(`/api/bed-invitations/${inv!.id}/reject`)).status).toBe(404);
    expect(await statusFor(b, settlement.id)).toBe('visible');
    expect((await b.post(`/api/bed-invitations/${inv!.id}/accept`)).status).toBe(200);
    expect(await statusFor(b, settlement.id)).toBe('manageable');
    expect((await beds(a, settlement.id)).map((x) => [x.state, x.playerId])).toEqual([
      ['occupied', a.id],
      ['occupied', b.id],
    ]);
    expect(await invitations(b)).toEqual([]);
    expect((await b.post(`/api/bed-invitations/${inv!.id}/accept`)).status).toBe(404);
    ws.ws.close();
  });

  test('an invitation by name reaches exactly one survivor: no impostor by display name, an ambiguous name is refused', async () => {
    const {
      a,
      at,
      settlement,
      beds: [, spare],
    } = await withBeds(2);
    const victim = await f.playerAt({ x: at.x + 30, y: at.y });
    const impostor = await f.playerAt({ x: at.x - 30, y: at.y });
    // The impostor took the victim's username as display name, and invitations by it went to them.
    const taken = await impostor.patch('/api/user/display-name', { displayName: victim.username });
    expect(taken.status).toBe(409);
    expect((await invite(a, settlement.id, spare!, victim.username)).status).toBe(200);
    expect((await invitations(victim)).map((i) => i.buildingId)).toEqual([spare!]);
    expect(await invitations(impostor)).toEqual([]);
    await a.request('DELETE', `/api/bed-invitations/${(await invitations(victim))[0]!.id}`);

    // A name stored before the rules may still be shared: the invitation is refused rather than guessed.
    await server.database.db.update(users).set({ displayName: victim.username.toUpperCase() }).where(eq(users.id, impostor.id));
    const ambiguous = await invite(a, settlement.id, spare!, victim.username);
    expect(ambiguous.status).toBe(409);
    expect((await ambiguous.json()).message).toBe(`Several players are called ${victim.username}, invite from the player list`);
    expect(await invitations(impostor)).toEqual([]);
    expect(await invitations(victim)).toEqual([]);

    // From the player list the invitation names the survivor by id: no doubt who is meant.
    expect(
      (await a.post('/api/bed-invitations', { worldId: W, settlementId: settlement.id, buildingId: spare, inviteeId: 'nobody' }))
        .status,
    ).toBe(404);
    const byId = await a.post('/api/bed-invitations', {
      worldId: W,
      settlementId: settlement.id,
      buildingId: spare,
      inviteeId: victim.id,
    });
    expect(byId.status).toBe(200);
    expect((await invitations(victim)).map((i) => i.buildingId)).toEqual([spare!]);
    expect(await invitations(impostor)).toEqual([]);
    expect((await a.post('/api/bed-invitations', { worldId: W, settlementId: settlement.id, buildingId: spare })).status).toBe(
      400,
    );
  });

  test("only members read a settlement's pending invitations (who, from whom, when), like its storage", async () => {
    const {
      a,
      at,
      settlement,
      beds: [, spare],
    } = await withBeds(2);
    const b = await f.playerAt({ x: at.x + 30, y: at.y });
    const outsider = await f.playerAt({ x: at.x - 30, y: at.y });
    await invite(a, settlement.id, spare!, b.username);
    const path = `/api/settlements/${settlement.id}/pending-invitations`;
    // Neither a passer-by nor the invitee (not a member until they accept) sees the list.
    for (const c of [outsider, b]) {
      const res = await c.get(path);
      expect(res.status).toBe(403);
      expect(JSON.stringify(await res.json())).not.toContain(b.username);
    }
    expect((await a.json(a.get(path))).pendingInvitations).toHaveLength(1);
    expect((await outsider.get('/api/settlements/999999/pending-invitations')).status).toBe(404);
  });

  test('who sleeps where is the members’ business: others see the beds and their state, no occupant, no invitation', async () => {
    const {
      a,
      at,
      settlement,
      beds: [first, second, spare],
    } = await withBeds(3);
    const b = await f.playerAt({ x: at.x + 30, y: at.y });
    const invitee = await f.playerAt({ x: at.x + 35, y: at.y });
    const outsider = await f.playerAt({ x: at.x - 30, y: at.y });
    await invite(a, settlement.id, second!, b.username);
    expect((await b.post(`/api/bed-invitations/${(await invitations(b))[0]!.id}/accept`)).status).toBe(200);
    await invite(a, settlement.id, spare!, invitee.username);
    const invitationId = (await invitations(invitee))[0]!.id;
    const assignments = (c: Player) => c.json(c.get(`/api/settlements/${settlement.id}/bed-assignments`));
    const buildings = (c: Player) => c.json(c.get(`/api/settlements/${settlement.id}/buildings`));

    // A member sees who holds each bed and the pending invitation (what kick and withdraw act on).
    expect((await assignments(a)).bedAssignments).toEqual([
      {
        bedId: first,
        state: 'occupied',
        invitationId: null,
        playerId: a.id,
        playerName: a.username,
        npcName: null,
        isActive: true,
      },
      {
        bedId: second,
        state: 'occupied',
        invitationId: null,
        playerId: b.id,
        playerName: b.username,
        npcName: null,
        isActive: true,
      },
      { bedId: spare, state: 'pending', invitationId, playerId: null, playerName: null, npcName: null, isActive: false },
    ]);
    expect((await buildings(b)).buildings.map((x: { occupant: string | null }) => x.occupant)).toEqual([
      a.username,
      b.username,
      null,
    ]);

    // Anyone else (the invitee too, until they accept) sees the same beds and states, without names or ids.
    for (const c of [outsider, invitee]) {
      const seen = await assignments(c);
      expect(seen.bedAssignments).toEqual([
        { bedId: first, state: 'occupied', invitationId: null, playerId: null, playerName: null, npcName: null, isActive: true },
        { bedId: second, state: 'occupied', invitationId: null, playerId: null, playerName: null, npcName: null, isActive: true },
        { bedId: spare, state: 'pending', invitationId: null, playerId: null, playerName: null, npcName: null, isActive: false },
      ]);
      const shown = await buildings(c);
      expect(shown.buildings.map((x: { id: string; occupant: string | null }) => [x.id, x.occupant])).toEqual([
        [first, null],
        [second, null],
        [spare, null],
      ]);
      for (const secret of [a.id, b.id, a.username, b.username]) {
        expect(JSON.stringify([seen, shown])).not.toContain(`"${secret}"`);
      }
    }
  });
  test('reject and withdraw leave the bed vacant; withdrawing needs a member', async () => {
    const {
      a,
      at,
      settlement,
      beds: [, spare],
    } = await withBeds(2);
    const b = await f.playerAt({ x: at.x + 30, y: at.y });
    const c = await f.playerAt({ x: at.x - 30, y: at.y });
    await invite(a, settlement.id, spare!, b.username);
    const [inv] = await invitations(b);
    expect((await b.post(`/api/bed-invitations/${inv!.id}/reject`)).status).toBe(200);
    expect((await beds(a, settlement.id)).map((x) => x.state)).toEqual(['occupied', 'vacant']);
    await invite(a, settlement.id, spare!, c.username);
    const [again] = await invitations(c);
    expect((await b.request('DELETE', `/api/bed-invitations/${again!.id}`)).status).toBe(403);
    expect((await a.request('DELETE', `/api/bed-invitations/${again!.id}`)).status).toBe(200);
    expect(await invitations(c)).toEqual([]);
    expect((await c.post(`/api/bed-invitations/${again!.id}/accept`)).status).toBe(404);
    expect((await beds(a, settlement.id)).map((x) => x.state)).toEqual(['occupied', 'vacant']);
  });

  test('kick: members free beds, the founder cannot be kicked, anyone may leave; a player holds one bed per world', async () => {
    const {
      a,
      at,
      settlement,
      beds: [, spare],
    } = await withBeds(2);
    // B founded a settlement of their own elsewhere, with no bed built yet.
    const other = await f.founded({ ...BED_BASE_COST });
    const b = other.c;
    const outsider = await f.playerAt({ x: at.x - 30, y: at.y });
    await invite(a, settlement.id, spare!, b.username);
    await b.post(`/api/bed-invitations/${(await invitations(b))[0]!.id}/accept`);
    const [aBed] = await beds(a, settlement.id);
    expect((await outsider.post(`/api/settlements/${settlement.id}/beds/${spare}/kick`)).status).toBe(403);
    const founderKick = await b.post(`/api/settlements/${settlement.id}/beds/${aBed!.bedId}/kick`);
    expect(founderKick.status).toBe(403);
    expect((await founderKick.json()).message).toMatch(/founder/);
    expect((await a.post(`/api/settlements/${settlement.id}/beds/${spare}/kick`)).status).toBe(200);
    expect(await statusFor(b, settlement.id)).toBe('visible');
    expect(await b.json(b.get('/api/player/respawn?worldId=default'))).toEqual({ buildingId: null, isActive: false });
    expect((await a.post(`/api/settlements/${settlement.id}/beds/${spare}/kick`)).status).toBe(409);

    // Kicked, B takes the first bed of their own settlement; accepting A's invitation again moves B's one bed.
    const otherBed = (await (await f.build(b, other.settlement.id, 'bed', null)).json()).building;
    expect(otherBed.occupant).not.toBeNull();
    await invite(a, settlement.id, spare!, b.username);
    await b.post(`/api/bed-invitations/${(await invitations(b))[0]!.id}/accept`);
    expect((await beds(b, other.settlement.id)).map((x) => x.state)).toEqual(['vacant']);
    // B wakes up in the bed A gave them, named as the panel shows it.
    expect(await b.json(b.get('/api/player/respawn?worldId=default'))).toMatchObject({
      buildingId: spare,
      isActive: true,
      settlementId: settlement.id,
      settlementName: settlement.name,
      bedName: 'Bed 2',
    });
    // The founder may leave their own bed; with nobody in a bed there, they manage it again.
    expect((await a.post(`/api/settlements/${settlement.id}/beds/${aBed!.bedId}/kick`)).status).toBe(200);
    expect(await statusFor(a, settlement.id)).toBe('visible'); // B holds a bed there now
    expect((await b.post(`/api/settlements/${settlement.id}/beds/${spare}/kick`)).status).toBe(200);
    expect(await statusFor(a, settlement.id)).toBe('manageable');
  });

  test('an accept racing a kick, and two accepts racing each other, leave one consistent owner', async () => {
    for (let round = 0; round < 3; round++) {
      const {
        a,
        at,
        settlement,
        beds: [, spare],
      } = await withBeds(2);
      const b = await f.playerAt({ x: at.x + 30, y: at.y + round });
      await invite(a, settlement.id, spare!, b.username);
      const [inv] = await invitations(b);
      const [acc, kick] = await Promise.all([
        b.post(`/api/bed-invitations/${inv!.id}/accept`),
        a.post(`/api/settlements/${settlement.id}/beds/${spare}/kick`),
      ]);
      expect([200, 404, 409]).toContain(acc.status);
      expect([200, 409]).toContain(kick.status);
      const bed = (await beds(a, settlement.id))[1]!;
      // Whatever the order: never both an occupant and an invitation, and B manages exactly when B holds the bed.
      expect(bed.state === 'pending').toBe(false);
      expect(await statusFor(b, settlement.id)).toBe(bed.playerId === b.id ? 'manageable' : 'visible');
    }
    const one = await withBeds(2);
    const two = await withBeds(2);
    const b = await f.playerAt({ x: one.at.x + 30, y: one.at.y });
    await invite(one.a, one.settlement.id, one.beds[1]!, b.username);
    await invite(two.a, two.settlement.id, two.beds[1]!, b.username);
    const ids = (await invitations(b)).map((i) => i.id);
    expect(ids).toHaveLength(2);
    const answers = await Promise.all(ids.map((id) => b.post(`/api/bed-invitations/${id}/accept`)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const held = [...(await beds(b, one.settlement.id)), ...(await beds(b, two.settlement.id))].filter(
      (x) => x.playerId === b.id,
    );
    expect(held).toHaveLength(1);
  });

  test('respawn: the active bed is named, and a survivor who logs out wakes up in it', async () => {
    const { a, at, settlement } = await withBeds(1);
    const respawn = await a.json(a.get('/api/player/respawn?worldId=default'));
    expect(respawn).toMatchObject({ isActive: true, settlementId: settlement.id, x: settlement.x, y: settlement.y });
    const nobody = await f.playerAt({ x: at.x + 40, y: at.y });
    expect(await nobody.json(nobody.get('/api/player/respawn?worldId=default'))).toEqual({ buildingId: null, isActive: false });

    // Walk away from the settlement, log out, log back in: the survivor is at the bed again.
    const away = { x: at.x + 35, y: at.y };
    expect((await a.json(a.post('/api/player/move?worldId=default', away))).accepted).toBe(true);
    expect(await a.json(a.get('/api/player/current?worldId=default'))).toMatchObject(away);
    expect((await a.post('/api/player/logout')).status).toBe(200);
    const login = await a.post('/api/auth/login', { username: a.username, password: 'correct horse battery' });
    expect(login.status).toBe(200);
    await a.post('/api/lobby/join-game');
    expect(await a.json(a.get('/api/player/current?worldId=default'))).toMatchObject({ x: settlement.x, y: settlement.y });
    expect(scaledCost(BED_BASE_COST, 0)).toEqual(BED_BASE_COST);
  });
});
