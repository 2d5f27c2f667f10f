import { GUARD_DEFENCE_FACTOR } from '../../game/npc-skills.ts';
import { NPC_DEFENDER_STRENGTH, UNARMED_FACTOR } from '../../game/raids.ts';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { loadCoreForBun } from '../../../core-wasm/index.ts';
import { bedAssignments, buildings, npcSpawnSignals, npcs } from '../../../db/schema/index.ts';
import { BED_BASE_COST, scaledCost } from '../../game/settlements.ts';
import { backends } from '../../testing/databases.ts';
import { NO_WRITE_LIMITS, startTestServer, type TestServer } from '../../testing/server.ts';
import { openSpots, type Player, SettlementFixture } from '../../testing/settlements.ts';

const SEED = 6161;
const W = 'default';
let clock = Date.parse('2026-11-24T12:00:00Z');

describe.each(backends())('recruiting, dismissing and assigning NPCs on %s', (backend) => {
  let server: TestServer;
  let f: SettlementFixture;
  beforeAll(async () => {
    server = await startTestServer(backend, { worldSeed: SEED, seatTimeoutMs: 24 * 3600_000, now: () => new Date(clock) });
    f = new SettlementFixture(server, openSpots(await loadCoreForBun(), SEED));
  });
  afterAll(() => server.stop());

  /** A scavenge drew a survivor for this player (the signal the scavenge stores). */
  const offer = (c: Player, npcName = 'Rook Ashford') =>
    server.database.db.insert(npcSpawnSignals).values({
      userId: c.id,
      worldId: W,
      poiId: 'poi_x',
      npcName,
      npcDescription: 'A drifter.',
      createdAt: new Date(clock),
    });
  const recruit = (c: Player, settlementId: string, npcName = 'Rook Ashford') =>
    c.post('/api/npcs/recruit', { npcName, npcDescription: 'A drifter.', settlementId, worldId: W });
  async function withBeds(n: number) {
    const { c, at, settlement } = await f.founded({ 'Cloth Scraps': 3 + 5, 'Wood Planks': 2 + 3 });
    for (let i = 0; i < n; i++) expect((await f.build(c, settlement.id, 'bed', null)).status).toBe(200);
    return { c, at, settlement };
  }

  test('skills: the offer shows them, the recruit keeps them, the lists carry them; a guard lifts the defence rating', async () => {
    const { c, settlement } = await withBeds(2);
    await server.database.db.insert(npcSpawnSignals).values({
      userId: c.id,
      worldId: W,
      poiId: 'poi_x',
      npcName: 'Tess Hale',
      npcDescription: 'A survivor seeking shelter: a former guard from the old depot; also a fair medic.',
      npcSkills: ['guard', 'medic'],
      createdAt: new Date(clock),
    });
    const options = await c.json(c.get('/api/npcs/recruitment-options?worldId=default'));
    expect(options.npc).toMatchObject({ name: 'Tess Hale', skills: ['guard', 'medic'] });
    const rating = async () => (await c.json<{ rating: number }>(c.get(`/api/settlements/${settlement.id}/defence`))).rating;
    const before = await rating();
    expect((await recruit(c, settlement.id, 'Tess Hale')).status).toBe(200);
    const { npcs } = await c.json<{ npcs: { name: string; skills: string[]; assignment: string }[] }>(
      c.get(`/api/settlements/${settlement.id}/npcs`),
    );
    expect(npcs).toMatchObject([{ name: 'Tess Hale', skills: ['guard', 'medic'], assignment: 'defend' }]);
    // A defender at home: a guard counts ×1.5 (ammunition or not, the same factor).
    const gain = (await rating()) - before;
    expect(gain).toBeGreaterThan(0);
    const plain = NPC_DEFENDER_STRENGTH * UNARMED_FACTOR;
    expect(gain).toBe(Math.round(plain * GUARD_DEFENCE_FACTOR));
  });

  test('recruit needs an open offer and an empty bed in a settlement you manage; it consumes the offer', async () => {
    const { c, at, settlement } = await withBeds(2);
    expect((await recruit(c, settlement.id)).status).toBe(409); // no offer yet
    await offer(c);
    const options = await c.json(c.get('/api/npcs/recruitment-options?worldId=default'));
    expect(options).toMatchObject({ npc: { name: 'Rook Ashford' }, settlements: [{ id: settlement.id, emptyBeds: 1 }] });
    const stranger = await f.playerAt({ x: at.x + 30, y: at.y });
    await offer(stranger);
    expect((await recruit(stranger, settlement.id)).status).toBe(403);
    expect((await recruit(c, '999999')).status).toBe(404);
    const ok = await recruit(c, settlement.id);
    expect(ok.status).toBe(200);
    expect((await ok.json()).message).toMatch(/Rook Ashford joined/);
    expect((await recruit(c, settlement.id)).status).toBe(409); // the offer is used up
    const beds = (await c.json(c.get(`/api/settlements/${settlement.id}/bed-assignments`))).bedAssignments;
    expect(beds.map((b: { playerName: string | null }) => b.playerName)).toEqual([expect.any(String), 'NPC:Rook Ashford']);
    expect((await c.json(c.get(`/api/settlements/${settlement.id}`))).emptyBeds).toBe(0);
    // No empty bed left: a second survivor cannot be taken in, and the offer stays.
    await offer(c, 'Vera Cole');
    const full = await recruit(c, settlement.id, 'Vera Cole');
    expect(full.status).toBe(409);
    expect((await full.json()).message).toMatch(/no empty bed/);
    expect((await c.json(c.get('/api/npcs/recruitment-options?worldId=default'))).settlements).toEqual([]);
    const list = (await c.json(c.get(`/api/settlements/${settlement.id}/npcs`))).npcs;
    expect(list).toEqual([
      expect.objectContaining({ name: 'Rook Ashford', assignment: 'defend', assignmentStatus: 'resting', isMoving: false }),
    ]);
    expect((await stranger.get(`/api/settlements/${settlement.id}/npcs`)).status).toBe(403);
    const world = await c.json(c.get('/api/world/default/npcs'));
    expect(world.map((n: { name: string }) => n.name)).toContain('Rook Ashford');
  });

  test('offers expire after 10 minutes; dismiss turns an offer away or sends a recruit off, freeing the bed', async () => {
    const { c, settlement } = await withBeds(2); // the founder sleeps in the first
    await offer(c, 'Old Offer');
    clock += 11 * 60 * 1000;
    expect((await recruit(c, settlement.id, 'Old Offer')).status).toBe(409);
    await offer(c, 'Tess Marsh');
    expect((await c.json(c.post('/api/npcs/dismiss', { npcName: 'Tess Marsh', worldId: W }))).message).toMatch(
      /went on their way/,
    );
    expect((await recruit(c, settlement.id)).status).toBe(409);
    await offer(c, 'Zeke Holt');
    expect((await recruit(c, settlement.id)).status).toBe(200);
    expect((await c.json(c.get(`/api/settlements/${settlement.id}`))).emptyBeds).toBe(0);
    expect((await c.post('/api/npcs/dismiss', { npcName: 'Nobody', worldId: W })).status).toBe(404);
    const gone = await c.json(c.post('/api/npcs/dismiss', { npcName: 'zeke holt', worldId: W }));
    expect(gone.message).toMatch(/Zeke Holt left/);
    expect((await c.json(c.get(`/api/settlements/${settlement.id}`))).emptyBeds).toBe(1);
    expect((await c.json(c.get(`/api/settlements/${settlement.id}/npcs`))).npcs).toEqual([]);
  });

  test('assign: members choose defend, scavenge or foraging (gather too); others 403; nonsense 400', async () => {
    const { c, at, settlement } = await withBeds(2);
    await offer(c, 'Kit Vance');
    const { npcId } = await c.json(recruit(c, settlement.id, 'Kit Vance'));
    const assign = (p: Player, assignment: unknown) => p.post(`/api/npcs/${npcId}/assign`, { assignment, worldId: W });
    expect((await c.json(assign(c, 'scavenge'))).npc.assignment).toBe('scavenge');
    expect((await c.json(assign(c, 'gather'))).npc.assignment).toBe('foraging');
    expect((await assign(c, 'dance')).status).toBe(400);
    const stranger = await f.playerAt({ x: at.x + 30, y: at.y });
    expect((await assign(stranger, 'defend')).status).toBe(403);
    expect((await c.post('/api/npcs/999999/assign', { assignment: 'defend', worldId: W })).status).toBe(404);
    expect(scaledCost(BED_BASE_COST, 1)).toEqual({ 'Cloth Scraps': 5, 'Wood Planks': 3 });
  });

  test('a random survivor for the dialog fallback', async () => {
    const { c } = await withBeds(0);
    const r = await c.json(c.get('/api/npcs/generate-random'));
    expect(r.name.length).toBeGreaterThan(0);
    expect(r.description.length).toBeGreaterThan(0);
  });
});

describe.each(backends())('an NPC assigned while it is dismissed on %s', (backend) => {
  let server: TestServer;
  let f: SettlementFixture;
  beforeAll(async () => {
    // 80 writes at once from one player: the race is the point, not the write limit.
    server = await startTestServer(backend, { worldSeed: SEED, seatTimeoutMs: 24 * 3600_000, ...NO_WRITE_LIMITS });
    f = new SettlementFixture(server, openSpots(await loadCoreForBun(), SEED));
  });
  afterAll(() => server.stop());

  test('assigns racing dismissals of the same NPCs: each assign 200 or 404 (never 500), every NPC gone, nothing left', async () => {
    const { c, settlement } = await f.founded();
    const settlementId = Number(settlement.id);
    const db = server.database.db;
    const beds = await db
      .insert(buildings)
      .values(Array.from({ length: 30 }, () => ({ settlementId, type: 'bed' as const, name: 'Bed' })))
      .returning({ id: buildings.id });
    const statuses: number[] = [];
    // Three rounds of 30: each NPC's dismissal goes first and its assign a moment later, so most assigns still find
    // their NPC on arrival and then wait for the settlement's lock behind the dismissal that removes it (the window
    // that answered 500; embedded PGlite runs one transaction at a time, so there it opens only now and then).
    for (let round = 0; round < 3; round++) {
      const rows = await db
        .insert(npcs)
        .values(
          beds.map((b, i) => ({
            worldId: W,
            settlementId,
            bedId: b.id,
            ownerId: c.id,
            name: `Racer ${round}-${i}`,
            description: 'Quick.',
            x: settlement.x,
            y: settlement.y,
            seed: i + 1,
          })),
        )
        .returning({ id: npcs.id, bedId: npcs.bedId, name: npcs.name });
      await db.insert(bedAssignments).values(rows.map((r) => ({ bedId: r.bedId, worldId: W, settlementId, npcId: r.id })));
      const dismissing: Promise<Response>[] = [];
      const assigning: Promise<Response>[] = [];
      for (const [i, n] of rows.entries()) {
        dismissing.push(c.post('/api/npcs/dismiss', { npcName: n.name, worldId: W }));
        await Bun.sleep(i % 4);
        assigning.push(c.post(`/api/npcs/${n.id}/assign`, { assignment: i % 2 ? 'scavenge' : 'foraging', worldId: W }));
      }
      expect((await Promise.all(dismissing)).map((r) => r.status)).toEqual(rows.map(() => 200));
      for (const r of await Promise.all(assigning)) {
        statuses.push(r.status);
        if (r.status === 404) expect((await r.json()).message).toBe('NPC not found');
      }
      // Every NPC left; an assign that lost the race wrote nothing (no NPC, bed or assignment came back).
      expect(await db.select().from(npcs).where(eq(npcs.settlementId, settlementId))).toEqual([]);
      expect(await db.select().from(bedAssignments).where(eq(bedAssignments.settlementId, settlementId))).toEqual([]);
    }
    expect(statuses.filter((s) => s !== 200 && s !== 404)).toEqual([]);
    expect((await c.json(c.get(`/api/settlements/${settlement.id}`))).emptyBeds).toBe(30);
  }, 30_000);
});
