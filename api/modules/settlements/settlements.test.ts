import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { and, eq, sql } from 'drizzle-orm';
import { chunkOfWorld, type Core, loadCoreForBun, tileCentre, tileOfWorld } from '../../../core-wasm/index.ts';
import { buildings, storageItems } from '../../../db/schema/index.ts';
import { IMPASSABLE } from '../../contract/world.ts';
import {
  BED_BASE_COST,
  CONTAINER_BASE_COST,
  CONTAINER_MAX_LEVEL,
  REINFORCE_COST,
  SETTLEMENT_MIN_DISTANCE,
  SETTLEMENT_REACH,
  scaledCost,
  SHELTER_COST,
} from '../../game/settlements.ts';
import { uniqueName } from '../../testing/client.ts';
import { openSpots, type Player, SettlementFixture } from '../../testing/settlements.ts';
import { backends } from '../../testing/databases.ts';
import { TestSocket } from '../../testing/live.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';

const SEED = 4242;
const W = 'default';
const tileCentreOf = (x: number) => tileCentre(tileOfWorld(x));

describe.each(backends())('shelters, settlements, buildings and storage on %s', (backend) => {
  let server: TestServer;
  let core: Core;
  let f: SettlementFixture;

  beforeAll(async () => {
    // Storage holds hundreds of units here: a 1,000 kg pack keeps these tests about storage (carrying.test.ts is about the pack).
    server = await startTestServer(backend, {
      worldSeed: SEED,
      seatTimeoutMs: 24 * 3600_000,
      maxPlayers: 100,
      packCapacityG: 1_000_000,
    });
    core = await loadCoreForBun();
    f = new SettlementFixture(server, openSpots(core, SEED));
    expect(f.spots.length).toBeGreaterThan(12);
  });
  afterAll(() => server.stop());

  const spot = () => f.spot();
  const playerAt = (p: { x: number; y: number }) => f.playerAt(p);
  const give = (c: Player, name: string, n: number, quality = 50) => f.give(c, name, n, quality);
  const giveAll = (c: Player, m: Record<string, number>) => f.giveAll(c, m);
  const founded = (extra: Record<string, number> = {}) => f.founded(extra);
  const build = (c: Player, settlementId: string, type: string, subtype: string | null, name = 'B') =>
    f.build(c, settlementId, type, subtype, name);
  const inventory = async (c: Player) =>
    (await c.json(c.get('/api/player/inventory?worldId=default'))).items as {
      itemName: string;
      quantity: number;
      metadata: { quality: number };
    }[];
  const count = async (c: Player, name: string) =>
    (await inventory(c)).filter((i) => i.itemName === name).reduce((s, i) => s + i.quantity, 0);
  const storage = async (c: Player, id: string) =>
    (await c.json(c.get(`/api/settlements/${id}/storage`))).storage as {
      building: { id: string; subtype: string };
      items: { itemName: string; quantity: number }[];
      usedCapacity: number;
      maxCapacity: number;
      protectedCapacity: number;
    }[];
  const stored = async (c: Player, id: string, name: string) =>
    (await storage(c, id))
      .flatMap((e) => e.items)
      .filter((i) => i.itemName === name)
      .reduce((s, i) => s + i.quantity, 0);

  test('a shelter costs 3 Wood Planks, 2 Scrap Metal, 1 Cloth Scraps, lowest quality first; short of them nothing is spent', async () => {
    const at = spot();
    const c = await playerAt(at);
    await give(c, 'Wood Planks', 2, 10);
    await give(c, 'Wood Planks', 5, 90);
    await give(c, 'Scrap Metal', 2);
    const short = await c.post('/api/build-shelter', { worldId: W, ...at, materials: SHELTER_COST });
    expect(short.status).toBe(409);
    expect((await short.json()).message).toBe('Insufficient materials! Missing 1 Cloth Scraps.');
    expect(await count(c, 'Wood Planks')).toBe(7);

    await give(c, 'Cloth Scraps', 1);
    const built = await c.json(c.post('/api/build-shelter', { worldId: W, ...at, materials: SHELTER_COST }));
    expect(built).toMatchObject({ upgradedPOI: false, message: 'Basic Shelter built!', shelter: { tileX: tileOfWorld(at.x) } });
    const left = (await inventory(c)).filter((i) => i.itemName === 'Wood Planks');
    // Both planks of quality 10 went first, then one of quality 90.
    expect(left).toEqual([expect.objectContaining({ quantity: 4, metadata: { quality: 90 } })]);
    expect(await count(c, 'Scrap Metal')).toBe(0);

    await giveAll(c, SHELTER_COST);
    const again = await c.post('/api/build-shelter', { worldId: W, ...at });
    expect(again.status).toBe(409);
    expect(await count(c, 'Cloth Scraps')).toBe(1);
    const elsewhere = await c.post('/api/build-shelter', { worldId: W, x: at.x + 500, y: at.y });
    expect(elsewhere.status).toBe(409);
    expect((await elsewhere.json()).message).toMatch(/out of sync/);
    const shelters = await c.json(
      c.get(`/api/world/default/shelters?centerChunkX=${chunkOfWorld(at.x)}&centerChunkY=${chunkOfWorld(at.y)}&chunkRadius=0`),
    );
    expect(shelters).toContainEqual(expect.objectContaining({ id: built.shelter.id, poiId: null, settlementId: null }));
  });

  test('a shelter inside a POI upgrades it (hasShelter, poi_updated) and a settlement can be founded there by its id', async () => {
    const poi = core
      .pois(SEED, 0, 0)
      .concat(core.pois(SEED, 1, 0), core.pois(SEED, 0, 1))
      .find((p) => {
        const t = { x: p.worldX, y: p.worldY };
        return !IMPASSABLE.has(core.biomeAt(SEED, tileOfWorld(t.x), tileOfWorld(t.y)));
      })!;
    const c = await playerAt({ x: poi.worldX, y: poi.worldY });
    await giveAll(c, SHELTER_COST);
    const ws = TestSocket.open(server.url, c);
    await ws.next('connected');
    const res = await c.json(c.post('/api/build-shelter', { worldId: W, x: poi.worldX, y: poi.worldY }));
    expect(res).toMatchObject({ upgradedPOI: true, poi: { id: poi.id }, message: 'POI upgraded!', shelter: { poiId: poi.id } });
    expect((await ws.next('poi_updated', (m) => m.poi.id === poi.id)).poi.hasShelter).toBe(true);
    const region = await c.json(
      c.get(`/api/world/default/chunks?centerChunkX=${poi.chunkX}&centerChunkY=${poi.chunkY}&chunkRadius=0`),
    );
    expect(region.pois.find((p: { id: string }) => p.id === poi.id).hasShelter).toBe(true);
    await giveAll(c, SHELTER_COST);
    expect((await c.post('/api/build-shelter', { worldId: W, x: poi.worldX, y: poi.worldY })).status).toBe(409);

    const name = uniqueName('Outpost');
    const s = await c.json(c.post('/api/settlements', { worldId: W, name, x: poi.worldX, y: poi.worldY, poiId: poi.id }));
    expect(s).toMatchObject({ name, poiId: poi.id, status: 'manageable', emptyBeds: 0 });
    expect((await ws.next('settlement_created', (m) => m.settlement.id === s.id)).settlement.name).toBe(name);
    ws.ws.close();
  });

  test('founding: the POI error texts, a shelter first, names trimmed and unique, settlements kept apart', async () => {
    const at = spot();
    const c = await playerAt(at);
    const body = { worldId: W, name: 'Somewhere', ...at };
    const bad = await c.post('/api/settlements', { ...body, poiId: 'shelter-temp-1' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Invalid POI ID');
    const missing = await c.post('/api/settlements', { ...body, poiId: `poi_${SEED}_99999_99999` });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('POI does not exist');
    const noShelter = await c.post('/api/settlements', body);
    expect(noShelter.status).toBe(409);
    expect((await noShelter.json()).message).toMatch(/shelter/);

    await giveAll(c, SHELTER_COST);
    expect((await c.post('/api/build-shelter', { worldId: W, ...at })).status).toBe(200);
    for (const name of ['   ', 'x'.repeat(41)]) expect((await c.post('/api/settlements', { ...body, name })).status).toBe(400);
    const name = uniqueName('Rust Town');
    const s = await c.json(c.post('/api/settlements', { ...body, name: `  ${name}  ` }));
    expect(s).toMatchObject({ name, status: 'manageable', beds: 0, emptyBeds: 0, founderId: c.id });

    // A second shelter 10 tiles away: its settlement would stand closer than the minimum distance.
    const near = { x: at.x + 50, y: at.y };
    const d = await playerAt(near);
    await giveAll(d, SHELTER_COST);
    expect((await d.post('/api/build-shelter', { worldId: W, ...near })).status).toBe(200);
    const dup = await d.post('/api/settlements', { worldId: W, ...near, name: name.toUpperCase() });
    expect(dup.status).toBe(409);
    expect((await dup.json()).message).toMatch(/already exists/);
    const close = await d.post('/api/settlements', { worldId: W, ...near, name: uniqueName('Other') });
    expect(close.status).toBe(409);
    expect((await close.json()).message).toMatch(new RegExp(`keep ${SETTLEMENT_MIN_DISTANCE} units apart`));
    const mine = await c.json(c.get('/api/player/settlements?worldId=default'));
    expect(mine.map((m: { name: string }) => m.name)).toEqual([name]);
    expect(await d.json(d.get('/api/player/settlements?worldId=default'))).toEqual([]);
  });

  test("only a shelter's builder founds a settlement on it (403 for others, nothing written); the builder then can", async () => {
    // B, standing 10 units from A's shelter, founded on it and A got 409.
    const at = spot();
    const a = await playerAt(at);
    const b = await playerAt({ x: at.x + 10, y: at.y });
    await giveAll(a, SHELTER_COST);
    const built = await a.json(a.post('/api/build-shelter', { worldId: W, ...at, materials: SHELTER_COST }));
    // The shelter says who built it, so the page can tell B before B tries (the island mirrors the rule).
    expect(built.shelter.builtBy).toBe(a.id);
    const sniped = await b.post('/api/settlements', { worldId: W, name: uniqueName('Sniped'), x: at.x + 10, y: at.y });
    expect(sniped.status).toBe(403);
    expect((await sniped.json()).message).toBe(
      'This shelter was built by another survivor: only its builder can found a settlement on it; build one of your own',
    );
    expect(await b.json(b.get('/api/player/settlements?worldId=default'))).toEqual([]);
    const name = uniqueName('Earned');
    const mine = await a.post('/api/settlements', { worldId: W, name, ...at });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({ name, founderId: a.id, status: 'manageable' });
    const shelters = await a.json(
      a.get(`/api/world/default/shelters?centerChunkX=${chunkOfWorld(at.x)}&centerChunkY=${chunkOfWorld(at.y)}&chunkRadius=0`),
    );
    expect(shelters.find((s: { id: string }) => s.id === built.shelter.id)).toMatchObject({ builtBy: a.id });
    expect(shelters.find((s: { id: string }) => s.id === built.shelter.id).settlementId).not.toBeNull();

    // With a shelter of their own in reach too, B founds on theirs, never on A's nearer one.
    const spot2 = spot();
    const c = await playerAt(spot2);
    const d = await playerAt({ x: spot2.x + 25, y: spot2.y });
    await giveAll(c, SHELTER_COST);
    await giveAll(d, SHELTER_COST);
    expect((await c.post('/api/build-shelter', { worldId: W, ...spot2 })).status).toBe(200);
    expect((await d.post('/api/build-shelter', { worldId: W, x: spot2.x + 25, y: spot2.y })).status).toBe(200);
    const between = { x: spot2.x + 10, y: spot2.y }; // 10 from C's shelter, 15 from D's
    expect((await d.json(d.post('/api/player/move?worldId=default', between))).accepted).toBe(true);
    const own = await d.json(d.post('/api/settlements', { worldId: W, name: uniqueName('Own'), ...between }));
    expect(own).toMatchObject({ founderId: d.id, x: tileCentreOf(spot2.x + 25) });
  });

  test("a POI's shelter is its builder's to found on; others get 403", async () => {
    const poi = core
      .pois(SEED, -1, 0)
      .concat(core.pois(SEED, 0, -1), core.pois(SEED, -1, -1))
      .find((p) => !IMPASSABLE.has(core.biomeAt(SEED, tileOfWorld(p.worldX), tileOfWorld(p.worldY))))!;
    const a = await playerAt({ x: poi.worldX, y: poi.worldY });
    const b = await playerAt({ x: poi.worldX + 5, y: poi.worldY });
    await giveAll(a, SHELTER_COST);
    expect((await a.post('/api/build-shelter', { worldId: W, x: poi.worldX, y: poi.worldY })).status).toBe(200);
    const body = { worldId: W, x: poi.worldX + 5, y: poi.worldY, poiId: poi.id };
    const sniped = await b.post('/api/settlements', { ...body, name: uniqueName('Sniped') });
    expect(sniped.status).toBe(403);
    expect((await sniped.json()).message).toBe(
      `The shelter at ${poi.name} was built by another survivor: only its builder can found a settlement on it`,
    );
    const s = await a.post('/api/settlements', { ...body, x: poi.worldX, name: uniqueName('Kept') });
    expect(s.status).toBe(200);
    expect((await s.json()).founderId).toBe(a.id);
  });

  test('settlement names follow the name rules and are unique per world by look-alike key (Cyrillic, zero-width)', async () => {
    const first = await founded();
    const base = first.settlement.name;
    const at = spot();
    const c = await playerAt(at);
    await giveAll(c, SHELTER_COST);
    expect((await c.post('/api/build-shelter', { worldId: W, ...at })).status).toBe(200);
    const found = (name: string) => c.post('/api/settlements', { worldId: W, name, ...at });
    // A Cyrillic о or a trailing zero-width space passed the uniqueness rule.
    const cyrillic = await found(base.replace(/a/g, 'а').replace(/o/g, 'о'));
    expect(cyrillic.status).toBe(409);
    expect((await cyrillic.json()).message).toBe(`A settlement named ${base} already exists`);
    for (const lookalike of [base.toUpperCase(), `Ｈ${base.slice(1)}`, base.replace(/_/, '＿')]) {
      expect((await found(lookalike)).status).toBe(409);
    }
    for (const bad of [`${base}\u200b`, '\u200b\u200b', '\u3164', `\u202e${base}`, `a${'\u0301'.repeat(31)}`, '42']) {
      const res = await found(bad);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/^Settlement names /);
    }
    expect(await c.json(c.get('/api/player/settlements?worldId=default'))).toEqual([]);
    const ok = await found(`  Ｎｅｗ   ${base}  `);
    expect(ok.status).toBe(200);
    expect((await ok.json()).name).toBe(`New ${base}`);
  });

  test('buildings: the server charges base × (1 + 0.5 n), the founder takes the first bed, bad kinds are 400', async () => {
    const { c, settlement } = await founded();
    const bed1 = BED_BASE_COST;
    const bed2 = scaledCost(BED_BASE_COST, 1);
    const food1 = CONTAINER_BASE_COST.food;
    const food2 = scaledCost(CONTAINER_BASE_COST.food, 1);
    const med1 = CONTAINER_BASE_COST.medicine;
    await giveAll(c, { 'Cloth Scraps': 3 + 5, 'Wood Planks': 2 + 3 + 4 + 6, 'Scrap Metal': 2 + 3 + 2, 'Glass Shards': 3 });
    expect([bed2, food2]).toEqual([
      { 'Cloth Scraps': 5, 'Wood Planks': 3 },
      { 'Wood Planks': 6, 'Scrap Metal': 3 },
    ]);

    const first = await c.json(build(c, settlement.id, 'bed', null, '  Bunk  '));
    expect(first).toMatchObject({
      building: { type: 'bed', name: 'Bunk', occupant: expect.any(String) },
      cost: bed1,
      message: 'Building constructed!',
    });
    expect(await c.json(build(c, settlement.id, 'bed', null))).toMatchObject({ cost: bed2, building: { occupant: null } });
    expect(await c.json(build(c, settlement.id, 'container', 'food'))).toMatchObject({
      cost: food1,
      building: { capacity: 100 },
    });
    expect(await c.json(build(c, settlement.id, 'container', 'food'))).toMatchObject({ cost: food2 });
    expect(await c.json(build(c, settlement.id, 'container', 'medicine'))).toMatchObject({ cost: med1 });
    // Exactly the computed costs were taken: nothing is left.
    expect(await inventory(c)).toEqual([]);
    const short = await build(c, settlement.id, 'bed', null);
    expect(short.status).toBe(409);
    expect((await short.json()).message).toMatch(/^Insufficient materials!/);

    for (const [type, subtype] of [
      ['tower', null],
      ['container', 'jewels'],
      ['container', null],
    ] as const) {
      expect((await build(c, settlement.id, type, subtype)).status).toBe(400);
    }
    expect((await build(c, settlement.id, 'bed', null, '   ')).status).toBe(400);
    expect((await build(c, '999999', 'bed', null)).status).toBe(404);

    const beds = (await c.json(c.get(`/api/settlements/${settlement.id}/bed-assignments`))).bedAssignments;
    expect(beds.map((b: { playerId: string | null }) => b.playerId)).toEqual([c.id, null]);
    const view = (await c.json(c.get('/api/player/settlements?worldId=default')))[0];
    expect(view).toMatchObject({ beds: 2, emptyBeds: 1, status: 'manageable' });
    const list = (await c.json(c.get(`/api/settlements/${settlement.id}/buildings`))).buildings;
    expect(list.map((b: { type: string; subtype: string | null }) => b.subtype ?? b.type)).toEqual([
      'bed',
      'bed',
      'food',
      'food',
      'medicine',
    ]);
  });

  test('others see a settlement as visible and may not build, reinforce, deposit, take or read its storage (403)', async () => {
    const { c, at, settlement } = await founded({ ...CONTAINER_BASE_COST.food });
    const food = (await c.json(build(c, settlement.id, 'container', 'food'))).building;
    const ws = TestSocket.open(server.url, c);
    await ws.next('connected');
    const o = await playerAt({ x: at.x + 20, y: at.y });
    await giveAll(o, { ...BED_BASE_COST, ...REINFORCE_COST, 'Canned Beans': 5 });
    const seen = await o.json(
      o.get(`/api/world/default/settlements?centerChunkX=${chunkOfWorld(at.x)}&centerChunkY=${chunkOfWorld(at.y)}`),
    );
    expect(seen.find((s: { id: string }) => s.id === settlement.id)).toMatchObject({ status: 'visible', name: settlement.name });
    expect((await build(o, settlement.id, 'bed', null)).status).toBe(403);
    expect((await o.post(`/api/buildings/${food.id}/upgrade`, { worldId: W })).status).toBe(403);
    expect((await o.post(`/api/settlements/${settlement.id}/auto-deposit-items`, { worldId: W })).status).toBe(403);
    expect((await o.post(`/api/settlements/${settlement.id}/pickup-all`, { worldId: W })).status).toBe(403);
    expect((await o.get(`/api/settlements/${settlement.id}/storage`)).status).toBe(403);
    expect(await count(o, 'Canned Beans')).toBe(5);
    // The founder hears of changes to their settlement wherever they are.
    await giveAll(c, BED_BASE_COST);
    await build(c, settlement.id, 'bed', null);
    expect((await ws.next('settlement_updated', (m) => m.settlement.id === settlement.id)).settlement.name).toBe(settlement.name);
    // Once someone else's bed… the founder still manages (they hold the first bed).
    const far = await playerAt({ x: at.x + SETTLEMENT_REACH + 60, y: at.y });
    const r = await far.post(`/api/settlements/${settlement.id}/auto-deposit-items`, { worldId: W });
    expect(r.status).toBe(403);
    ws.ws.close();
  });

  test('storage: capacity 100 (+50 per reinforcement up to level 4), deposits leave the rest in the pack, transfers cap at 20 / 1', async () => {
    const { c, settlement } = await founded({ 'Wood Planks': 4 + 3, 'Scrap Metal': 2 + 3 });
    const food = (await c.json(build(c, settlement.id, 'container', 'food', 'Larder'))).building;
    await build(c, settlement.id, 'container', 'items', 'Gear');
    await giveAll(c, { 'Canned Beans': 130, Crowbar: 2, 'Wood Planks': 4 });

    const noAmmo = await c.post(`/api/settlements/${settlement.id}/deposit-by-category`, { worldId: W, category: 'ammo' });
    expect(noAmmo.status).toBe(409);
    const dep = await c.json(c.post(`/api/settlements/${settlement.id}/auto-deposit-items`, { worldId: W }));
    expect(dep).toMatchObject({ moved: 102, left: 30 });
    expect(dep.message).toMatch(/30 items stayed in your pack/);
    expect(await count(c, 'Canned Beans')).toBe(30);
    expect(await count(c, 'Wood Planks')).toBe(4);
    const larder = (await storage(c, settlement.id)).find((e) => e.building.id === food.id)!;
    expect(larder).toMatchObject({ usedCapacity: 100, maxCapacity: 100, protectedCapacity: 50 });

    await giveAll(c, REINFORCE_COST);
    const up = await c.json(c.post(`/api/buildings/${food.id}/upgrade`, { worldId: W, materials: REINFORCE_COST }));
    expect(up).toMatchObject({ building: { level: 1, capacity: 150 }, message: 'Container reinforced successfully!' });
    expect(await count(c, 'Scrap Metal')).toBe(0);
    const more = await c.json(c.post(`/api/settlements/${settlement.id}/deposit-by-category`, { worldId: W, category: 'food' }));
    expect(more).toMatchObject({ moved: 30, left: 0 });

    const take = await c.json(
      c.post(`/api/settlements/${settlement.id}/transfer-from-storage`, { worldId: W, itemName: 'Canned Beans', quantity: 500 }),
    );
    expect(take.moved).toBe(20);
    const tool = await c.json(
      c.post(`/api/settlements/${settlement.id}/transfer-from-storage`, { worldId: W, itemName: 'Crowbar', quantity: 2 }),
    );
    expect(tool.moved).toBe(1);
    expect(await count(c, 'Crowbar')).toBe(1);
    const none = await c.post(`/api/settlements/${settlement.id}/transfer-from-storage`, {
      worldId: W,
      itemName: 'Rope',
      quantity: 1,
    });
    expect(none.status).toBe(404);
    expect(
      (await c.post(`/api/settlements/${settlement.id}/transfer-from-storage`, { worldId: W, itemName: 'Rope', quantity: 0 }))
        .status,
    ).toBe(400);

    for (let level = 2; level <= CONTAINER_MAX_LEVEL; level++) {
      await giveAll(c, REINFORCE_COST);
      expect((await c.json(c.post(`/api/buildings/${food.id}/upgrade`, { worldId: W }))).building.level).toBe(level);
    }
    await giveAll(c, REINFORCE_COST);
    const maxed = await c.post(`/api/buildings/${food.id}/upgrade`, { worldId: W });
    expect(maxed.status).toBe(409);
    expect(await count(c, 'Scrap Metal')).toBe(REINFORCE_COST['Scrap Metal']!);

    const all = await c.json(c.post(`/api/settlements/${settlement.id}/pickup-all`, { worldId: W }));
    expect(all.moved).toBe(110 + 1);
    expect(await count(c, 'Canned Beans')).toBe(130);
    expect(await count(c, 'Crowbar')).toBe(2);
    expect((await storage(c, settlement.id)).every((e) => e.usedCapacity === 0)).toBe(true);
  });

  test('consolidate packs a subtype into its first containers; fix-categorization moves misplaced items; fix-items answers', async () => {
    const { c, settlement } = await founded({ 'Wood Planks': 4 + 6 + 2, 'Scrap Metal': 2 + 3, 'Cloth Scraps': 2 });
    const a = (await c.json(build(c, settlement.id, 'container', 'food'))).building;
    const b = (await c.json(build(c, settlement.id, 'container', 'food'))).building;
    const misc = (await c.json(build(c, settlement.id, 'container', 'misc'))).building;
    const db = server.database.db;
    await db.insert(storageItems).values([
      { buildingId: Number(a.id), itemName: 'Canned Beans', quality: 50, quantity: 60 },
      { buildingId: Number(b.id), itemName: 'Wild Berries', quality: 40, quantity: 30 },
      { buildingId: Number(misc.id), itemName: 'Dried Meat', quality: 60, quantity: 20 },
    ]);
    const cons = await c.json(c.post(`/api/settlements/${settlement.id}/consolidate`, { worldId: W }));
    expect(cons).toMatchObject({ moved: 30 });
    const after = await storage(c, settlement.id);
    expect(after.find((e) => e.building.id === a.id)!.usedCapacity).toBe(90);
    expect(after.find((e) => e.building.id === b.id)!.usedCapacity).toBe(0);
    const fix = await c.json(c.post(`/api/settlements/${settlement.id}/fix-categorization`, { worldId: W }));
    expect(fix).toMatchObject({ moved: 20, left: 0 });
    expect((await storage(c, settlement.id)).find((e) => e.building.id === misc.id)!.usedCapacity).toBe(0);
    expect(await stored(c, settlement.id, 'Dried Meat')).toBe(20);
    const items = await c.json(c.post(`/api/settlements/${settlement.id}/fix-items`, { worldId: W }));
    expect(items).toMatchObject({ moved: 0, message: expect.any(String) });
    expect(await stored(c, settlement.id, 'Canned Beans')).toBe(60);
  });

  test('25 deposits, transfers and pickups in flight conserve inventory + storage totals exactly', async () => {
    const { c, settlement } = await founded({ 'Wood Planks': 4 + 6, 'Scrap Metal': 2 + 3 });
    await build(c, settlement.id, 'container', 'food');
    await build(c, settlement.id, 'container', 'food');
    await giveAll(c, { 'Canned Beans': 150, 'Wild Berries': 70 });
    const total = async () => (await count(c, 'Canned Beans')) + (await stored(c, settlement.id, 'Canned Beans'));
    const calls = Array.from({ length: 25 }, (_, i) => {
      const path = `/api/settlements/${settlement.id}`;
      if (i % 3 === 0) return c.post(`${path}/auto-deposit-items`, { worldId: W });
      if (i % 3 === 1)
        return c.post(`${path}/transfer-from-storage`, {
          worldId: W,
          itemName: i % 2 ? 'Canned Beans' : 'Wild Berries',
          quantity: 20,
        });
      return i % 5 === 0
        ? c.post(`${path}/pickup-all`, { worldId: W })
        : c.post(`${path}/deposit-by-category`, { worldId: W, category: 'food' });
    });
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 404)).toBe(true);
    expect(await total()).toBe(150);
    expect((await count(c, 'Wild Berries')) + (await stored(c, settlement.id, 'Wild Berries'))).toBe(70);
    const used = (await storage(c, settlement.id)).map((e) => e.usedCapacity);
    expect(used.every((u) => u <= 100)).toBe(true);
    // No stack went negative or was left empty behind.
    const rows = await server.database.db.select().from(storageItems).where(sql`${storageItems.quantity} <= 0`);
    expect(rows).toEqual([]);
    const buildingRows = await server.database.db
      .select()
      .from(buildings)
      .where(and(eq(buildings.settlementId, Number(settlement.id))));
    expect(buildingRows).toHaveLength(2);
  });

  test('concurrent builds with materials for one spend them once', async () => {
    const { c, settlement } = await founded({ ...BED_BASE_COST });
    const results = await Promise.all(Array.from({ length: 6 }, () => build(c, settlement.id, 'bed', null)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const list = (await c.json(c.get(`/api/settlements/${settlement.id}/buildings`))).buildings;
    expect(list).toHaveLength(1);
    expect(await inventory(c)).toEqual([]);
  });
});
