import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { type Core, inPoiReach, loadCoreForBun, type Poi, tileOfWorld } from '../../../core-wasm/index.ts';
import { forageCooldowns, inventoryItems, playerEquipment, poiStates, siteLeftovers } from '../../../db/schema/index.ts';
import { IMPASSABLE } from '../../contract/world.ts';
import { BACKPACK_CAPACITY_BONUS_G, CARRY_TEXT, carryLimit, PACK_CAPACITY_G, weightOf } from '../../game/carrying.ts';
import { budgetCap } from '../../game/movement.ts';
import { walkPath } from '../../game/walking.ts';
import { backends } from '../../testing/databases.ts';
import { openSpots, type Player, SettlementFixture } from '../../testing/settlements.ts';
import { NO_WRITE_LIMITS, startTestServer, type TestServer } from '../../testing/server.ts';
import { until } from '../../testing/until.ts';

const SEED = 4242;
const W = 'default';

/**
 * The pack's limits over real HTTP and a real database: the load the inventory reports, pickups that take what fits
 * (most valuable first) and leave the rest where it was, the 409 of a full pack that spends nothing, concurrent
 * pickups that never pass the limit together, and the walking pace the server holds a heavy survivor to.
 */
describe.each(backends())('carrying on %s', (backend) => {
  let server: TestServer;
  let f: SettlementFixture;
  let core: Core;
  let pois: Poi[];
  let clock = Date.parse('2026-12-02T12:00:00Z');
  beforeAll(async () => {
    server = await startTestServer(backend, {
      worldSeed: SEED,
      seatTimeoutMs: 24 * 3600_000,
      maxPlayers: 100,
      now: () => new Date(clock),
      ...NO_WRITE_LIMITS,
    });
    core = await loadCoreForBun();
    f = new SettlementFixture(server, openSpots(core, SEED));
    pois = [];
    for (let cy = -2; cy <= 2; cy++)
      for (let cx = -2; cx <= 2; cx++) pois.push(...core.pois(SEED, cx, cy).filter((p) => !p.landmark && p.significance >= 4));
  });
  afterAll(() => server.stop());

  const inventory = (c: Player) =>
    c.json<{ items: { itemName: string; quantity: number }[]; load: number; capacity: number }>(
      c.get(`/api/player/inventory?worldId=${W}`),
    );
  const count = async (c: Player, name: string) =>
    (await inventory(c)).items.filter((i) => i.itemName === name).reduce((n, i) => n + i.quantity, 0);
  /** Enough Scrap Metal to bring a pack of `load` grams to within `room` grams of the carry limit. */
  const scrapFor = (load: number, room: number) =>
    Math.floor((carryLimit(PACK_CAPACITY_G) - load - room) / weightOf('Scrap Metal'));
  /**
   * Fills an empty pack to within `room`–`room + 50` g of the carry limit: Scrap Metal, then Bandages (50 g each) for
   * what the 1.2 kg bars leave.
   */
  const fillTo = async (c: Player, room: number) => {
    const scrap = scrapFor(0, room);
    await f.give(c, 'Scrap Metal', scrap);
    const left = carryLimit(PACK_CAPACITY_G) - scrap * weightOf('Scrap Metal') - room;
    const bandages = Math.floor(left / weightOf('Bandages'));
    if (bandages > 0) await f.give(c, 'Bandages', bandages);
  };
  let nextPoi = 0;
  const poiPlayer = async () => {
    const poi = pois[nextPoi++]!;
    return { poi, c: await f.playerAt({ x: poi.worldX, y: poi.worldY }) };
  };

  test('the inventory reports the load (pack and worn) and the capacity; a worn Backpack adds 20 kg', async () => {
    const c = await f.playerAt(f.spot());
    await f.giveAll(c, { 'Wood Planks': 4, Bandages: 10 });
    expect(await inventory(c)).toMatchObject({ load: 4 * 1500 + 10 * 50, capacity: PACK_CAPACITY_G });
    await server.database.db
      .insert(playerEquipment)
      .values({ userId: c.id, worldId: W, slot: 'other', itemName: 'Backpack', quality: 60 });
    expect(await inventory(c)).toMatchObject({
      load: 4 * 1500 + 10 * 50 + weightOf('Backpack'),
      capacity: PACK_CAPACITY_G + BACKPACK_CAPACITY_BONUS_G,
    });
  });

  test('a pack at its limit: scavenge and forage answer 409 and spend nothing (no significance, no cooldown)', async () => {
    const { poi, c } = await poiPlayer();
    await f.give(c, 'Scrap Metal', Math.ceil(carryLimit(PACK_CAPACITY_G) / weightOf('Scrap Metal')));
    const refused = await c.post(`/api/poi/${poi.id}/scavenge`, { worldId: W });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: CARRY_TEXT.packFull });
    const state = await server.database.db
      .select()
      .from(poiStates)
      .where(and(eq(poiStates.worldId, W), eq(poiStates.poiId, poi.id)));
    expect(state).toEqual([]);
    const forage = await c.post('/api/forage', { worldId: W, playerX: poi.worldX, playerY: poi.worldY });
    expect(forage.status).toBe(409);
    expect(await forage.json()).toEqual({ message: CARRY_TEXT.packFull });
    expect(await server.database.db.select().from(forageCooldowns).where(eq(forageCooldowns.userId, c.id))).toEqual([]);
  });

  test('a search that does not fit takes the most valuable first; the rest stays at the site for the next searcher', async () => {
    // A pack with under 100 g of room: almost anything a search finds is more than that (each search at a fresh site;
    // one that finds nothing, or only a photograph, tries the next).
    for (let attempt = 0; attempt < 20; attempt++) {
      const { poi, c } = await poiPlayer();
      await fillTo(c, 50);
      const before = await inventory(c);
      const res = await c.json<{
        items: { itemName: string; quantity: number }[];
        left?: { itemName: string; quantity: number }[];
        message?: string;
      }>(c.post(`/api/poi/${poi.id}/scavenge`, { worldId: W }));
      const after = await inventory(c);
      expect(after.load).toBeLessThanOrEqual(carryLimit(PACK_CAPACITY_G));
      expect(after.load - before.load).toBe(res.items.reduce((g, i) => g + weightOf(i.itemName) * i.quantity, 0));
      if (!res.left?.length) continue;
      expect(res.message).toStartWith('Your pack is full: left ');
      expect(res.message).toContain(poi.name);
      // Nothing left behind would have fitted in the room that remained.
      const room = carryLimit(PACK_CAPACITY_G) - after.load;
      expect(res.left.every((i) => weightOf(i.itemName) > room)).toBe(true);
      const lying = await server.database.db
        .select()
        .from(siteLeftovers)
        .where(and(eq(siteLeftovers.worldId, W), eq(siteLeftovers.poiId, poi.id)));
      expect(lying.reduce((n, r) => n + r.quantity, 0)).toBe(res.left.reduce((n, i) => n + i.quantity, 0));
      // Another survivor with room picks up exactly what lay there, and the site is not searched for it.
      const significance = (await server.database.db.select().from(poiStates).where(eq(poiStates.poiId, poi.id)))[0]!;
      const other = await f.playerAt({ x: poi.worldX, y: poi.worldY });
      const second = await other.json<{ items: { itemName: string; quantity: number }[]; newSignificance: number }>(
        other.post(`/api/poi/${poi.id}/scavenge`, { worldId: W }),
      );
      expect(second.items.reduce((n, i) => n + i.quantity, 0)).toBe(res.left.reduce((n, i) => n + i.quantity, 0));
      expect(second.newSignificance).toBe(significance.currentSignificance);
      expect(await server.database.db.select().from(siteLeftovers).where(eq(siteLeftovers.poiId, poi.id))).toEqual([]);
      return;
    }
    throw new Error('no search in 20 turned up more than 100 g');
  });

  test('20 searches in flight at sites within reach of one spot, with room for little: the pack never passes its limit', async () => {
    // The spot within reach of the most sites: searches of different sites lock different rows, only the pack's lock
    // keeps them from filling the same room twice.
    const groups = pois.map((a) => pois.filter((b) => inPoiReach(b, a.worldX, a.worldY)));
    const sites = groups.reduce((best, g) => (g.length > best.length ? g : best));
    expect(sites.length).toBeGreaterThanOrEqual(2);
    const stand = groups.indexOf(sites);
    const c = await f.playerAt({ x: pois[stand]!.worldX, y: pois[stand]!.worldY });
    await f.give(c, 'Scrap Metal', scrapFor(0, 1500));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => c.post(`/api/poi/${sites[i % sites.length]!.id}/scavenge`, { worldId: W })),
    );
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect((await inventory(c)).load).toBeLessThanOrEqual(carryLimit(PACK_CAPACITY_G));
  });

  test('pick up all takes what fits, most valuable first, and says what stayed; a full pack takes nothing (409)', async () => {
    const { c, settlement } = await f.founded({ 'Wood Planks': 20, 'Steel Pipes': 10, 'Scrap Metal': 10 });
    expect((await f.build(c, settlement.id, 'container', 'materials')).status).toBe(200);
    expect((await f.build(c, settlement.id, 'container', 'items')).status).toBe(200);
    // An empty pack, then only what this test counts.
    await server.database.db.delete(inventoryItems).where(eq(inventoryItems.userId, c.id));
    await f.giveAll(c, { 'Steel Pipes': 40, Multitool: 2 });
    const dep = await c.json<{ moved: number }>(c.post(`/api/settlements/${settlement.id}/auto-deposit-items`, { worldId: W }));
    expect(dep.moved).toBe(42);
    const all = await c.json<{ moved: number; left: number; message: string }>(
      c.post(`/api/settlements/${settlement.id}/pickup-all`, { worldId: W }),
    );
    // 60 kg of room: both Multitools (rare) first, then as many 2 kg Steel Pipes as fit.
    const pipes = Math.floor((carryLimit(PACK_CAPACITY_G) - 2 * weightOf('Multitool')) / weightOf('Steel Pipes'));
    expect(all).toMatchObject({ moved: 2 + pipes, left: 40 - pipes });
    expect(all.message).toContain(`${40 - pipes} items stayed in storage: your pack is full`);
    expect(await count(c, 'Multitool')).toBe(2);
    expect(await count(c, 'Steel Pipes')).toBe(pipes);
    const more = await c.post(`/api/settlements/${settlement.id}/transfer-from-storage`, {
      worldId: W,
      itemName: 'Steel Pipes',
      quantity: 5,
    });
    expect(more.status).toBe(409);
    expect(await more.json()).toEqual({ message: CARRY_TEXT.packFull });
    expect(await count(c, 'Steel Pipes')).toBe(pipes);
  });

  /** A point `distance` units from `from` along a walkable straight line. */
  const walkableSpot = (from: { x: number; y: number }, distance: number) => {
    const passable = (x: number, y: number) => !IMPASSABLE.has(core.biomeAt(SEED, tileOfWorld(x), tileOfWorld(y)));
    for (let i = 0; i < 16; i++) {
      const a = (i * Math.PI) / 8;
      const to = { x: from.x + Math.round(Math.cos(a) * distance), y: from.y + Math.round(Math.sin(a) * distance) };
      if (!walkPath(from, to, passable).blocked) return to;
    }
    throw new Error('no walkable line from the spot');
  };

  test('a survivor at the limit walks at half speed; storing the load gives full speed back', async () => {
    // Heavy from the first step: 60 kg of Scrap Metal, and what a materials container costs.
    const scrap = Math.ceil(carryLimit(PACK_CAPACITY_G) / weightOf('Scrap Metal'));
    const { c, at, settlement } = await f.founded({ 'Wood Planks': 3, 'Steel Pipes': 2, 'Scrap Metal': scrap });
    expect((await f.build(c, settlement.id, 'container', 'materials')).status).toBe(200);
    clock += 10_000;
    // Longer than half speed's budget allows, shorter than full speed's.
    const distance = Math.round((budgetCap(0.5) + budgetCap(1)) / 2);
    const to = walkableSpot(at, distance);
    const move = () => c.json<{ accepted: boolean; reason?: string }>(c.post(`/api/player/move?worldId=${W}`, to));
    expect(await move()).toMatchObject({ accepted: false, reason: 'Too far to have walked there' });

    const dep = await c.json<{ moved: number }>(
      c.post(`/api/settlements/${settlement.id}/deposit-by-category`, { worldId: W, category: 'materials' }),
    );
    expect(dep.moved).toBeGreaterThan(40);
    expect((await inventory(c)).load).toBeLessThanOrEqual(PACK_CAPACITY_G);
    clock += 10_000;
    await until(async () => (await move()).accepted, { what: 'the unladen survivor took the same step' });
  });
});
