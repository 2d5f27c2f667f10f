/**
 * What settlement costs are paid from, on both databases: a building and a reinforcement take the pack's units first,
 * then the settlement storage's (the lowest quality first, as the bench), in the transaction that builds; every unit
 * a rule takes is in the ledger, so pack + storage + ledger is what was handed out; a Reinforcement Kit in the pack
 * or storage reinforces; concurrent builds with materials for one build once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { and, eq, isNull } from 'drizzle-orm';
import { loadCoreForBun } from '../../../core-wasm/index.ts';
import { storageLedger } from '../../../db/schema/index.ts';
import {
  CONTAINER_BASE_COST,
  CONTAINER_CAPACITY_STEP,
  containerCapacity,
  REINFORCE_COST,
  SHELTER_COST,
} from '../../game/settlements.ts';
import { backends } from '../../testing/databases.ts';
import { RaidSetup } from '../../testing/raids.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { openSpots, type Player, SettlementFixture } from '../../testing/settlements.ts';

const SEED = 4242;
const W = 'default';

describe.each(backends())('settlement costs on %s', (backend) => {
  let server: TestServer;
  let f: SettlementFixture;

  beforeAll(async () => {
    server = await startTestServer(backend, { worldSeed: SEED, seatTimeoutMs: 24 * 3600_000, maxPlayers: 100 });
    f = new SettlementFixture(server, openSpots(await loadCoreForBun(), SEED));
  }, 60_000);
  afterAll(() => server.stop());

  /** The pack as item|quality → units. */
  async function pack(c: Player): Promise<Map<string, number>> {
    const inv = (await c.json(c.get(`/api/player/inventory?worldId=${W}`))).items as {
      itemName: string;
      quantity: number;
      metadata: { quality: number };
    }[];
    return new Map(inv.map((i) => [`${i.itemName}|${i.metadata.quality}`, i.quantity]));
  }

  /** A founder with a materials container (paid from the pack), whose storage then holds `stored` (deposited over HTTP). */
  async function withStorage(stored: [string, number, number][]) {
    const { c, settlement } = await f.founded(CONTAINER_BASE_COST.materials);
    expect((await f.build(c, settlement.id, 'container', 'materials', 'Crate')).status).toBe(200);
    for (const [name, quality, n] of stored) await f.give(c, name, n, quality);
    expect((await c.post(`/api/settlements/${settlement.id}/auto-deposit-items`, { worldId: W })).status).toBe(200);
    expect(await pack(c)).toEqual(new Map());
    return { c, settlement, setup: new RaidSetup(server.database.db, Number(settlement.id)) };
  }

  test('after Deposit all a build pays from the pack, then storage, lowest quality first; each unit is in the ledger', async () => {
    const { c, settlement, setup } = await withStorage([
      ['Wood Planks', 80, 10],
      ['Wood Planks', 20, 8],
      ['Cloth Scraps', 50, 3],
    ]);
    await f.give(c, 'Wood Planks', 1, 90);
    const cost = CONTAINER_BASE_COST.misc;
    expect(cost).toEqual({ 'Wood Planks': 2, 'Cloth Scraps': 2 });
    const res = await f.build(c, settlement.id, 'container', 'misc', 'Misc Storage');
    expect(res.status).toBe(200);
    expect((await res.json()).cost).toEqual(cost);
    // The pack's plank first, then two of storage's worst; storage's cloth.
    expect(await pack(c)).toEqual(new Map());
    expect(await setup.stored()).toEqual(
      new Map([
        ['Wood Planks|80', 10],
        ['Wood Planks|20', 7],
        ['Cloth Scraps|50', 1],
      ]),
    );
    const lines = (await setup.ledgerLines('build')).map(({ source, userId, itemName, quality, quantity, worldId }) => ({
      source,
      userId,
      itemName,
      quality,
      quantity,
      worldId,
    }));
    // The first crate's cost (all from the pack, quality 50) and then this one's.
    expect(lines).toEqual([
      { source: 'pack', userId: c.id, itemName: 'Wood Planks', quality: 50, quantity: 3, worldId: W },
      { source: 'pack', userId: c.id, itemName: 'Steel Pipes', quality: 50, quantity: 2, worldId: W },
      { source: 'pack', userId: c.id, itemName: 'Wood Planks', quality: 90, quantity: 1, worldId: W },
      { source: 'storage', userId: null, itemName: 'Wood Planks', quality: 20, quantity: 1, worldId: W },
      { source: 'storage', userId: null, itemName: 'Cloth Scraps', quality: 50, quantity: 2, worldId: W },
    ]);
    // The shelter, paid before there was a settlement, is in the ledger under its builder.
    const shelter = await server.database.db
      .select({ itemName: storageLedger.itemName, quantity: storageLedger.quantity })
      .from(storageLedger)
      .where(and(eq(storageLedger.userId, c.id), eq(storageLedger.reason, 'shelter'), isNull(storageLedger.settlementId)));
    expect(Object.fromEntries(shelter.map((l) => [l.itemName, Number(l.quantity)]))).toEqual(SHELTER_COST);
  });

  test('short in pack and storage together: 409 naming what both lack, nothing spent', async () => {
    const { c, settlement, setup } = await withStorage([['Cloth Scraps', 20, 1]]);
    await f.give(c, 'Wood Planks', 1, 90);
    const res = await f.build(c, settlement.id, 'container', 'misc', 'Misc Storage');
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe('Insufficient materials! Missing 1 Wood Planks, 1 Cloth Scraps.');
    expect(await pack(c)).toEqual(new Map([['Wood Planks|90', 1]]));
    expect(await setup.stored()).toEqual(new Map([['Cloth Scraps|20', 1]]));
    expect((await setup.ledgerLines('build')).length).toBe(2);
  });

  test('a Reinforcement Kit in the pack reinforces (one level, +50 units); raw materials then come from pack and storage', async () => {
    const { c, settlement, setup } = await withStorage([['Scrap Metal', 30, 5]]);
    const crate = ((await c.json(c.get(`/api/settlements/${settlement.id}/buildings`))).buildings as { id: string }[])[0]!;
    await f.give(c, 'Reinforcement Kit', 1, 70);
    await f.give(c, 'Cloth Scraps', 3, 40);
    const kit = await c.json(c.post(`/api/buildings/${crate.id}/upgrade`, { worldId: W }));
    expect(kit).toMatchObject({ cost: { 'Reinforcement Kit': 1 }, building: { level: 1 } });
    expect(containerCapacity(1) - containerCapacity(0)).toBe(CONTAINER_CAPACITY_STEP);
    expect(await pack(c)).toEqual(new Map([['Cloth Scraps|40', 3]]));
    // No kit left: 5 Scrap Metal from storage, 3 Cloth Scraps from the pack.
    const raw = await c.json(c.post(`/api/buildings/${crate.id}/upgrade`, { worldId: W }));
    expect(raw).toMatchObject({ cost: REINFORCE_COST, building: { level: 2 } });
    expect(await pack(c)).toEqual(new Map());
    expect(await setup.stored()).toEqual(new Map());
    expect(await setup.ledger('reinforce', 'pack')).toEqual(
      new Map([
        ['Reinforcement Kit|70', 1],
        ['Cloth Scraps|40', 3],
      ]),
    );
    expect(await setup.ledger('reinforce', 'storage')).toEqual(new Map([['Scrap Metal|30', 5]]));
  });

  test('concurrent builds with materials for one, split between pack and storage, build exactly once', async () => {
    const cost = CONTAINER_BASE_COST.misc;
    const { c, settlement, setup } = await withStorage([['Wood Planks', 20, cost['Wood Planks']!]]);
    await f.give(c, 'Cloth Scraps', cost['Cloth Scraps']!, 60);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => f.build(c, settlement.id, 'container', 'misc', `Misc ${i}`)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const list = (await c.json(c.get(`/api/settlements/${settlement.id}/buildings`))).buildings as unknown[];
    expect(list).toHaveLength(2);
    expect(await pack(c)).toEqual(new Map());
    expect(await setup.stored()).toEqual(new Map());
    expect(await setup.ledger('build', 'storage')).toEqual(new Map([['Wood Planks|20', cost['Wood Planks']!]]));
  });
});
