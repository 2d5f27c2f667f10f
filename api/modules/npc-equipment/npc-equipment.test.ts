import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { loadCoreForBun } from '../../../core-wasm/index.ts';
import { eq } from 'drizzle-orm';
import { bedAssignments, npcEquipment, npcs, playerEquipment, storageItems } from '../../../db/schema/index.ts';
import { NPC_BATCH_MAX, NPC_EQUIPMENT_TEXT } from '../../game/npc-equipment.ts';
import { BED_BASE_COST, CONTAINER_BASE_COST, SETTLEMENT_REACH, scaledCost } from '../../game/settlements.ts';
import { backends } from '../../testing/databases.ts';
import { TestSocket } from '../../testing/live.ts';
import { NO_WRITE_LIMITS, startTestServer, type TestServer } from '../../testing/server.ts';
import { openSpots, type Player, SettlementFixture } from '../../testing/settlements.ts';

const SEED = 4343;
const W = 'default';

interface Worn {
  id: string;
  itemName: string;
  slot: string;
  quality: number;
}

describe.each(backends())('NPC equipment on %s', (backend) => {
  let server: TestServer;
  let f: SettlementFixture;
  let seq = 0;

  beforeAll(async () => {
    // A race below sends 20 and then 24 writes from one player at once: past the central write limit on purpose.
    server = await startTestServer(backend, { worldSeed: SEED, seatTimeoutMs: 24 * 3600_000, ...NO_WRITE_LIMITS });
    f = new SettlementFixture(server, openSpots(await loadCoreForBun(), SEED));
  });
  afterAll(() => server.stop());

  const message = async (res: Response) => ((await res.json()) as { message: string }).message;
  const inventoryCount = async (c: Player, name: string) =>
    ((await c.json(c.get('/api/player/inventory?worldId=default'))).items as { itemName: string; quantity: number }[])
      .filter((i) => i.itemName === name)
      .reduce((s, i) => s + i.quantity, 0);
  const storageRows = async (c: Player, settlementId: string) =>
    (
      (await c.json(c.get(`/api/settlements/${settlementId}/storage`))).storage as {
        items: { id: string; itemName: string; quantity: number; metadata: { quality: number } }[];
      }[]
    ).flatMap((e) => e.items);
  const stored = async (c: Player, settlementId: string, name: string) =>
    (await storageRows(c, settlementId)).filter((i) => i.itemName === name).reduce((s, i) => s + i.quantity, 0);
  const rowOf = async (c: Player, settlementId: string, name: string, quality?: number) =>
    (await storageRows(c, settlementId)).find(
      (i) => i.itemName === name && (quality === undefined || i.metadata.quality === quality),
    )!.id;
  const gearOf = async (c: Player, npcId: number) => (await c.json(c.get(`/api/npcs/${npcId}/equipment`))).equipment as Worn[];
  const path = (npcId: number, action: string) => `/api/npcs/${npcId}/equipment/${action}`;

  /**
   * A founder standing at their settlement with an items container ('Gear'), their own bed and a second bed with an
   * NPC in it (inserted directly, as recruitment would leave it).
   */
  const withNpc = async () => {
    const kit: Record<string, number> = { ...CONTAINER_BASE_COST.items };
    for (const [name, n] of Object.entries(BED_BASE_COST)) kit[name] = (kit[name] ?? 0) + n;
    const founded = await f.founded(kit);
    const { c, settlement } = founded;
    expect((await f.build(c, settlement.id, 'container', 'items', 'Gear')).status).toBe(200);
    expect((await f.build(c, settlement.id, 'bed', null, 'Mine')).status).toBe(200);
    await f.giveAll(c, scaledCost(BED_BASE_COST, 1));
    const bed = (await c.json(f.build(c, settlement.id, 'bed', null, 'Theirs'))).building as { id: string };
    const npcId = await addNpc(Number(settlement.id), Number(bed.id), settlement);
    const gear = (await c.json(c.get(`/api/settlements/${settlement.id}/buildings`))).buildings.find(
      (b: { subtype: string | null }) => b.subtype === 'items',
    ) as { id: string };
    return { ...founded, npcId, gearId: Number(gear.id), bedId: Number(bed.id) };
  };
  const addNpc = async (settlementId: number, bedId: number, at: { x: number; y: number }) => {
    const [npc] = await server.database.db
      .insert(npcs)
      .values({
        worldId: W,
        settlementId,
        bedId,
        name: `Ada${++seq}`,
        description: 'A test survivor',
        x: at.x,
        y: at.y,
        seed: seq,
      })
      .returning({ id: npcs.id });
    await server.database.db.insert(bedAssignments).values({ bedId, worldId: W, settlementId, npcId: npc!.id, userId: null });
    return npc!.id;
  };
  const stock = (buildingId: number, items: [string, number, number][]) =>
    server.database.db
      .insert(storageItems)
      .values(items.map(([itemName, quality, quantity]) => ({ buildingId, itemName, quality, quantity })));

  test('GET lists what the NPC wears to members only; unknown NPCs 404; bad ids 400', async () => {
    const { c, npcId, settlement, gearId } = await withNpc();
    expect(await c.json(c.get(`/api/npcs/${npcId}/equipment`))).toEqual({ equipment: [] });
    await stock(gearId, [['Crowbar', 70, 1]]);
    await c.json(c.post(path(npcId, 'equip-all'), { settlementId: settlement.id }));
    expect(await gearOf(c, npcId)).toEqual([{ id: expect.any(String), itemName: 'Crowbar', slot: 'tool', quality: 70 }]);

    const stranger = await f.playerAt(f.spot());
    const refused = await stranger.get(`/api/npcs/${npcId}/equipment`);
    expect(refused.status).toBe(403);
    expect(await message(refused)).toMatch(/do not manage/);
    const unknown = await c.get('/api/npcs/2147483647/equipment');
    expect(unknown.status).toBe(404);
    expect(await message(unknown)).toBe(NPC_EQUIPMENT_TEXT.npcNotFound);
    for (const id of ['0', 'abc', '-1', '99999999999']) expect((await c.get(`/api/npcs/${id}/equipment`)).status).toBe(400);
  });

  test('refusals: bad bodies 400, strangers 403, another settlement 400 / an unknown one 404, a member away 403; nothing moves', async () => {
    const { c, npcId, settlement, gearId, at } = await withNpc();
    await stock(gearId, [['Binoculars', 60, 1]]);
    const binoculars = await rowOf(c, settlement.id, 'Binoculars');
    const valid = { itemId: binoculars, slot: 'vision', settlementId: settlement.id };
    for (const body of [
      {},
      { ...valid, slot: 'head' },
      { ...valid, slot: 'scanner' },
      { ...valid, itemId: 5 },
      { ...valid, settlementId: '0' },
      { itemId: binoculars, slot: 'vision' },
    ]) {
      expect((await c.post(path(npcId, 'equip'), body)).status).toBe(400);
    }
    expect((await c.post(path(npcId, 'unequip'), { settlementId: settlement.id })).status).toBe(400);
    expect((await c.post(path(npcId, 'equip-all'), {})).status).toBe(400);
    expect((await c.post(path(npcId, 'unequip-all'), { settlementId: 'x' })).status).toBe(400);
    expect((await c.post(path(2147483647, 'equip'), valid)).status).toBe(404);

    // A stranger at the door, even naming their own settlement.
    const other = await withNpc();
    for (const body of [valid, { ...valid, settlementId: other.settlement.id }]) {
      const res = await other.c.post(path(npcId, 'equip'), body);
      expect(res.status).toBe(403);
      expect(await message(res)).toMatch(/do not manage/);
    }
    expect((await other.c.post(path(npcId, 'unequip-all'), { settlementId: settlement.id })).status).toBe(403);

    // The NPC's own member naming the wrong settlement.
    const wrong = await c.post(path(npcId, 'equip'), { ...valid, settlementId: other.settlement.id });
    expect(wrong.status).toBe(400);
    expect(await message(wrong)).toMatch(/lives in/);
    const nowhere = await c.post(path(npcId, 'equip-all'), { settlementId: '2147483647' });
    expect(nowhere.status).toBe(404);
    // An NPC of another settlement with this settlement's id.
    expect((await c.post(path(other.npcId, 'equip-all'), { settlementId: settlement.id })).status).toBe(403);

    // A member who holds a bed there but stands too far away.
    const far = await f.playerAt({ x: at.x + SETTLEMENT_REACH + 60, y: at.y });
    expect((await far.json(far.get('/api/player/current'))).x).toBe(at.x + SETTLEMENT_REACH + 60);
    await f.giveAll(c, scaledCost(BED_BASE_COST, 2));
    const bed = (await c.json(f.build(c, settlement.id, 'bed', null, 'Spare'))).building;
    await server.database.db
      .insert(bedAssignments)
      .values({ bedId: Number(bed.id), settlementId: Number(settlement.id), worldId: W, userId: far.id });
    expect(await gearOf(far, npcId)).toEqual([]);
    for (const res of [
      await far.post(path(npcId, 'equip'), valid),
      await far.post(path(npcId, 'unequip'), { slot: 'vision', settlementId: settlement.id }),
      await far.post(path(npcId, 'equip-all'), { settlementId: settlement.id }),
      await far.post(path(npcId, 'unequip-all'), { settlementId: settlement.id }),
    ]) {
      expect(res.status).toBe(403);
      expect(await message(res)).toBe(`Walk to ${settlement.name} first (within ${SETTLEMENT_REACH} units of its centre)`);
    }
    expect(await stored(c, settlement.id, 'Binoculars')).toBe(1);
    expect(await gearOf(c, npcId)).toEqual([]);
  });

  test('equip from storage by row id: the catalogue decides the slot, one per slot, the old item back to storage; unequip', async () => {
    const { c, npcId, settlement, gearId } = await withNpc();
    await stock(gearId, [
      ['Binoculars', 60, 1],
      ['Night Vision Goggles', 80, 1],
      ['Canned Beans', 30, 2],
    ]);
    const other = await withNpc();
    await stock(other.gearId, [['Scanner', 90, 1]]);
    const ws = TestSocket.open(server.url, c);
    await ws.next('connected');

    const beans = await c.post(path(npcId, 'equip'), {
      itemId: await rowOf(c, settlement.id, 'Canned Beans'),
      slot: 'other',
      settlementId: settlement.id,
    });
    expect(beans.status).toBe(400);
    expect(await message(beans)).toBe('Canned Beans cannot be equipped');
    const wrongSlot = await c.post(path(npcId, 'equip'), {
      itemId: await rowOf(c, settlement.id, 'Binoculars'),
      slot: 'tool',
      settlementId: settlement.id,
    });
    expect(wrongSlot.status).toBe(400);
    expect(await message(wrongSlot)).toBe('Binoculars goes in the vision slot, not tool');
    // Another settlement's storage row is not in this settlement's storage.
    const foreign = await c.post(path(npcId, 'equip'), {
      itemId: await rowOf(other.c, other.settlement.id, 'Scanner'),
      slot: 'device',
      settlementId: settlement.id,
    });
    expect(foreign.status).toBe(404);
    expect(await message(foreign)).toBe(`That item is not in ${settlement.name}'s storage`);
    expect(await stored(other.c, other.settlement.id, 'Scanner')).toBe(1);

    const ok = await c.json(
      c.post(path(npcId, 'equip'), {
        itemId: await rowOf(c, settlement.id, 'Binoculars'),
        slot: 'vision',
        settlementId: settlement.id,
      }),
    );
    expect(ok).toEqual({
      message: expect.stringMatching(/^Equipped Binoculars on Ada\d+$/),
      equipment: [{ id: expect.any(String), itemName: 'Binoculars', slot: 'vision', quality: 60 }],
    });
    await ws.next('settlement_updated', (m) => m.settlement.id === settlement.id);
    expect(await stored(c, settlement.id, 'Binoculars')).toBe(0);

    const swap = await c.json(
      c.post(path(npcId, 'equip'), {
        itemId: await rowOf(c, settlement.id, 'Night Vision Goggles'),
        slot: 'vision',
        settlementId: settlement.id,
      }),
    );
    expect(swap.message).toMatch(new RegExp(`; Binoculars went into ${settlement.name}'s storage$`));
    expect(swap.equipment.map((w: Worn) => w.itemName)).toEqual(['Night Vision Goggles']);
    expect(await stored(c, settlement.id, 'Binoculars')).toBe(1);
    expect(await stored(c, settlement.id, 'Night Vision Goggles')).toBe(0);

    const off = await c.json(c.post(path(npcId, 'unequip'), { slot: 'vision', settlementId: settlement.id }));
    expect(off.message).toMatch(new RegExp(`^Unequipped Night Vision Goggles from Ada\\d+: into ${settlement.name}'s storage$`));
    expect(off.equipment).toEqual([]);
    expect(await stored(c, settlement.id, 'Night Vision Goggles')).toBe(1);
    const empty = await c.post(path(npcId, 'unequip'), { slot: 'vision', settlementId: settlement.id });
    expect(empty.status).toBe(404);
    expect(await message(empty)).toMatch(/has nothing in the vision slot/);
    ws.close();
  });

  test('equip-all fills empty slots with the best per slot; unequip-all stores it, the member’s pack takes what does not fit', async () => {
    const { c, npcId, settlement, gearId } = await withNpc();
    await stock(gearId, [
      ['Crowbar', 90, 1],
      ['Multitool', 60, 1],
      ['Binoculars', 40, 1],
      ['Binoculars', 80, 2],
      ['Portable Radio', 50, 1],
      ['Scanner', 77, 1],
    ]);
    await c.json(
      c.post(path(npcId, 'equip'), {
        itemId: await rowOf(c, settlement.id, 'Scanner'),
        slot: 'device',
        settlementId: settlement.id,
      }),
    );
    const all = await c.json(c.post(path(npcId, 'equip-all'), { settlementId: settlement.id }));
    expect(all.message).toMatch(new RegExp(`^Equipped Binoculars, Portable Radio, Crowbar on Ada\\d+ from ${settlement.name}$`));
    expect(all.equipment.map((w: Worn) => [w.slot, w.itemName, w.quality])).toEqual([
      ['vision', 'Binoculars', 80],
      ['communication', 'Portable Radio', 50],
      ['tool', 'Crowbar', 90],
      ['device', 'Scanner', 77],
    ]);
    const again = await c.json(c.post(path(npcId, 'equip-all'), { settlementId: settlement.id }));
    expect(again.message).toMatch(/^Nothing in .* fits Ada\d+'s empty slots$/);

    // Fill the container to one unit short of its 100: one item fits, three go to the member's pack.
    const used = (await storageRows(c, settlement.id)).reduce((s, i) => s + i.quantity, 0);
    await stock(gearId, [['Batteries', 10, 99 - used]]);
    const ws = TestSocket.open(server.url, c);
    await ws.next('connected');
    const off = await c.json(c.post(path(npcId, 'unequip-all'), { settlementId: settlement.id }));
    expect(off.message).toBe(
      `Unequipped 4 items: 1 into ${settlement.name}'s storage, 3 into your pack (no room for them in storage) (from ${off.message.match(/Ada\d+/)[0]})`,
    );
    expect(off.equipment).toEqual([]);
    await ws.next('inventory_updated');
    await ws.next('settlement_updated', (m) => m.settlement.id === settlement.id);
    expect(await stored(c, settlement.id, 'Binoculars')).toBe(1 + 2);
    expect(
      (await inventoryCount(c, 'Portable Radio')) + (await inventoryCount(c, 'Crowbar')) + (await inventoryCount(c, 'Scanner')),
    ).toBe(3);
    const none = await c.json(c.post(path(npcId, 'unequip-all'), { settlementId: settlement.id }));
    expect(none.message).toMatch(/^Ada\d+ has nothing equipped$/);
    ws.close();
  });

  test("equip-all picks per slot what helps the NPC's job; an item without an effect (Lockpick Set) comes last", async () => {
    const { c, npcId, settlement, gearId } = await withNpc();
    await stock(gearId, [
      ['Lockpick Set', 95, 1],
      ['Crowbar', 40, 1],
    ]);
    // A defender: no tool helps at home, but the Crowbar does something (on a scavenge), the Lockpick Set nothing.
    const home = await c.json(c.post(path(npcId, 'equip-all'), { settlementId: settlement.id }));
    expect(home.equipment.map((w: Worn) => [w.slot, w.itemName])).toEqual([['tool', 'Crowbar']]);
    expect(await stored(c, settlement.id, 'Lockpick Set')).toBe(1);
    await c.json(c.post(path(npcId, 'unequip-all'), { settlementId: settlement.id }));

    // A scavenger: the Multitool searches deepest, whatever the others' quality.
    await server.database.db.update(npcs).set({ assignment: 'scavenge' }).where(eq(npcs.id, npcId));
    await stock(gearId, [['Multitool', 30, 1]]);
    const away = await c.json(c.post(path(npcId, 'equip-all'), { settlementId: settlement.id }));
    expect(away.equipment.map((w: Worn) => [w.slot, w.itemName, w.quality])).toEqual([['tool', 'Multitool', 30]]);
    expect(await stored(c, settlement.id, 'Crowbar')).toBe(1);
    expect(await stored(c, settlement.id, 'Lockpick Set')).toBe(1);
  });

  test('20 equips of one single item in flight equip it once, across two NPCs; mixed changes in flight conserve totals', async () => {
    const { c, npcId, settlement, gearId, at } = await withNpc();
    await f.giveAll(c, scaledCost(BED_BASE_COST, 2));
    const bed = (await c.json(f.build(c, settlement.id, 'bed', null, 'Second'))).building as { id: string };
    const second = await addNpc(Number(settlement.id), Number(bed.id), at);
    await stock(gearId, [['Binoculars', 66, 1]]);
    const id = await rowOf(c, settlement.id, 'Binoculars');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        c.post(path(i % 2 ? npcId : second, 'equip'), { itemId: id, slot: 'vision', settlementId: settlement.id }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(19).fill(404)]);
    const worn = [...(await gearOf(c, npcId)), ...(await gearOf(c, second))];
    expect(worn.map((w) => w.itemName)).toEqual(['Binoculars']);
    expect(await stored(c, settlement.id, 'Binoculars')).toBe(0);

    await stock(gearId, [
      ['Binoculars', 20, 3],
      ['Crowbar', 30, 3],
    ]);
    const total = async (name: string) =>
      (await inventoryCount(c, name)) +
      (await stored(c, settlement.id, name)) +
      [...(await gearOf(c, npcId)), ...(await gearOf(c, second))].filter((w) => w.itemName === name).length;
    expect(await total('Binoculars')).toBe(4);
    expect(await total('Crowbar')).toBe(3);
    const rows = await storageRows(c, settlement.id);
    const calls = Array.from({ length: 24 }, (_, i) => {
      const npc = i % 4 < 2 ? npcId : second;
      const body = { settlementId: settlement.id };
      switch (i % 6) {
        case 0:
          return c.post(path(npc, 'equip-all'), body);
        case 1:
          return c.post(path(npc, 'unequip-all'), body);
        case 2:
          return c.post(path(npc, 'equip'), { ...body, itemId: rows.find((r) => r.itemName === 'Crowbar')!.id, slot: 'tool' });
        case 3:
          return c.post(path(npc, 'unequip'), { ...body, slot: 'vision' });
        case 4:
          return c.post(path(npc, 'unequip'), { ...body, slot: 'tool' });
        default:
          return c.post(path(npc, 'equip'), {
            ...body,
            itemId: rows.find((r) => r.itemName === 'Binoculars')!.id,
            slot: 'vision',
          });
      }
    });
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 404)).toBe(true);
    expect(await total('Binoculars')).toBe(4);
    expect(await total('Crowbar')).toBe(3);
    for (const n of [npcId, second]) {
      const g = await gearOf(c, n);
      expect(new Set(g.map((w) => w.slot)).size).toBe(g.length);
    }
  });

  test('batch-equipment: 403 without a Portable Radio; with one, any NPC of the world (unknown ids absent); over the cap 400', async () => {
    const a = await withNpc();
    const b = await withNpc();
    await stock(b.gearId, [
      ['Portable Radio', 70, 1],
      ['Crowbar', 50, 1],
    ]);
    await b.c.json(b.c.post(path(b.npcId, 'equip-all'), { settlementId: b.settlement.id }));
    const query = `npcIds=${a.npcId}&npcIds=${b.npcId}&npcIds=2147483647`;

    const refused = await a.c.get(`/api/npcs/batch-equipment?${query}`);
    expect(refused.status).toBe(403);
    expect(await message(refused)).toBe(NPC_EQUIPMENT_TEXT.needRadio);
    // A radio in storage or in the pack does not count: only one worn.
    await f.give(a.c, 'Portable Radio', 1, 40);
    expect((await a.c.get(`/api/npcs/batch-equipment?${query}`)).status).toBe(403);

    await server.database.db
      .insert(playerEquipment)
      .values({ userId: a.c.id, worldId: W, slot: 'communication', itemName: 'Portable Radio', quality: 40 });
    const seen = await a.c.json(a.c.get(`/api/npcs/batch-equipment?${query}`));
    expect(seen).toEqual({
      equipmentData: {
        [String(a.npcId)]: [],
        [String(b.npcId)]: [
          { itemName: 'Portable Radio', slot: 'communication', quality: 70 },
          { itemName: 'Crowbar', slot: 'tool', quality: 50 },
        ],
      },
    });
    // One id, a comma list, none at all; an unknown world 404.
    expect(Object.keys((await a.c.json(a.c.get(`/api/npcs/batch-equipment?npcIds=${b.npcId}`))).equipmentData)).toEqual([
      String(b.npcId),
    ]);
    expect(
      Object.keys((await a.c.json(a.c.get(`/api/npcs/batch-equipment?npcIds=${a.npcId},${b.npcId}`))).equipmentData).sort(),
    ).toEqual([String(a.npcId), String(b.npcId)].sort());
    expect(await a.c.json(a.c.get('/api/npcs/batch-equipment'))).toEqual({ equipmentData: {} });
    expect((await a.c.get(`/api/npcs/batch-equipment?npcIds=${a.npcId}&worldId=nope`)).status).toBe(404);

    const ids = (n: number) => Array.from({ length: n }, (_, i) => `npcIds=${i + 1}`).join('&');
    expect((await a.c.get(`/api/npcs/batch-equipment?${ids(NPC_BATCH_MAX)}`)).status).toBe(200);
    expect((await a.c.get(`/api/npcs/batch-equipment?${ids(NPC_BATCH_MAX + 1)}`)).status).toBe(400);
    for (const bad of ['npcIds=0', 'npcIds=abc', `npcIds=${a.npcId}&npcIds=-2`]) {
      expect((await a.c.get(`/api/npcs/batch-equipment?${bad}`)).status).toBe(400);
    }

    // Unequipping the NPC's radio is seen on the next call.
    await b.c.json(b.c.post(path(b.npcId, 'unequip'), { slot: 'communication', settlementId: b.settlement.id }));
    const after = await a.c.json(a.c.get(`/api/npcs/batch-equipment?npcIds=${b.npcId}`));
    expect(after.equipmentData[String(b.npcId)]).toEqual([{ itemName: 'Crowbar', slot: 'tool', quality: 50 }]);
    // No radio-carrying NPC's gear went missing: the database agrees.
    const rows = await server.database.db.select().from(npcEquipment);
    expect(rows.filter((r) => r.npcId === b.npcId).map((r) => r.itemName)).toEqual(['Crowbar']);
  });
});
