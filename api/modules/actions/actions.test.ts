import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { type Core, loadCoreForBun, type Poi, tileOfWorld } from '../../../core-wasm/index.ts';
import { inventoryItems, playerEquipment, players, poiStates } from '../../../db/schema/index.ts';
import { ACTION_TEXT, isPickedClean, sameForageArea, TOOL_ITEMS } from '../../contract/actions.ts';
import { equipSlotOf, wornTools } from '../../game/equipment.ts';
import { walkPath } from '../../game/walking.ts';
import { IMPASSABLE } from '../../contract/world.ts';
import { FORAGE_RULES } from '../../game/forage.ts';
import { SCAVENGE_RULES } from '../../game/scavenge.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends } from '../../testing/databases.ts';
import { TestSocket } from '../../testing/live.ts';
import { NO_WRITE_LIMITS, startTestServer, type TestServer } from '../../testing/server.ts';

const SEED = 777;

describe.each(backends())('scavenging, foraging and the inventory on %s', (backend) => {
  let server: TestServer;
  let clock = Date.parse('2026-11-22T12:00:00Z');
  let pois: Poi[];
  let nextPoi = 0;
  let core: Core;
  beforeAll(async () => {
    // Seats must outlive the clock jumps below (recovery and cooldowns take 20–30 minutes).
    // The races below send 50 writes from one player at once, past the central write limit on purpose.
    server = await startTestServer(backend, {
      worldSeed: SEED,
      seatTimeoutMs: 24 * 3600_000,
      now: () => new Date(clock),
      ...NO_WRITE_LIMITS,
    });
    core = await loadCoreForBun();
    pois = [];
    for (let cy = -1; cy <= 1; cy++)
      for (let cx = -1; cx <= 1; cx++) pois.push(...core.pois(SEED, cx, cy).filter((p) => !p.landmark && p.significance >= 4));
  });
  afterAll(() => server.stop());

  /** A seated player standing at (x, y) before first entering the world. */
  async function playerAt(x: number, y: number): Promise<TestClient & { id: string }> {
    const c = new TestClient(server.url) as TestClient & { id: string };
    c.id = (await c.register(uniqueName('scav'))).id;
    await c.post('/api/lobby/join-game');
    await c.get('/api/world/default');
    await server.database.db
      .insert(players)
      .values({ userId: c.id, worldId: 'default', name: 'scav', x, y, color: '#fff', isOnline: false });
    return c;
  }
  const freshPoi = () => pois[nextPoi++]!;
  /** Puts an item on the player straight in the database (the equip rules are tested in api/modules/equipment). */
  const wear = (c: TestClient & { id: string }, itemName: string) =>
    server.database.db
      .insert(playerEquipment)
      .values({ userId: c.id, worldId: 'default', slot: equipSlotOf(itemName)!, itemName, quality: 50 });
  const passable = (x: number, y: number) => !IMPASSABLE.has(core.biomeAt(SEED, tileOfWorld(x), tileOfWorld(y)));
  /** A point `distance` units from `from` in one of 8 directions that can be walked to in a straight line. */
  const walkableSpot = (from: { x: number; y: number }, distance: number) => {
    for (let i = 0; i < 8; i++) {
      const a = (i * Math.PI) / 4;
      const to = { x: from.x + Math.round(Math.cos(a) * distance), y: from.y + Math.round(Math.sin(a) * distance) };
      if (!walkPath(from, to, passable).blocked) return to;
    }
    throw new Error('no walkable spot around the POI');
  };
  /** Walks the player there over REST in steps of at most 40 units (the server's budget and path rules apply). */
  const walk = async (c: TestClient, from: { x: number; y: number }, to: { x: number; y: number }) => {
    const steps = Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / 40);
    for (let i = 1; i <= steps; i++) {
      const p = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
      const moved = await c.json(c.post('/api/player/move?worldId=default', p));
      expect(moved).toMatchObject({ accepted: true });
    }
  };
  const tileSpot = (p: { x: number; y: number }) => ({ tileX: tileOfWorld(p.x), tileY: tileOfWorld(p.y) });
  const forageAt = (c: TestClient, p: { x: number; y: number }) =>
    c.post('/api/forage', { worldId: 'default', playerX: p.x, playerY: p.y });
  const inventoryTotal = async (c: TestClient) =>
    ((await c.json(c.get('/api/player/inventory?worldId=default'))).items as { quantity: number }[]).reduce(
      (s, i) => s + i.quantity,
      0,
    );
  const sumItems = (results: { items: { quantity: number }[] }[]) =>
    results.reduce((s, r) => s + r.items.reduce((t, i) => t + i.quantity, 0), 0);

  test('scavenging out of range is refused with 403; unknown POIs 404; bad bodies 400', async () => {
    const poi = freshPoi();
    const c = await playerAt(poi.worldX + 200, poi.worldY);
    const far = await c.post(`/api/poi/${poi.id}/scavenge`, { worldId: 'default' });
    expect(far.status).toBe(403);
    expect((await far.json()).message).toMatch(/too far/);
    expect((await c.post(`/api/poi/poi_${SEED}_999999_999999/scavenge`, { worldId: 'default' })).status).toBe(404);
    expect((await c.post('/api/poi/not-a-poi/scavenge', { worldId: 'default' })).status).toBe(404);
    expect((await c.post(`/api/poi/${poi.id}/scavenge`, {})).status).toBe(400);
    expect((await c.post(`/api/poi/${poi.id}/scavenge`, '{oops')).status).toBe(400);
    expect(await inventoryTotal(c)).toBe(0);
  });

  test('a player searches a place until it is picked clean; the loot lands in the inventory and nearby players hear of it', async () => {
    const poi = freshPoi();
    const c = await playerAt(poi.worldX + 10, poi.worldY);
    // A worn multitool fixes the floor at −5; tools found on the way land in the pack and change nothing.
    await wear(c, 'Multitool');
    const floor = SCAVENGE_RULES.floor.multitool;
    const socket = TestSocket.open(server.url, c);
    await socket.next('players_list');
    const results = [];
    for (let i = 0; i < poi.significance - floor; i++) {
      const res = await c.post(`/api/poi/${poi.id}/scavenge`, { worldId: 'default' });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.currentSignificance).toBe(poi.significance - i);
      expect(body.newSignificance).toBe(poi.significance - i - 1);
      expect(body.npcSpawnCheck).toEqual({ shouldSpawn: false });
      results.push(body);
    }
    expect(results.at(-1).depleted).toBe(true);
    expect(results.slice(0, -1).every((r) => !r.depleted)).toBe(true);
    const again = await c.json(c.post(`/api/poi/${poi.id}/scavenge`, { worldId: 'default' }));
    expect(again).toMatchObject({ items: [], depleted: true, currentSignificance: floor, newSignificance: floor });

    expect(await inventoryTotal(c)).toBe(sumItems(results));
    const inv = (await c.json(c.get('/api/player/inventory?worldId=default'))).items;
    for (const i of inv)
      expect(i).toMatchObject({
        id: expect.any(String),
        itemName: expect.any(String),
        itemType: expect.any(String),
        metadata: { quality: expect.any(Number) },
      });
    await socket.next('poi_updated', (m) => m.poi.id === poi.id && m.poi.currentSignificance === floor);
    if (sumItems(results) > 0) await socket.next('inventory_updated');
    socket.close();

    const region = await c.json(
      c.get(`/api/world/default/chunks?centerChunkX=${poi.chunkX}&centerChunkY=${poi.chunkY}&chunkRadius=0`),
    );
    expect(region.pois.find((p: { id: string }) => p.id === poi.id).currentSignificance).toBe(floor);

    // Recovery: one point per 30 minutes.
    clock += 30 * 60 * 1000;
    const recovered = await c.json(c.post(`/api/poi/${poi.id}/scavenge`, { worldId: 'default' }));
    expect(recovered).toMatchObject({ currentSignificance: floor + 1, newSignificance: floor, depleted: true });
  });

  test('a second forage in the same area is refused (409, already scoured) until the player forages elsewhere', async () => {
    const poi = freshPoi();
    const a = { x: poi.worldX, y: poi.worldY };
    const c = await playerAt(a.x, a.y);
    expect((await c.json(forageAt(c, a))).tilesForaged).toBe(25);
    const again = await forageAt(c, a);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(ACTION_TEXT.alreadyScoured);
    // A few tiles on is still the same area (the cells of api/contract/actions.ts), and still refused.
    const near = walkableSpot(a, 30);
    expect(sameForageArea(tileSpot(a), tileSpot(near))).toBe(true);
    await walk(c, a, near);
    expect((await forageAt(c, near)).status).toBe(409);
    await walk(c, near, a);
    // The reported position is only a sanity check.
    const lying = await forageAt(c, { x: a.x + 5000, y: a.y });
    expect(lying.status).toBe(409);
    expect((await lying.json()).message).toMatch(/out of sync/);
  });

  test('tiles rest 20 minutes: coming back to an area foraged before finds nothing until then', async () => {
    const poi = freshPoi();
    const a = { x: poi.worldX, y: poi.worldY };
    const b = walkableSpot(a, 80);
    expect(sameForageArea(tileSpot(a), tileSpot(b))).toBe(false);
    const c = await playerAt(a.x, a.y);
    expect((await c.json(forageAt(c, a))).tilesForaged).toBe(25);
    await walk(c, a, b);
    expect((await c.json(forageAt(c, b))).tilesForaged).toBe(25);
    await walk(c, b, a);
    clock += FORAGE_RULES.cooldownMs - 1;
    expect(await c.json(forageAt(c, a))).toEqual({ items: [], tilesForaged: 0 });
    await walk(c, a, b);
    expect(await c.json(forageAt(c, b))).toEqual({ items: [], tilesForaged: 0 });
    clock += 1;
    await walk(c, b, a);
    expect((await c.json(forageAt(c, a))).tilesForaged).toBe(25);
  });

  test('50 scavenges of one place in flight at once grant loot exactly once per step and never pass the floor', async () => {
    const poi = freshPoi();
    const c = await playerAt(poi.worldX, poi.worldY);
    const other = await playerAt(poi.worldX + 5, poi.worldY);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? other : c).post(`/api/poi/${poi.id}/scavenge`, { worldId: 'default' })),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const bodies = await Promise.all(responses.map((r) => r.json()));
    const searched = bodies.filter((b) => b.newSignificance < b.currentSignificance);
    // Tools found in the loot land in the pack and do nothing there: nobody wears one, so the floor is 0.
    const final = Math.min(...bodies.map((b) => b.newSignificance));
    expect(final).toBe(0);
    // Every step was taken exactly once: each significance from the start down to the final one, no repeats.
    expect(searched.map((b) => b.currentSignificance).sort((a, b) => b - a)).toEqual(
      Array.from({ length: poi.significance - final }, (_, i) => poi.significance - i),
    );
    const mine = bodies.filter((_, i) => i % 2 === 0);
    const theirs = bodies.filter((_, i) => i % 2 === 1);
    expect(await inventoryTotal(c)).toBe(sumItems(mine));
    expect(await inventoryTotal(other)).toBe(sumItems(theirs));
  });

  test('50 forages in flight at once: one forages the 25 tiles, the rest are refused as the same area', async () => {
    const poi = freshPoi();
    const c = await playerAt(poi.worldX, poi.worldY);
    const responses = await Promise.all(Array.from({ length: 50 }, () => forageAt(c, { x: poi.worldX, y: poi.worldY })));
    expect(responses.map((r) => r.status).sort()).toEqual([200, ...Array(49).fill(409)]);
    const bodies = await Promise.all(responses.map((r) => r.json()));
    const accepted = bodies.filter((b) => 'tilesForaged' in b);
    expect(accepted.map((b) => b.tilesForaged)).toEqual([25]);
    expect(await inventoryTotal(c)).toBe(sumItems(accepted));
  });

  test("the server's picked-clean answer agrees with the shared isPickedClean rule for every significance and worn tool", async () => {
    const outfits: string[][] = [[], [TOOL_ITEMS.crowbar], [TOOL_ITEMS.multitool], [TOOL_ITEMS.crowbar, TOOL_ITEMS.scanner]];
    for (const outfit of outfits) {
      const poi = freshPoi();
      const c = await playerAt(poi.worldX, poi.worldY);
      for (const itemName of outfit) await wear(c, itemName);
      for (let significance = -7; significance <= 2; significance++) {
        // Fix the place's significance (changed now: no recovery) and ask the server to search it.
        await server.database.db
          .insert(poiStates)
          .values({ worldId: 'default', poiId: poi.id, currentSignificance: significance, changedAt: new Date(clock) })
          .onConflictDoUpdate({
            target: [poiStates.worldId, poiStates.poiId],
            set: { currentSignificance: significance, changedAt: new Date(clock) },
          });
        const body = await c.json(c.post(`/api/poi/${poi.id}/scavenge`, { worldId: 'default' }));
        const searched = body.newSignificance < body.currentSignificance;
        expect({ outfit, significance, searched }).toEqual({
          outfit,
          significance,
          searched: !isPickedClean({ currentSignificance: significance }, wornTools(outfit.map((itemName) => ({ itemName })))),
        });
      }
      await server.database.db.delete(poiStates).where(and(eq(poiStates.worldId, 'default'), eq(poiStates.poiId, poi.id)));
    }
  });

  test('a crowbar in the pack does not pry below 0; worn, it does', async () => {
    const poi = freshPoi();
    const c = await playerAt(poi.worldX, poi.worldY);
    await server.database.db
      .insert(inventoryItems)
      .values({ userId: c.id, worldId: 'default', itemName: TOOL_ITEMS.crowbar, quality: 50, quantity: 1 });
    await server.database.db
      .insert(poiStates)
      .values({ worldId: 'default', poiId: poi.id, currentSignificance: 0, changedAt: new Date(clock) });
    const packed = await c.json(c.post(`/api/poi/${poi.id}/scavenge`, { worldId: 'default' }));
    expect(packed).toMatchObject({ items: [], depleted: true, currentSignificance: 0, newSignificance: 0 });
    await wear(c, TOOL_ITEMS.crowbar);
    const pried = await c.json(c.post(`/api/poi/${poi.id}/scavenge`, { worldId: 'default' }));
    expect(pried).toMatchObject({ currentSignificance: 0, newSignificance: -1 });
  });

  test('npc-spawn-check answers no spawn for a player who has drawn none', async () => {
    const c = await playerAt(0, 0);
    expect(await c.json(c.get('/api/player/npc-spawn-check?worldId=default'))).toEqual({ shouldSpawn: false, settlements: [] });
  });
});
