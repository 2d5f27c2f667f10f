/**
 * Raids, defence, upkeep and injuries in a running server, on both databases. The clock is the test's: a
 * day lasts a minute and NPC time runs 50 times faster, as in the demos; the simulation steps whatever is due by the
 * clock. Expected raids are computed with the same pure rules (api/game/raids.ts), so every figure is checked exactly.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { loadCoreForBun } from '../../../core-wasm/index.ts';
import { bedAssignments, buildings, npcEquipment, npcs, raids, settlements } from '../../../db/schema/index.ts';
import { CONDITION_MAX, UPKEEP_PER_LEVEL } from '../../game/building-upkeep.ts';
import type { DefenceView, RaidView } from '../../contract/raids.ts';
import {
  clockOffset,
  defence,
  gameDay,
  mealTime,
  OFFLINE_LOSS_CAP,
  planTime,
  RAID_WARNING_MS,
  resolveRaid,
} from '../../game/raids.ts';
import { MEDIC_INJURY_SHARE } from '../../game/npc-skills.ts';
import { WATCHTOWER_WARNING_FACTOR } from '../../game/settlement-levels.ts';
import { nextClockEvent } from '../../game/settlement-clock.ts';
import { PROTECTED_CAPACITY } from '../../game/settlements.ts';
import { INFIRMARY_HEAL_SHARE, INFIRMARY_PATIENTS_PER_DOSE, TREATED_HEAL_MS, UNFED_DAYS_TO_LEAVE } from '../../game/upkeep.ts';
import { backends } from '../../testing/databases.ts';
import { TestSocket } from '../../testing/live.ts';
import { RaidSetup, units } from '../../testing/raids.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { openSpots, SettlementFixture } from '../../testing/settlements.ts';

const SEED = 5151;
const DAY = 60_000;
const SCALE = 0.02;
const W = 'default';

describe.each(backends())('raids and upkeep on %s', (backend) => {
  let server: TestServer;
  let f: SettlementFixture;
  let clock = Date.parse('2026-11-24T12:00:00Z') + 0.2 * DAY;
  const db = () => server.database.db;

  beforeAll(async () => {
    const core = await loadCoreForBun();
    server = await startTestServer(backend, {
      worldSeed: SEED,
      dayCycleMs: DAY,
      npcTimeScale: SCALE,
      seatTimeoutMs: 365 * 24 * 60 * DAY,
      now: () => new Date(clock),
    });
    f = new SettlementFixture(server, openSpots(core, SEED));
  });
  afterAll(() => server.stop());

  /** Moves the clock and waits until the simulation has nothing due by it. */
  async function advanceTo(t: number, settlementId: number, timeoutMs = 15_000) {
    clock = t;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [s] = await db().select({ due: settlements.simDueAt }).from(settlements).where(eq(settlements.id, settlementId));
      const busy = await db()
        .select({ id: npcs.id, ends: npcs.phaseEndsAt })
        .from(npcs)
        .where(eq(npcs.settlementId, settlementId));
      if (s?.due && s.due.getTime() > clock && busy.every((n) => !n.ends || n.ends.getTime() > clock)) return;
      if (Date.now() > deadline) throw new Error(`settlement ${settlementId} not simulated up to the clock`);
      await Bun.sleep(25);
    }
  }

  async function founded() {
    const { c, settlement, at } = await f.founded();
    return { c, at, setup: new RaidSetup(db(), Number(settlement.id)), id: settlement.id };
  }

  test('wealth above protected capacity draws a raid, announced first; a breach never takes the protected part', async () => {
    const { c, setup, id } = await founded();
    const food = await setup.container('food', [
      { itemName: 'Canned Beans', quality: 30, quantity: 100 },
      { itemName: 'Canned Beans', quality: 90, quantity: 80 },
    ]);
    const ammo = await setup.container('ammo', [{ itemName: 'Pistol Rounds', quality: 50, quantity: 40 }]);

    // The panel before: beginner's protection, a high threat once it ends, nothing on its way yet.
    const panel = (await (await c.get(`/api/settlements/${id}/defence`)).json()) as DefenceView;
    expect(panel).toMatchObject({ ammo: 40, protectedCapacity: PROTECTED_CAPACITY, wealthAbove: 130, nextRaidAt: null });
    expect(Date.parse(panel.protectedUntil!)).toBe((await setup.row()).createdAt.getTime() + 2 * DAY);

    const socket = TestSocket.open(server.url, c);
    await socket.next('players_list');
    const plan = await setup.firstRaid(130, DAY, SCALE);
    expect(plan.arriveAt - (await setup.row()).createdAt.getTime()).toBeLessThan(5 * DAY);

    await advanceTo(plan.warnAt, Number(id));
    const warning = await socket.next('raid_warning');
    expect(warning).toMatchObject({ settlementId: id, strength: plan.strength, arriveAt: new Date(plan.arriveAt).toISOString() });
    expect(plan.arriveAt - plan.warnAt).toBeGreaterThan(0);
    const warned = (await (await c.get(`/api/settlements/${id}/defence`)).json()) as DefenceView;
    expect(warned).toMatchObject({ threat: 'high', nextRaidAt: new Date(plan.arriveAt).toISOString() });

    const before = await setup.stored();
    await advanceTo(plan.arriveAt, Number(id));
    const result = await socket.next('raid_result');
    socket.close();

    // The fight, replayed with the pure rules: the founder stands there (online), no NPC on defend, 40 rounds.
    const containers = [
      {
        id: String(food),
        level: 0,
        items: [
          { itemName: 'Canned Beans', quality: 30, quantity: 100 },
          { itemName: 'Canned Beans', quality: 90, quantity: 80 },
        ],
      },
      { id: String(ammo), level: 0, items: [{ itemName: 'Pistol Rounds', quality: 50, quantity: 40 }] },
    ];
    const fight = defence({ npcs: [], players: 1, containers, ammo: 40 });
    containers[1]!.items[0]!.quantity -= fight.ammoSpent;
    const expected = resolveRaid({
      seed: (await setup.row()).seed,
      night: plan.night,
      strength: plan.strength,
      rating: fight.rating,
      defenders: [],
      containers,
      membersOnline: true,
    });
    const raid: RaidView = result.raid;
    expect(raid).toMatchObject({
      strength: plan.strength,
      defence: fight.rating,
      outcome: expected.outcome,
      ammoSpent: fight.ammoSpent,
    });
    expect(raid.outcome).toBe('breached');

    // What left storage is exactly what the report and the ledger say; every container keeps its protected part.
    const after = await setup.stored();
    const lost = new Map<string, number>();
    for (const [k, q] of before) if ((after.get(k) ?? 0) < q) lost.set(k, q - (after.get(k) ?? 0));
    const ledger = await setup.ledger();
    expect(ledger).toEqual(lost);
    expect(units(await setup.ledger('raid'))).toBe(raid.losses.reduce((s, l) => s + l.quantity, 0));
    expect(units(await setup.ledger('ammo'))).toBe(raid.ammoSpent);
    const perContainer = await setup.perContainer();
    expect(perContainer.get(food)).toBeGreaterThanOrEqual(PROTECTED_CAPACITY);
    // The ammunition container held less than its protected part: raiders took none of it, defenders fired two.
    expect(perContainer.get(ammo)).toBe(40 - raid.ammoSpent);
    expect(raid.losses[0]!.quality).toBe(90); // raiders take the best first

    const history = (await (await c.get(`/api/settlements/${id}/raids`)).json()) as { raids: RaidView[] };
    expect(history.raids).toEqual([raid]);
    // Members only.
    const stranger = await f.playerAt(f.spot());
    expect((await stranger.get(`/api/settlements/${id}/raids`)).status).toBe(403);
    expect((await stranger.get(`/api/settlements/${id}/defence`)).status).toBe(403);
  }, 60_000);

  test('defenders with ammunition repel the raid that breaches the same settlement without them (same seed)', async () => {
    const a = await founded();
    const b = await founded();
    // Same seed and founding time: the same raid comes to both.
    const createdAt = (await a.setup.row()).createdAt;
    await db().update(settlements).set({ seed: 777, createdAt }).where(eq(settlements.id, b.setup.settlementId));
    await db().update(settlements).set({ seed: 777 }).where(eq(settlements.id, a.setup.settlementId));
    for (const s of [a, b]) await s.setup.container('materials', [{ itemName: 'Scrap Metal', quality: 50, quantity: 150 }]);
    await a.setup.container('ammo', [{ itemName: 'Rifle Rounds', quality: 70, quantity: 30 }]);
    await a.setup.container('medicine', [{ itemName: 'Bandages', quality: 40, quantity: 10 }]);
    // Food for the four defenders (under the protected part: the wealth is the same 100 units above it in both).
    await a.setup.container('food', [{ itemName: 'Canned Beans', quality: 40, quantity: 30 }]);
    for (const name of ['Bo Hale', 'Cy Marsh', 'Di Frost', 'Ed Kane']) {
      await a.setup.npc(name, { gear: [{ itemName: 'Flashlight', quality: 50, quantity: 1 }] });
    }
    const plan = await a.setup.firstRaid(100, DAY, SCALE);
    expect(await b.setup.firstRaid(100, DAY, SCALE)).toEqual(plan);
    const ammoBefore = await a.setup.stored('ammo');

    // Both founders go quiet before the raid is drawn (their last calls lapse: REST presence lasts a minute of the
    // test's clock); both draw it at the same moment, their seed's noon.
    const drawn = planTime(plan.night, DAY, 777);
    await advanceTo(drawn - 1, a.setup.settlementId);
    await advanceTo(drawn - 1, b.setup.settlementId);
    await advanceTo(plan.arriveAt, a.setup.settlementId);
    await advanceTo(plan.arriveAt, b.setup.settlementId);
    const [ra] = await db().select().from(raids).where(eq(raids.settlementId, a.setup.settlementId));
    const [rb] = await db().select().from(raids).where(eq(raids.settlementId, b.setup.settlementId));
    expect(ra!.strength).toBe(rb!.strength);
    expect(ra!.outcome).toBe('repelled');
    expect(ra!.losses).toEqual([]);
    expect(rb!.outcome).toBe('breached');
    // Offline: the breach takes at most the offline cap.
    expect(rb!.losses.reduce((s, l) => s + l.quantity, 0)).toBeLessThanOrEqual(OFFLINE_LOSS_CAP);
    // Ammunition spent exactly as recorded: two rounds each.
    expect(ra!.ammoSpent).toBe(8);
    expect(units(ammoBefore) - units(await a.setup.stored('ammo'))).toBe(ra!.ammoSpent);
    expect(units(await a.setup.ledger('ammo'))).toBe(ra!.ammoSpent);
    // The wounded were treated from the medicine container, one Bandage each, and heal within minutes.
    expect(units(await a.setup.ledger('medicine'))).toBe(ra!.injured.length);
    const wounded = await db().select().from(npcs).where(eq(npcs.settlementId, a.setup.settlementId));
    expect(wounded).toHaveLength(4);
    // Worn gear is never taken: each defender still wears its Flashlight.
    for (const n of wounded) expect(await db().select().from(npcEquipment).where(eq(npcEquipment.npcId, n.id))).toHaveLength(1);
    for (const n of wounded.filter((w) => ra!.injured.includes(w.name))) {
      expect(n.injuredUntil!.getTime()).toBe(ra!.arrivedAt.getTime() + Math.round(TREATED_HEAL_MS * SCALE));
      expect(n.phase).toBe('rest');
    }
  }, 60_000);

  test('a Watchtower announces the same raid twice as long before it arrives', async () => {
    const a = await founded();
    const b = await founded();
    const createdAt = (await a.setup.row()).createdAt;
    for (const s of [a, b]) {
      await db().update(settlements).set({ seed: 777, createdAt }).where(eq(settlements.id, s.setup.settlementId));
      // The tower's upkeep in both: the same wealth draws the same raid.
      await s.setup.container('materials', [
        { itemName: 'Scrap Metal', quality: 50, quantity: 150 },
        { itemName: 'Wood Planks', quality: 50, quantity: 20 },
      ]);
    }
    await db()
      .insert(buildings)
      .values({ settlementId: a.setup.settlementId, type: 'watchtower', name: 'Tower', level: 1, condition: 3 });
    const plan = await a.setup.firstRaid(120, DAY, SCALE);
    expect(await b.setup.firstRaid(120, DAY, SCALE)).toEqual(plan);
    const drawn = planTime(plan.night, DAY, 777);
    for (const s of [a, b]) await advanceTo(drawn + 1, s.setup.settlementId);
    const [ta, tb] = [await a.setup.row(), await b.setup.row()];
    expect(ta.raidArriveAt!.getTime()).toBe(tb.raidArriveAt!.getTime());
    const lead = (r: typeof ta) => r.raidArriveAt!.getTime() - r.raidWarnAt!.getTime();
    expect(lead(tb)).toBe(Math.round(RAID_WARNING_MS * SCALE));
    expect(lead(ta)).toBe(Math.round(RAID_WARNING_MS * WATCHTOWER_WARNING_FACTOR * SCALE));
  }, 60_000);

  test('an Infirmary heals the wounded twice as fast, and one dose treats two of them (the same raid without one)', async () => {
    const a = await founded();
    const b = await founded();
    const createdAt = (await a.setup.row()).createdAt;
    for (const s of [a, b]) {
      await db().update(settlements).set({ seed: 777, createdAt }).where(eq(settlements.id, s.setup.settlementId));
      // A strong raid (1,000 units above the protected parts) against twelve defenders: several are hurt.
      for (let i = 0; i < 4; i++)
        await s.setup.container('materials', [{ itemName: 'Scrap Metal', quality: 50, quantity: 300 }], 4);
      await s.setup.container('medicine', [
        { itemName: 'Bandages', quality: 40, quantity: 20 },
        // The Infirmary's upkeep, in both so the raiders see the same wealth.
        { itemName: 'Glass Shards', quality: 40, quantity: 20 },
      ]);
      await s.setup.container('food', [{ itemName: 'Canned Beans', quality: 40, quantity: 50 }]);
      // The same seeds in both: the same skills, so the same fight.
      for (let i = 0; i < 12; i++) await s.setup.npc(`Defender ${i}`, { seed: 9000 + i });
    }
    await db()
      .insert(buildings)
      .values({ settlementId: a.setup.settlementId, type: 'infirmary', name: 'Infirmary', level: 1, condition: 3 });
    const plan = await a.setup.firstRaid(1000, DAY, SCALE);
    expect(await b.setup.firstRaid(1000, DAY, SCALE)).toEqual(plan);
    const drawn = planTime(plan.night, DAY, 777);
    for (const s of [a, b]) await advanceTo(drawn - 1, s.setup.settlementId);
    for (const s of [a, b]) await advanceTo(plan.arriveAt, s.setup.settlementId);
    const [ra] = await db().select().from(raids).where(eq(raids.settlementId, a.setup.settlementId));
    const [rb] = await db().select().from(raids).where(eq(raids.settlementId, b.setup.settlementId));
    // The same raid, the same wounded.
    expect(ra!.injured).toEqual(rb!.injured);
    const hurt = ra!.injured.length;
    expect(hurt).toBeGreaterThanOrEqual(2);
    expect(units(await b.setup.ledger('medicine'))).toBe(hurt);
    expect(units(await a.setup.ledger('medicine'))).toBe(Math.ceil(hurt / INFIRMARY_PATIENTS_PER_DOSE));
    const healedAt = async (id: number) =>
      (await db().select().from(npcs).where(eq(npcs.settlementId, id)))
        .filter((n) => ra!.injured.includes(n.name))
        .map((n) => n.injuredUntil!.getTime() - ra!.arrivedAt.getTime());
    // Treated: the medicine's time (halved again where a medic lives among them, in both alike); the Infirmary halves it.
    const treated = Math.round(TREATED_HEAL_MS * SCALE);
    const without = await healedAt(b.setup.settlementId);
    expect([treated, Math.round(treated * MEDIC_INJURY_SHARE)]).toContain(without[0]!);
    expect(without).toEqual(Array(hurt).fill(without[0]));
    expect(await healedAt(a.setup.settlementId)).toEqual(without.map((t) => Math.round(t * INFIRMARY_HEAL_SHARE)));
  }, 60_000);

  test('NPCs eat once a day; unfed for three days one leaves: its bed is freed and its gear put into storage', async () => {
    const { c, setup, id } = await founded();
    await setup.container('food', [{ itemName: 'Canned Beans', quality: 20, quantity: 1 }]);
    await setup.container('items');
    const npc = await setup.npc('Fay Lund', { gear: [{ itemName: 'Binoculars', quality: 66, quantity: 1 }] });
    const socket = TestSocket.open(server.url, c);
    await socket.next('players_list');
    const { createdAt, seed } = await setup.row();
    // The k-th meal after founding: the start of the k-th day after, at the settlement's own offset.
    const meal = (k: number) => mealTime(gameDay(createdAt.getTime(), DAY) + k, DAY, seed);

    await advanceTo(meal(1), setup.settlementId);
    expect((await db().select().from(npcs).where(eq(npcs.id, npc.id)))[0]!.unfedDays).toBe(0);
    expect(await setup.ledger('meal')).toEqual(new Map([['Canned Beans|20', 1]]));
    await advanceTo(meal(2), setup.settlementId);
    expect(await socket.next('npc_condition', (m) => m.condition === 'hungry')).toMatchObject({
      npcName: 'Fay Lund',
      settlementId: id,
    });
    const listed = (await (await c.get(`/api/settlements/${id}/npcs`)).json()) as { npcs: { condition: string }[] };
    expect(listed.npcs[0]!.condition).toBe('hungry');

    await advanceTo(meal(1 + UNFED_DAYS_TO_LEAVE), setup.settlementId);
    expect(await socket.next('npc_condition', (m) => m.condition === 'left')).toMatchObject({ npcName: 'Fay Lund' });
    socket.close();
    expect(await db().select().from(npcs).where(eq(npcs.id, npc.id))).toEqual([]);
    expect(await db().select().from(bedAssignments).where(eq(bedAssignments.settlementId, setup.settlementId))).toEqual([]);
    expect(await setup.stored('items')).toEqual(new Map([['Binoculars|66', 1]]));
  }, 60_000);

  test('walls eat their upkeep from storage each day; unpaid, they lose condition, then a level, and the members are told', async () => {
    const { c, setup, id } = await founded();
    // Level 2 walls cost 2 Wood Planks a day: storage holds one day's.
    const [walls] = await db()
      .insert(buildings)
      .values({ settlementId: setup.settlementId, type: 'walls', name: 'Palisade', level: 2 })
      .returning();
    await setup.container('materials', [{ itemName: 'Wood Planks', quality: 40, quantity: 2 }]);
    const socket = TestSocket.open(server.url, c);
    await socket.next('players_list');
    const { createdAt, seed } = await setup.row();
    const meal = (k: number) => mealTime(gameDay(createdAt.getTime(), DAY) + k, DAY, seed);
    const state = async () => {
      const [b] = await db().select().from(buildings).where(eq(buildings.id, walls!.id));
      return { level: b!.level, condition: b!.condition };
    };

    await advanceTo(meal(1), setup.settlementId);
    expect(await setup.ledger('upkeep')).toEqual(new Map([['Wood Planks|40', 2 * UPKEEP_PER_LEVEL.walls['Wood Planks']!]]));
    expect(await state()).toEqual({ level: 2, condition: CONDITION_MAX });
    for (let day = 1; day <= CONDITION_MAX; day++) {
      await advanceTo(meal(1 + day), setup.settlementId);
      expect(await state()).toEqual({ level: 2, condition: CONDITION_MAX - day });
    }
    await advanceTo(meal(2 + CONDITION_MAX), setup.settlementId);
    expect(await state()).toEqual({ level: 1, condition: CONDITION_MAX });
    expect(await socket.next('building_decayed')).toMatchObject({ settlementId: id, buildingName: 'Palisade', level: 1 });
    socket.close();
    const { buildings: listed } = (await (await c.get(`/api/settlements/${id}/buildings`)).json()) as {
      buildings: { id: string; level: number; condition?: number }[];
    };
    expect(listed.find((b) => b.id === String(walls!.id))).toMatchObject({ level: 1, condition: CONDITION_MAX });
  }, 60_000);

  test('a member treats an injured NPC with medicine from the pack; not injured or no medicine: 409', async () => {
    const { c, setup, id } = await founded();
    const npc = await setup.npc('Gil Moss');
    const treat = () => c.post(`/api/npcs/${npc.id}/treat`, { worldId: W });
    expect((await treat()).status).toBe(409);
    await db()
      .update(npcs)
      .set({
        injuredUntil: new Date(clock + DAY),
        phase: 'rest',
        phaseStartedAt: new Date(clock),
        phaseEndsAt: new Date(clock + DAY),
      })
      .where(eq(npcs.id, npc.id));
    const none = await treat();
    expect(none.status).toBe(409);
    expect(((await none.json()) as { message: string }).message).toContain('no medicine');
    await f.give(c as never, 'Bandages', 1, 30);
    await f.give(c as never, 'Antibiotics', 1, 90);
    const ok = await treat();
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { npc: { condition: string }; message: string };
    expect(body.npc.condition).toBe('fit');
    // The best medicine is used; the Bandages stay in the pack.
    const inv = (await (await c.get(`/api/player/inventory?worldId=${W}`)).json()) as { items: { itemName: string }[] };
    const names = inv.items.map((i) => i.itemName);
    expect(names).toContain('Bandages');
    expect(names).not.toContain('Antibiotics');
    expect((await db().select().from(npcs).where(eq(npcs.id, npc.id)))[0]!.injuredUntil).toBeNull();
    // The dose is in the ledger as the settlement's own medicine would be: from this member's pack.
    expect((await setup.ledgerLines('medicine')).map((l) => ({ ...l, id: 0, at: 0 }))).toEqual([
      {
        id: 0,
        at: 0,
        settlementId: setup.settlementId,
        worldId: W,
        reason: 'medicine',
        source: 'pack',
        userId: c.id,
        itemName: 'Antibiotics',
        quality: 90,
        quantity: 1,
      },
    ]);
    // Someone else's NPC: 403.
    const other = await f.playerAt(f.spot());
    expect((await other.post(`/api/npcs/${npc.id}/treat`, { worldId: W })).status).toBe(403);
    void id;
  }, 30_000);

  test("a due moment stored before clock offsets (the plain midnight or noon) moves to the settlement's own", async () => {
    const { setup } = await founded();
    let seed = 1;
    while (clockOffset(seed, DAY) < 0.05 * DAY) seed += 1;
    await db().update(settlements).set({ seed, simDueAt: null }).where(eq(settlements.id, setup.settlementId));
    await advanceTo(clock, setup.settlementId);
    const row = await setup.row();
    const next = nextClockEvent(
      { createdAt: row.createdAt.getTime(), seed, upkeepDay: row.upkeepDay, raidNight: row.raidNight, raid: null },
      DAY,
    );
    expect(row.simDueAt!.getTime()).toBe(next.at);
    // As a server before the offsets left it: due at the plain moment, already past.
    const plain = next.at - clockOffset(seed, DAY);
    await db()
      .update(settlements)
      .set({ simDueAt: new Date(plain) })
      .where(eq(settlements.id, setup.settlementId));
    await advanceTo(Math.max(clock, plain), setup.settlementId);
    const after = await setup.row();
    expect(after.simDueAt!.getTime()).toBe(next.at);
    expect({ upkeepDay: after.upkeepDay, raidNight: after.raidNight }).toEqual({
      upkeepDay: row.upkeepDay,
      raidNight: row.raidNight,
    });
  }, 30_000);
});
