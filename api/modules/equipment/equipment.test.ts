import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type Core, loadCoreForBun } from '../../../core-wasm/index.ts';
import { bedAssignments, storageItems } from '../../../db/schema/index.ts';
import { NO_TOOLS } from '../../contract/actions.ts';
import { NO_SETTLEMENT_NEARBY } from '../../game/equipment.ts';
import { BED_BASE_COST, CONTAINER_BASE_COST, SETTLEMENT_REACH, scaledCost } from '../../game/settlements.ts';
import { backends } from '../../testing/databases.ts';
import { TestSocket } from '../../testing/live.ts';
import { NO_WRITE_LIMITS, startTestServer, type TestServer } from '../../testing/server.ts';
import { openSpots, type Player, SettlementFixture } from '../../testing/settlements.ts';

const SEED = 4243;
const W = 'default';
const ITEMS_CONTAINER = CONTAINER_BASE_COST.items;

interface Worn {
  id: string;
  itemName: string;
  slot: string;
  quality: number;
}

describe.each(backends())('player equipment on %s', (backend) => {
  let server: TestServer;
  let core: Core;
  let f: SettlementFixture;

  beforeAll(async () => {
    // A race below sends 20 and then 24 writes from one player at once: past the central write limit on purpose.
    server = await startTestServer(backend, { worldSeed: SEED, seatTimeoutMs: 24 * 3600_000, ...NO_WRITE_LIMITS });
    core = await loadCoreForBun();
    f = new SettlementFixture(server, openSpots(core, SEED));
  });
  afterAll(() => server.stop());

  const inventory = async (c: Player) =>
    (await c.json(c.get('/api/player/inventory?worldId=default'))).items as {
      id: string;
      itemName: string;
      quantity: number;
      metadata: { quality: number };
    }[];
  const stackId = async (c: Player, name: string, quality?: number) =>
    (await inventory(c)).find((i) => i.itemName === name && (quality === undefined || i.metadata.quality === quality))!.id;
  const count = async (c: Player, name: string) =>
    (await inventory(c)).filter((i) => i.itemName === name).reduce((s, i) => s + i.quantity, 0);
  const worn = async (c: Player) => (await c.json(c.get('/api/player/equipment?worldId=default'))).equipment as Worn[];
  const storageRows = async (c: Player, settlementId: string) =>
    (
      (await c.json(c.get(`/api/settlements/${settlementId}/storage`))).storage as {
        items: { id: string; itemName: string; quantity: number; metadata: { quality: number } }[];
      }[]
    ).flatMap((e) => e.items);
  const stored = async (c: Player, settlementId: string, name: string) =>
    (await storageRows(c, settlementId)).filter((i) => i.itemName === name).reduce((s, i) => s + i.quantity, 0);
  const equip = (c: Player, itemId: string, slot: string, source?: 'inventory' | 'settlement') =>
    c.post('/api/player/equipment/equip', { itemId, slot, worldId: W, ...(source ? { source } : {}) });
  const message = async (res: Response) => ((await res.json()) as { message: string }).message;
  /** A founder at their settlement with an items container (and whatever `extra` they carry). */
  const outfitted = async (extra: Record<string, number> = {}) => {
    const kit: Record<string, number> = { ...ITEMS_CONTAINER };
    for (const [name, n] of Object.entries(extra)) kit[name] = (kit[name] ?? 0) + n;
    const founded = await f.founded(kit);
    const built = await f.build(founded.c, founded.settlement.id, 'container', 'items', 'Gear');
    expect(built.status).toBe(200);
    return founded;
  };

  test('GET lists nothing for a new survivor with the bare effects; unknown worlds 404; bad bodies 400', async () => {
    const c = await f.playerAt(f.spot());
    const list = await c.json(c.get('/api/player/equipment?worldId=default'));
    expect(list).toEqual({
      equipment: [],
      effects: { binoculars: false, nightVisionMultiplier: 0.5, radio: false, tools: NO_TOOLS },
    });
    expect((await c.json(c.get('/api/player/equipment'))).equipment).toEqual([]);
    expect((await c.get('/api/player/equipment?worldId=nope')).status).toBe(404);
    expect((await c.post('/api/player/equipment/equip', { itemId: '1', slot: 'vision', worldId: 'nope' })).status).toBe(404);
    for (const body of [
      {},
      { itemId: 1, slot: 'vision', worldId: W },
      { itemId: '1', slot: 'head', worldId: W },
      { itemId: '1', slot: 'vision', worldId: W, source: 'storage' },
      { itemId: '0', slot: 'vision', worldId: W },
    ]) {
      expect((await c.post('/api/player/equipment/equip', body)).status).toBe(400);
    }
    expect((await c.post('/api/player/equipment/unequip', {})).status).toBe(400);
    expect((await c.post('/api/player/equipment/equip-all-settlement', { settlementId: '1' })).status).toBe(400);
    expect((await c.post('/api/player/equipment/unequip-all', { worldId: W })).status).toBe(400);
  });

  test("away from a settlement they manage, every change is refused 'No settlement nearby' and nothing moves", async () => {
    const { c: founder, at, settlement } = await outfitted(BED_BASE_COST);
    const beds = await f.build(founder, settlement.id, 'bed', null);
    expect(beds.status).toBe(200);
    // A stranger at the founder's door: someone else's settlement does not count.
    const stranger = await f.playerAt({ x: at.x + 10, y: at.y });
    await f.give(stranger, 'Binoculars', 1);
    const refused = await equip(stranger, await stackId(stranger, 'Binoculars'), 'vision');
    expect(refused.status).toBe(403);
    expect(await message(refused)).toBe(NO_SETTLEMENT_NEARBY);
    const theirs = await stranger.post('/api/player/equipment/equip-all-settlement', { settlementId: settlement.id, worldId: W });
    expect(theirs.status).toBe(403);
    expect(await message(theirs)).toMatch(/do not manage/);
    const unknown = await stranger.post('/api/player/equipment/unequip-all', { settlementId: '999999' });
    expect(unknown.status).toBe(404);

    // A member who holds a bed there but stands too far away.
    const member = await f.playerAt({ x: at.x + SETTLEMENT_REACH + 60, y: at.y });
    // In the world before the bed is theirs: a bed holder entering the world would wake up at the bed.
    expect((await member.json(member.get('/api/player/current'))).x).toBe(at.x + SETTLEMENT_REACH + 60);
    await f.giveAll(founder, scaledCost(BED_BASE_COST, 1));
    const bed = (await founder.json(f.build(founder, settlement.id, 'bed', null, 'Spare'))).building;
    await server.database.db
      .insert(bedAssignments)
      .values({ bedId: Number(bed.id), settlementId: Number(settlement.id), worldId: W, userId: member.id });
    await f.give(member, 'Crowbar', 1);
    for (const res of [
      await equip(member, await stackId(member, 'Crowbar'), 'tool'),
      await member.post('/api/player/equipment/unequip', { itemId: '1' }),
      await member.post('/api/player/equipment/equip-all-settlement', { settlementId: settlement.id, worldId: W }),
      await member.post('/api/player/equipment/unequip-all', { settlementId: settlement.id }),
    ]) {
      expect(res.status).toBe(403);
      expect(await message(res)).toBe(NO_SETTLEMENT_NEARBY);
    }
    expect(await count(member, 'Crowbar')).toBe(1);
    expect(await count(stranger, 'Binoculars')).toBe(1);
    expect(await worn(member)).toEqual([]);
  });

  test('equip from the pack: the catalogue decides the slot, one item per slot, the previous one goes back to the pack', async () => {
    const { c } = await outfitted();
    await f.give(c, 'Binoculars', 2, 60);
    await f.give(c, 'Night Vision Goggles', 1, 70);
    await f.give(c, 'Canned Beans', 3);
    const ws = TestSocket.open(server.url, c);
    await ws.next('connected');

    const beans = await equip(c, await stackId(c, 'Canned Beans'), 'other');
    expect(beans.status).toBe(400);
    expect(await message(beans)).toBe('Canned Beans cannot be equipped');
    const wrongSlot = await equip(c, await stackId(c, 'Binoculars'), 'tool');
    expect(wrongSlot.status).toBe(400);
    expect(await message(wrongSlot)).toBe('Binoculars goes in the vision slot, not tool');
    expect((await equip(c, '2147483647', 'vision')).status).toBe(404);
    expect(await count(c, 'Binoculars')).toBe(2);

    const ok = await c.json(equip(c, await stackId(c, 'Binoculars'), 'vision', 'inventory'));
    expect(ok.message).toBe('Equipped Binoculars');
    expect(ok.equipment).toEqual([{ id: expect.any(String), itemName: 'Binoculars', slot: 'vision', quality: 60 }]);
    await ws.next('inventory_updated');
    expect(await count(c, 'Binoculars')).toBe(1);
    const list = await c.json(c.get('/api/player/equipment?worldId=default'));
    expect(list.effects).toMatchObject({ binoculars: true, nightVisionMultiplier: 0.5 });

    const swap = await c.json(equip(c, await stackId(c, 'Night Vision Goggles'), 'vision'));
    expect(swap.message).toBe('Equipped Night Vision Goggles; Binoculars went back to your pack');
    expect(swap.equipment.map((w: Worn) => w.itemName)).toEqual(['Night Vision Goggles']);
    expect(await count(c, 'Binoculars')).toBe(2);
    expect(await count(c, 'Night Vision Goggles')).toBe(0);
    expect((await c.json(c.get('/api/player/equipment'))).effects).toMatchObject({
      binoculars: false,
      nightVisionMultiplier: 0.9,
    });
    ws.close();
  });

  test('equip from the settlement’s storage by its row id; unequip returns to the pack; others’ items are not yours', async () => {
    const { c, settlement } = await outfitted();
    await f.give(c, 'Crowbar', 1, 45);
    await f.give(c, 'Flashlight', 1, 55);
    const deposit = await c.post(`/api/settlements/${settlement.id}/deposit-by-category`, { worldId: W, category: 'items' });
    expect(deposit.status).toBe(200);
    const crowbar = (await storageRows(c, settlement.id)).find((i) => i.itemName === 'Crowbar')!;
    // A storage row id is not an inventory stack id.
    expect((await equip(c, crowbar.id, 'tool')).status).toBe(404);
    const ok = await c.json(equip(c, crowbar.id, 'tool', 'settlement'));
    expect(ok.message).toBe('Equipped Crowbar');
    expect(await stored(c, settlement.id, 'Crowbar')).toBe(0);
    expect(await count(c, 'Crowbar')).toBe(0);
    expect((await equip(c, crowbar.id, 'tool', 'settlement')).status).toBe(404);

    const other = await outfitted();
    const theirs = await worn(c);
    const stolen = await other.c.post('/api/player/equipment/unequip', { itemId: theirs[0]!.id, worldId: W });
    expect(stolen.status).toBe(404);

    const off = await c.json(c.post('/api/player/equipment/unequip', { itemId: theirs[0]!.id }));
    expect(off).toEqual({ message: 'Unequipped Crowbar', equipment: [] });
    expect(await count(c, 'Crowbar')).toBe(1);
    expect((await c.post('/api/player/equipment/unequip', { itemId: theirs[0]!.id })).status).toBe(404);
  });

  test('equip-all fills empty slots with the best of each from storage; unequip-all stores it all, the pack takes the overflow', async () => {
    const { c, settlement } = await outfitted();
    const gear = (await c.json(c.get(`/api/settlements/${settlement.id}/buildings`))).buildings.find(
      (b: { subtype: string }) => b.subtype === 'items',
    );
    await server.database.db.insert(storageItems).values([
      { buildingId: Number(gear.id), itemName: 'Crowbar', quality: 90, quantity: 1 },
      { buildingId: Number(gear.id), itemName: 'Multitool', quality: 60, quantity: 1 },
      { buildingId: Number(gear.id), itemName: 'Binoculars', quality: 40, quantity: 1 },
      { buildingId: Number(gear.id), itemName: 'Binoculars', quality: 80, quantity: 2 },
      { buildingId: Number(gear.id), itemName: 'Portable Radio', quality: 50, quantity: 1 },
    ]);
    await f.give(c, 'Scanner', 1, 77);
    await c.json(equip(c, await stackId(c, 'Scanner'), 'device'));

    const all = await c.json(c.post('/api/player/equipment/equip-all-settlement', { settlementId: settlement.id, worldId: W }));
    expect(all.message).toBe(`Equipped Binoculars, Portable Radio, Crowbar from ${settlement.name}`);
    expect(all.equipment.map((w: Worn) => [w.slot, w.itemName, w.quality])).toEqual([
      ['vision', 'Binoculars', 80],
      ['communication', 'Portable Radio', 50],
      ['tool', 'Crowbar', 90],
      ['device', 'Scanner', 77],
    ]);
    const effects = (await c.json(c.get('/api/player/equipment'))).effects;
    expect(effects).toEqual({
      binoculars: true,
      nightVisionMultiplier: 0.5,
      radio: true,
      tools: { crowbar: true, multitool: false, scanner: true },
    });
    const again = await c.json(c.post('/api/player/equipment/equip-all-settlement', { settlementId: settlement.id, worldId: W }));
    expect(again.message).toMatch(/Nothing in .* fits your empty slots/);

    // Fill the container to one unit short of its 100: one item fits, three go to the pack.
    const used = (await storageRows(c, settlement.id)).reduce((s, i) => s + i.quantity, 0);
    await server.database.db
      .insert(storageItems)
      .values({ buildingId: Number(gear.id), itemName: 'Batteries', quality: 10, quantity: 99 - used });
    const off = await c.json(c.post('/api/player/equipment/unequip-all', { settlementId: settlement.id }));
    expect(off.message).toBe(
      `Unequipped 4 items: 1 into ${settlement.name}'s storage, 3 into your pack (no room for them in storage)`,
    );
    expect(off.equipment).toEqual([]);
    expect(await stored(c, settlement.id, 'Binoculars')).toBe(1 + 2);
    expect((await count(c, 'Portable Radio')) + (await count(c, 'Crowbar')) + (await count(c, 'Scanner'))).toBe(3);
    const empty = await c.json(c.post('/api/player/equipment/unequip-all', { settlementId: settlement.id, worldId: W }));
    expect(empty.message).toBe('Nothing is equipped');
  });

  test('20 equips of one single item in flight equip it once; mixed changes in flight conserve every total', async () => {
    const { c, settlement } = await outfitted();
    await f.give(c, 'Binoculars', 1, 66);
    const id = await stackId(c, 'Binoculars');
    const results = await Promise.all(Array.from({ length: 20 }, () => equip(c, id, 'vision')));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(19).fill(404)]);
    expect((await worn(c)).map((w) => w.itemName)).toEqual(['Binoculars']);
    expect(await count(c, 'Binoculars')).toBe(0);

    await f.give(c, 'Binoculars', 3, 20);
    await f.give(c, 'Crowbar', 3, 30);
    await c.post(`/api/settlements/${settlement.id}/deposit-by-category`, { worldId: W, category: 'items' });
    await f.give(c, 'Binoculars', 2, 40);
    const total = async (name: string) =>
      (await count(c, name)) + (await stored(c, settlement.id, name)) + (await worn(c)).filter((w) => w.itemName === name).length;
    expect(await total('Binoculars')).toBe(6);
    expect(await total('Crowbar')).toBe(3);
    const rows = await storageRows(c, settlement.id);
    const calls = Array.from({ length: 24 }, async (_, i) => {
      const path = '/api/player/equipment';
      switch (i % 6) {
        case 0:
          return c.post(`${path}/equip-all-settlement`, { settlementId: settlement.id, worldId: W });
        case 1:
          return c.post(`${path}/unequip-all`, { settlementId: settlement.id });
        case 2:
          return equip(c, rows.find((r) => r.itemName === 'Crowbar')!.id, 'tool', 'settlement');
        case 3:
          return equip(c, await stackId(c, 'Binoculars').catch(() => '1'), 'vision');
        case 4: {
          const first = (await worn(c))[0];
          return c.post(`${path}/unequip`, { itemId: first?.id ?? '1' });
        }
        default:
          return equip(c, rows.find((r) => r.itemName === 'Binoculars')!.id, 'vision', 'settlement');
      }
    });
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 404)).toBe(true);
    expect(await total('Binoculars')).toBe(6);
    expect(await total('Crowbar')).toBe(3);
    expect(new Set((await worn(c)).map((w) => w.slot)).size).toBe((await worn(c)).length);
  });
});
