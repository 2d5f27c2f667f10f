import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { loadCoreForBun } from '../../../core-wasm/index.ts';
import {
  bedAssignments,
  buildings,
  craftJobs,
  npcs,
  settlements,
  storageItems,
  storageLedger,
} from '../../../db/schema/index.ts';
import { craftWorkMs, recipeById } from '../../game/crafting.ts';
import {
  LEVEL_STEPS,
  UNLOCKED_BUILDING_DEFS,
  unlockedBuildingCost,
  WALL_DEFENCE_PER_LEVEL,
} from '../../game/settlement-levels.ts';
import {
  CONTAINER_BASE_COST,
  PROTECTED_CAPACITY,
  REINFORCE_COST,
  STOREHOUSE_PROTECTION_PER_LEVEL,
  scaledCost,
} from '../../game/settlements.ts';
import { TestClient } from '../../testing/client.ts';
import { backends } from '../../testing/databases.ts';
import { openSpots, type Player, SettlementFixture } from '../../testing/settlements.ts';
import { NO_WRITE_LIMITS, startTestServer, type TestServer } from '../../testing/server.ts';

const SEED = 5151;
const W = 'default';
const OUTPOST = LEVEL_STEPS[0]!;

/**
 * Settlement levels and the buildings they unlock, over real HTTP on both databases: the progress members read, the
 * level-up that pays once and refuses with what is missing, the Workshop and Walls gated by level, their effects
 * (bench time, the Backpack recipe, the defence rating), and the public catalogue.
 */
describe.each(backends())('settlement levels on %s', (backend) => {
  let server: TestServer;
  let f: SettlementFixture;
  beforeAll(async () => {
    server = await startTestServer(backend, {
      worldSeed: SEED,
      seatTimeoutMs: 24 * 3600_000,
      maxPlayers: 100,
      // Building a settlement up carries a lot of material: these tests are about levels, not the pack.
      packCapacityG: 1_000_000,
      ...NO_WRITE_LIMITS,
    });
    f = new SettlementFixture(server, openSpots(await loadCoreForBun(), SEED));
  });
  afterAll(() => server.stop());

  const db = () => server.database.db;
  const progress = (c: Player, id: string) => c.get(`/api/settlements/${id}/progress`);
  const levelUp = (c: Player, id: string) => c.post(`/api/settlements/${id}/level-up`, { worldId: W });
  /** A recruited NPC in its own bed (how recruiting leaves it: api/modules/npcs). */
  async function addNpc(settlementId: string, name = 'Ada') {
    const [s] = await db()
      .select()
      .from(settlements)
      .where(eq(settlements.id, Number(settlementId)));
    const [bed] = await db()
      .insert(buildings)
      .values({ settlementId: s!.id, type: 'bed', name: `Bed ${name}` })
      .returning();
    const [n] = await db()
      .insert(npcs)
      .values({
        worldId: W,
        settlementId: s!.id,
        bedId: bed!.id,
        name,
        description: 'A survivor.',
        assignment: 'defend',
        x: s!.x,
        y: s!.y,
        seed: 7,
      })
      .returning();
    await db().insert(bedAssignments).values({ bedId: bed!.id, worldId: W, settlementId: s!.id, npcId: n!.id });
  }
  /** A founded Camp with what the Outpost asks standing (2 beds with the NPC's, 2 containers, 1 NPC), not yet its cost. */
  async function readyForOutpost() {
    const { c, settlement } = await f.founded({ 'Wood Planks': 20, 'Cloth Scraps': 10, 'Scrap Metal': 10, 'Steel Pipes': 2 });
    expect((await f.build(c, settlement.id, 'bed', null)).status).toBe(200);
    expect((await f.build(c, settlement.id, 'container', 'food')).status).toBe(200);
    expect((await f.build(c, settlement.id, 'container', 'materials')).status).toBe(200);
    await addNpc(settlement.id);
    return { c, settlement };
  }

  test('a new settlement is a Camp; its progress lists what the Outpost asks, have against need', async () => {
    const { c, settlement } = await f.founded();
    expect(settlement).toMatchObject({ level: 0, levelName: 'Camp' });
    const p = await c.json<{
      level: number;
      levelName: string;
      next: { levelName: string; met: boolean; requirements: { what: string; have: number; need: number }[] };
    }>(progress(c, settlement.id));
    expect(p).toMatchObject({ level: 0, levelName: 'Camp', next: { levelName: 'Outpost', met: false } });
    expect(p.next.requirements).toEqual([
      { what: 'Beds', have: 0, need: 2 },
      { what: 'Storage containers', have: 0, need: 2 },
      { what: 'Recruited NPCs', have: 0, need: 1 },
      ...Object.entries(OUTPOST.cost).map(([what, need]) => ({ what, have: 0, need })),
    ]);
    // Others may not read it.
    const other = await f.playerAt(f.spot());
    expect((await progress(other, settlement.id)).status).toBe(403);
  });

  test('a level-up short of anything answers 409 with every missing line and spends nothing', async () => {
    const { c, settlement } = await readyForOutpost();
    await f.giveAll(c, { 'Wood Planks': OUTPOST.cost['Wood Planks']! });
    const res = await levelUp(c, settlement.id);
    expect(res.status).toBe(409);
    const { message } = (await res.json()) as { message: string };
    expect(message).toStartWith('Requirements not met: ');
    expect(message).toContain(`Rope 0/${OUTPOST.cost.Rope}`);
    expect(message).not.toContain('Beds');
    expect(await db().select().from(storageLedger).where(eq(storageLedger.reason, 'level_up'))).toEqual([]);
  });

  test('20 level-ups in flight with materials for one: exactly one lands, the cost is paid once, pack first then storage', async () => {
    const { c, settlement } = await readyForOutpost();
    // The storage holds the Rope and Scrap Metal (and what building left over), the pack then the Wood Planks.
    await f.giveAll(c, { Rope: OUTPOST.cost.Rope!, 'Scrap Metal': OUTPOST.cost['Scrap Metal']! });
    expect((await c.post(`/api/settlements/${settlement.id}/auto-deposit-items`, { worldId: W })).status).toBe(200);
    await f.giveAll(c, { 'Wood Planks': OUTPOST.cost['Wood Planks']! });
    const answers = await Promise.all(Array.from({ length: 20 }, () => levelUp(c, settlement.id)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    const ok = (await answers.find((r) => r.status === 200)!.json()) as { level: number; levelName: string; message: string };
    expect(ok).toEqual({ level: 1, levelName: 'Outpost', message: `${settlement.name} is now an Outpost!` });
    const paid = await db()
      .select()
      .from(storageLedger)
      .where(eq(storageLedger.settlementId, Number(settlement.id)));
    const levelLines = paid.filter((l) => l.reason === 'level_up');
    const sum = (source: string, item: string) =>
      levelLines.filter((l) => l.source === source && l.itemName === item).reduce((n, l) => n + l.quantity, 0);
    expect(sum('pack', 'Wood Planks')).toBe(OUTPOST.cost['Wood Planks']!);
    expect(sum('storage', 'Rope')).toBe(OUTPOST.cost.Rope!);
    expect(sum('storage', 'Scrap Metal')).toBe(OUTPOST.cost['Scrap Metal']!);
    const p = await c.json<{ level: number; next: { levelName: string } }>(progress(c, settlement.id));
    expect(p).toMatchObject({ level: 1, next: { levelName: 'Town' } });
  });

  test('a Workshop and Walls need an Outpost; one of each; walls rise no higher than the settlement', async () => {
    const { c, settlement } = await readyForOutpost();
    const workshopCost = UNLOCKED_BUILDING_DEFS.workshop.baseCost;
    await f.giveAll(c, { ...workshopCost });
    const early = await f.build(c, settlement.id, 'workshop', null, 'Shop');
    expect(early.status).toBe(409);
    expect(((await early.json()) as { message: string }).message).toBe('Workshop needs a settlement of level Outpost or more');
    await f.giveAll(c, OUTPOST.cost);
    expect((await levelUp(c, settlement.id)).status).toBe(200);
    expect((await f.build(c, settlement.id, 'workshop', null, 'Shop')).status).toBe(200);
    await f.giveAll(c, { ...workshopCost });
    const twice = await f.build(c, settlement.id, 'workshop', null, 'Shop 2');
    expect(twice.status).toBe(409);

    await f.giveAll(c, { ...unlockedBuildingCost('walls', 1) });
    const defence = async () => (await c.json<{ rating: number }>(c.get(`/api/settlements/${settlement.id}/defence`))).rating;
    const before = await defence();
    const walls = await c.json<{ building: { id: string; level: number } }>(f.build(c, settlement.id, 'walls', null, 'Walls'));
    expect(walls.building.level).toBe(1);
    expect(await defence()).toBe(before + WALL_DEFENCE_PER_LEVEL);
    await f.giveAll(c, { ...unlockedBuildingCost('walls', 2) });
    const higher = await c.post(`/api/buildings/${walls.building.id}/upgrade`, { worldId: W });
    expect(higher.status).toBe(409);
    expect(((await higher.json()) as { message: string }).message).toContain("cannot stand higher than the settlement's level");
  });

  test('a Storehouse protects more of every container: storage, defence and the raiders all see it', async () => {
    const { c, settlement } = await readyForOutpost();
    await f.giveAll(c, OUTPOST.cost);
    expect((await levelUp(c, settlement.id)).status).toBe(200);
    const food = await c.json<{ building: { id: string } }>(f.build(c, settlement.id, 'container', 'food', 'Pantry'));
    const [stack] = await db()
      .insert(storageItems)
      .values({ buildingId: Number(food.building.id), itemName: 'Canned Beans', quality: 50, quantity: 90 })
      .returning();
    expect(stack).toBeDefined();
    const seen = async () => ({
      defence: await c.json<{ protectedCapacity: number; wealthAbove: number }>(
        c.get(`/api/settlements/${settlement.id}/defence`),
      ),
      storage: await c.json<{ storage: { building: { id: string }; protectedCapacity: number }[] }>(
        c.get(`/api/settlements/${settlement.id}/storage`),
      ),
    });
    const before = await seen();
    expect(before.defence.protectedCapacity).toBe(PROTECTED_CAPACITY);
    const pantry = () => before.storage.storage.find((e) => e.building.id === food.building.id)!;
    expect(pantry().protectedCapacity).toBe(PROTECTED_CAPACITY);

    await f.giveAll(c, { ...unlockedBuildingCost('storehouse', 1) });
    const built = await f.build(c, settlement.id, 'storehouse', null, 'Storehouse');
    expect(built.status).toBe(200);
    const after = await seen();
    const shielded = PROTECTED_CAPACITY + STOREHOUSE_PROTECTION_PER_LEVEL;
    expect(after.defence.protectedCapacity).toBe(shielded);
    expect(after.storage.storage.every((e) => e.protectedCapacity === shielded)).toBe(true);
    // The 90 beans: 40 above the bare protected 50, 15 above 75.
    expect(before.defence.wealthAbove - after.defence.wealthAbove).toBe(STOREHOUSE_PROTECTION_PER_LEVEL);
    // One per settlement, and it stands no higher than the settlement.
    await f.giveAll(c, { ...unlockedBuildingCost('storehouse', 1), ...unlockedBuildingCost('storehouse', 2) });
    expect((await f.build(c, settlement.id, 'storehouse', null, 'Another')).status).toBe(409);
    const { building } = (await built.json()) as { building: { id: string } };
    const higher = await c.post(`/api/buildings/${building.id}/upgrade`, { worldId: W });
    expect(higher.status).toBe(409);
    expect(((await higher.json()) as { message: string }).message).toContain("cannot stand higher than the settlement's level");
  });

  test('a Workshop makes the bench quicker (×0.7) and lets it make a Backpack', async () => {
    const { c, settlement } = await readyForOutpost();
    const backpack = recipeById('backpack')!;
    for (const m of [backpack.inputs, OUTPOST.cost, UNLOCKED_BUILDING_DEFS.workshop.baseCost]) await f.giveAll(c, m);
    const craft = (recipeId: string) => c.post(`/api/settlements/${settlement.id}/craft`, { worldId: W, recipeId, quantity: 1 });
    const refused = await craft('backpack');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe('Backpack needs a Workshop at the settlement');
    expect((await levelUp(c, settlement.id)).status).toBe(200);
    expect((await f.build(c, settlement.id, 'workshop', null, 'Shop')).status).toBe(200);
    const queued = await craft('backpack');
    expect(queued.status).toBe(200);
    const jobs = await db()
      .select()
      .from(craftJobs)
      .where(eq(craftJobs.settlementId, Number(settlement.id)));
    expect(jobs[0]!.workMs).toBe(craftWorkMs(backpack, 1, server.config.npcTimeScale, true));
    expect(jobs[0]!.workMs).toBeLessThan(craftWorkMs(backpack, 1, server.config.npcTimeScale));
  });

  test('the catalogue is public: every kind of building with its cost per level, the level it needs and its effect', async () => {
    const res = await new TestClient(server.url).get('/api/buildings/catalogue');
    expect(res.status).toBe(200);
    const { buildings: kinds } = (await res.json()) as {
      buildings: { type: string; needsLevel: number; maxLevel: number; costPerLevel: Record<string, number>[]; effect: string }[];
    };
    expect(kinds.map((k) => k.type)).toEqual(['bed', 'container', 'workshop', 'walls', 'storehouse', 'watchtower', 'infirmary']);
    expect(kinds.find((k) => k.type === 'infirmary')).toMatchObject({ needsLevel: 2, maxLevel: 1 });
    expect(kinds.find((k) => k.type === 'storehouse')).toMatchObject({ needsLevel: 1, maxLevel: 3 });
    const walls = kinds.find((k) => k.type === 'walls')!;
    expect(walls).toMatchObject({ needsLevel: 1, maxLevel: 3 });
    expect(walls.costPerLevel).toEqual([1, 2, 3].map((l) => ({ ...unlockedBuildingCost('walls', l) })));
    expect(kinds.find((k) => k.type === 'container')!.costPerLevel[0]).toEqual({ ...CONTAINER_BASE_COST.food });
    expect(kinds.find((k) => k.type === 'container')!.costPerLevel[1]).toEqual({ ...REINFORCE_COST });
    expect(scaledCost(UNLOCKED_BUILDING_DEFS.walls.baseCost, 1)).toEqual({ ...unlockedBuildingCost('walls', 2) });
  });
});
