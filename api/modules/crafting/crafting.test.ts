/**
 * Crafting at a settlement over real HTTP, on both databases: what a craft takes (pack first, then
 * storage, the lowest quality first), the quality it makes, refusals that take nothing, 20 crafts racing for the
 * materials of one, cancel refunds to where each unit came from, Reinforcement Kits. Delivery by the simulation is
 * crafting-delivery.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { loadCoreForBun } from '../../../core-wasm/index.ts';
import { bedAssignments, buildings, craftJobs, inventoryItems, storageItems } from '../../../db/schema/index.ts';
import type { CraftQueueView } from '../../contract/crafting.ts';
import { craftInputs, craftQuality, RECIPES, recipeById } from '../../game/crafting.ts';
import { BED_BASE_COST, CONTAINER_BASE_COST, REINFORCE_COST, SETTLEMENT_REACH, scaledCost } from '../../game/settlements.ts';
import { TestClient } from '../../testing/client.ts';
import { backends } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { openSpots, type Player, SettlementFixture } from '../../testing/settlements.ts';

const SEED = 2727;
const W = 'default';
const radio = recipeById('portable-radio')!;

describe.each(backends())('crafting at a settlement on %s', (backend) => {
  let server: TestServer;
  let f: SettlementFixture;
  const db = () => server.database.db;

  beforeAll(async () => {
    const core = await loadCoreForBun();
    server = await startTestServer(backend, { worldSeed: SEED, seatTimeoutMs: 24 * 3600_000, maxPlayers: 100 });
    f = new SettlementFixture(server, openSpots(core, SEED));
  });
  afterAll(() => server.stop());

  /** Stacks as [name, quality, quantity], sorted: the pack's, a settlement's storage's, and what its queue holds. */
  const pack = async (c: Player) =>
    (await db().select().from(inventoryItems).where(eq(inventoryItems.userId, c.id)))
      .map((r) => [r.itemName, r.quality, r.quantity] as const)
      .sort();
  const stored = async (settlementId: string) =>
    (
      await db()
        .select({ itemName: storageItems.itemName, quality: storageItems.quality, quantity: storageItems.quantity })
        .from(storageItems)
        .innerJoin(buildings, eq(buildings.id, storageItems.buildingId))
        .where(eq(buildings.settlementId, Number(settlementId)))
    )
      .map((r) => [r.itemName, r.quality, r.quantity] as const)
      .sort();
  /** Units of each item in the pack, storage and the queue's reservations together. */
  async function totals(c: Player, settlementId: string): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    const add = (name: string, n: number) => {
      out[name] = (out[name] ?? 0) + n;
    };
    for (const [name, , n] of await pack(c)) add(name, n);
    for (const [name, , n] of await stored(settlementId)) add(name, n);
    for (const j of await db()
      .select()
      .from(craftJobs)
      .where(eq(craftJobs.settlementId, Number(settlementId)))) {
      for (const i of j.inputs) add(i.itemName, i.quantity);
    }
    return out;
  }

  /** A founder with a materials container holding `inStorage` (deposited over HTTP) and `inPack` left in the pack. */
  async function bench(inStorage: Record<string, number>, inPack: Record<string, number>, quality = 50) {
    const founded = await f.founded(CONTAINER_BASE_COST.materials);
    const { c, settlement } = founded;
    await f.giveAll(c, CONTAINER_BASE_COST.misc);
    expect((await f.build(c, settlement.id, 'container', 'materials')).status).toBe(200);
    expect((await f.build(c, settlement.id, 'container', 'misc')).status).toBe(200);
    for (const [name, n] of Object.entries(inStorage)) await f.give(c, name, n, quality);
    const dep = await c.post(`/api/settlements/${settlement.id}/auto-deposit-items`, { worldId: W });
    expect(dep.status).toBe(200);
    for (const [name, n] of Object.entries(inPack)) await f.give(c, name, n, quality);
    return founded;
  }

  test('the recipe book is public and is the rules module’s', async () => {
    const res = await new TestClient(server.url).get('/api/crafting/recipes');
    expect(res.status).toBe(200);
    const book = (await res.json()) as { recipes: unknown[] };
    expect(book.recipes).toEqual(RECIPES.map((r) => ({ ...r })));
  });

  test('a craft takes exactly its inputs, the pack first then storage, lowest quality first; the quality is their mean', async () => {
    const { c, settlement } = await bench({ 'Scrap Metal': 3, 'Electronic Parts': 1 }, {});
    await f.give(c, 'Batteries', 2, 30);
    await f.give(c, 'Batteries', 2, 90);
    await f.give(c, 'Rope', 2, 70);
    await f.give(c, 'Scrap Metal', 1, 20);
    const before = await totals(c, settlement.id);
    const res = await c.post(`/api/settlements/${settlement.id}/craft`, { recipeId: radio.id, quantity: 1 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ job: { recipeId: radio.id, quantity: 1 }, message: 'Crafting 1 Portable Radio' });
    expect(Date.parse(body.job.readyAt)).toBeGreaterThan(Date.now());
    // Pack: both batteries of quality 30 and one of 90, the ropes, the one scrap; storage: the parts and two more scrap.
    expect(await pack(c)).toEqual([['Batteries', 90, 1]]);
    expect(await stored(settlement.id)).toEqual([['Scrap Metal', 50, 1]]);
    expect(await totals(c, settlement.id)).toEqual(before);
    const [job] = await db()
      .select()
      .from(craftJobs)
      .where(eq(craftJobs.settlementId, Number(settlement.id)));
    const expected = craftQuality(
      [
        { quality: 50, quantity: 1 },
        { quality: 30, quantity: 2 },
        { quality: 90, quantity: 1 },
        { quality: 20, quantity: 1 },
        { quality: 50, quantity: 2 },
        { quality: 70, quantity: 2 },
      ],
      false,
    );
    expect(job!.quality).toBe(expected);
    const queue = (await c.json(c.get(`/api/settlements/${settlement.id}/craft-queue`))) as CraftQueueView;
    expect(queue.jobs).toEqual([
      expect.objectContaining({
        id: body.job.id,
        output: { itemName: 'Portable Radio', quantity: 1, quality: expected },
        readyAt: body.job.readyAt,
        crafterName: c.username,
      }),
    ]);
  });

  test('short of anything: 409 with what is missing, counting pack and storage, and nothing is taken', async () => {
    const { c, settlement } = await bench({ 'Scrap Metal': 2 }, { Batteries: 2, Rope: 1 });
    const before = [await pack(c), await stored(settlement.id)];
    const res = await c.post(`/api/settlements/${settlement.id}/craft`, { recipeId: radio.id, quantity: 2 });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      'Insufficient materials! Missing 2 Electronic Parts, 4 Batteries, 4 Scrap Metal, 3 Rope.',
    );
    expect([await pack(c), await stored(settlement.id)]).toEqual(before);
    expect(
      await db()
        .select()
        .from(craftJobs)
        .where(eq(craftJobs.settlementId, Number(settlement.id))),
    ).toEqual([]);
  });

  test('bad input is a 400; an unknown recipe or job 404; someone else, or standing far away, 403', async () => {
    const { c, settlement } = await bench({}, { 'Cloth Scraps': 4 });
    const url = `/api/settlements/${settlement.id}/craft`;
    for (const body of [
      { recipeId: 'bandages', quantity: 0 },
      { recipeId: 'bandages', quantity: 11 },
      { recipeId: '', quantity: 1 },
      {},
    ]) {
      expect((await c.post(url, body)).status).toBe(400);
    }
    const unknown = await c.post(url, { recipeId: 'perpetual-motion', quantity: 1 });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe('Unknown recipe: perpetual-motion');
    expect((await c.delete(`/api/settlements/${settlement.id}/craft-queue/999999`)).status).toBe(404);
    expect((await c.post('/api/settlements/99999999/craft', { recipeId: 'bandages', quantity: 1 })).status).toBe(404);

    const stranger = await f.playerAt({ x: settlement.x + 5, y: settlement.y });
    await f.give(stranger, 'Cloth Scraps', 4);
    expect((await stranger.post(url, { recipeId: 'bandages', quantity: 1 })).status).toBe(403);
    expect((await stranger.get(`/api/settlements/${settlement.id}/craft-queue`)).status).toBe(403);

    // A member with a bed there who stands too far away.
    const member = await f.playerAt({ x: settlement.x + SETTLEMENT_REACH + 60, y: settlement.y });
    // In the world before the bed is theirs (a bed holder entering the world would wake up at the bed).
    expect((await member.json(member.get('/api/player/current'))).x).toBe(settlement.x + SETTLEMENT_REACH + 60);
    await f.giveAll(c, BED_BASE_COST);
    await f.giveAll(c, scaledCost(BED_BASE_COST, 1));
    expect((await f.build(c, settlement.id, 'bed', null, 'Mine')).status).toBe(200);
    const bed = (await c.json(f.build(c, settlement.id, 'bed', null, 'Theirs'))).building;
    await db()
      .insert(bedAssignments)
      .values({ bedId: Number(bed.id), settlementId: Number(settlement.id), worldId: W, userId: member.id });
    await f.give(member, 'Cloth Scraps', 2);
    const far = await member.post(url, { recipeId: 'bandages', quantity: 1 });
    expect(far.status).toBe(403);
    expect((await far.json()).message).toMatch(/^Walk to /);
    expect((await member.get(`/api/settlements/${settlement.id}/craft-queue`)).status).toBe(200);
    expect(await pack(member)).toEqual([['Cloth Scraps', 50, 2]]);
  });

  test('20 crafts in flight with the materials for one: exactly one is queued, and every unit is accounted for', async () => {
    const { c, settlement } = await bench(
      { 'Scrap Metal': 1 },
      { 'Electronic Parts': 1, Batteries: 3, 'Scrap Metal': 2, Rope: 2 },
    );
    const before = await totals(c, settlement.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => c.post(`/api/settlements/${settlement.id}/craft`, { recipeId: radio.id, quantity: 1 })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    expect(await totals(c, settlement.id)).toEqual(before);
    expect(
      await db()
        .select()
        .from(craftJobs)
        .where(eq(craftJobs.settlementId, Number(settlement.id))),
    ).toHaveLength(1);
  });

  test('a cancel puts every unit back where it came from, and the next job takes the bench', async () => {
    const { c, settlement } = await bench({ 'Cloth Scraps': 3 }, {});
    await f.give(c, 'Cloth Scraps', 1, 10);
    await f.give(c, 'Rope', 5, 60);
    const before = { pack: await pack(c), storage: await stored(settlement.id) };
    const first = await c.json(c.post(`/api/settlements/${settlement.id}/craft`, { recipeId: 'bandages', quantity: 2 }));
    // A kit needs scrap and planks, which are not there: refused, so only the bandages wait.
    const second = await c.post(`/api/settlements/${settlement.id}/craft`, { recipeId: 'reinforcement-kit', quantity: 1 });
    expect(second.status).toBe(409);
    const queue = (await c.json(c.get(`/api/settlements/${settlement.id}/craft-queue`))) as CraftQueueView;
    expect(queue.jobs.map((j) => j.recipeId)).toEqual(['bandages']);
    expect(queue.jobs[0]!.startedAt).not.toBeNull();

    const cancel = await c.delete(`/api/settlements/${settlement.id}/craft-queue/${first.job.id}`);
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toEqual({
      message: 'Cancelled Bandages: every input went back where it came from',
      refunded: { toPack: 1, toStorage: 3 },
    });
    expect({ pack: await pack(c), storage: await stored(settlement.id) }).toEqual(before);
    expect((await c.delete(`/api/settlements/${settlement.id}/craft-queue/${first.job.id}`)).status).toBe(404);
  });

  test('cancelling the job on the bench starts the next one; jobs wait in order', async () => {
    const { c, settlement } = await bench({}, { 'Cloth Scraps': 12 });
    const a = await c.json(c.post(`/api/settlements/${settlement.id}/craft`, { recipeId: 'bandages', quantity: 2 }));
    const b = await c.json(c.post(`/api/settlements/${settlement.id}/craft`, { recipeId: 'rope', quantity: 2 }));
    expect(Date.parse(b.job.readyAt)).toBeGreaterThan(Date.parse(a.job.readyAt));
    let queue = (await c.json(c.get(`/api/settlements/${settlement.id}/craft-queue`))) as CraftQueueView;
    expect(queue.jobs.map((j) => [j.id, j.startedAt !== null])).toEqual([
      [a.job.id, true],
      [b.job.id, false],
    ]);
    expect((await c.delete(`/api/settlements/${settlement.id}/craft-queue/${a.job.id}`)).status).toBe(200);
    queue = (await c.json(c.get(`/api/settlements/${settlement.id}/craft-queue`))) as CraftQueueView;
    expect(queue.jobs.map((j) => [j.id, j.startedAt !== null])).toEqual([[b.job.id, true]]);
    const [job] = await db()
      .select()
      .from(craftJobs)
      .where(eq(craftJobs.id, Number(b.job.id)));
    expect(job!.readyAt).not.toBeNull();
  });

  test('a Reinforcement Kit in storage reinforces a container instead of its materials', async () => {
    const { c, settlement } = await bench({}, {});
    await f.give(c, 'Reinforcement Kit', 1, 60);
    expect((await c.post(`/api/settlements/${settlement.id}/auto-deposit-items`, { worldId: W })).status).toBe(200);
    await f.giveAll(c, REINFORCE_COST);
    const list = (await c.json(c.get(`/api/settlements/${settlement.id}/buildings`))).buildings as {
      id: string;
      subtype: string;
    }[];
    const target = list.find((b) => b.subtype === 'misc')!;
    const res = await c.json(c.post(`/api/buildings/${target.id}/upgrade`, { worldId: W }));
    expect(res).toMatchObject({ cost: { 'Reinforcement Kit': 1 }, building: { level: 1 } });
    expect(await stored(settlement.id)).toEqual([]);
    expect(await pack(c)).toEqual(
      Object.entries(REINFORCE_COST)
        .map(([name, n]) => [name, 50, n] as const)
        .sort(),
    );
    const plain = await c.json(c.post(`/api/buildings/${target.id}/upgrade`, { worldId: W }));
    expect(plain.cost).toEqual(REINFORCE_COST);
    expect(await pack(c)).toEqual([]);
  });

  test('each recipe’s inputs, times its quantity, are what the 409 names when the pack is empty', async () => {
    const { c, settlement } = await bench({}, {});
    const r = recipeById('night-vision-goggles')!;
    const res = await c.post(`/api/settlements/${settlement.id}/craft`, { recipeId: r.id, quantity: 3 });
    const missing = Object.entries(craftInputs(r, 3))
      .map(([name, n]) => `${n} ${name}`)
      .join(', ');
    expect((await res.json()).message).toBe(`Insufficient materials! Missing ${missing}.`);
  });
});
