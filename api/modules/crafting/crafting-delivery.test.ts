/**
 * The bench in the simulation, on both databases: a job is delivered at its readyAt (to the crafter's pack
 * when they stand at the settlement, else to storage) with craft_done, once; the next job then starts at the pace of
 * the crafting NPCs at home. The queue survives a restart, and a catch-up after downtime delivers what live play
 * would have, at the same moments. The clock is the test's; NPC time runs 50 times faster.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { loadCoreForBun } from '../../../core-wasm/index.ts';
import type { Database } from '../../../db/index.ts';
import { craftJobs, inventoryItems, settlements } from '../../../db/schema/index.ts';
import { craftWorkMs, recipeById } from '../../game/crafting.ts';
import { gameDay, nightOf } from '../../game/raids.ts';
import { backends, openTestDatabase } from '../../testing/databases.ts';
import { TestSocket } from '../../testing/live.ts';
import { RaidSetup } from '../../testing/raids.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { openSpots, type Player, SettlementFixture } from '../../testing/settlements.ts';

const SEED = 2828;
const DAY = 600_000;
const SCALE = 0.02;
const radio = recipeById('portable-radio')!;
const bandages = recipeById('bandages')!;

describe.each(backends())('the bench in the simulation on %s', (backend) => {
  let database: Database;
  let server: TestServer;
  let f: SettlementFixture;
  let spots: { x: number; y: number }[];
  let clock = Date.parse('2026-11-27T12:00:00Z');
  const db = () => database.db;
  const start = () =>
    startTestServer(backend, {
      database,
      worldSeed: SEED,
      dayCycleMs: DAY,
      npcTimeScale: SCALE,
      seatTimeoutMs: 365 * 24 * 60 * DAY,
      now: () => new Date(clock),
    });

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    spots = openSpots(await loadCoreForBun(), SEED);
    server = await start();
    f = new SettlementFixture(server, spots);
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await database.close();
  });

  /** Moves the clock and waits until the simulation has nothing due by it at this settlement. */
  async function advanceTo(t: number, settlementId: number) {
    clock = t;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [s] = await db().select({ due: settlements.simDueAt }).from(settlements).where(eq(settlements.id, settlementId));
      if (s?.due && s.due.getTime() > clock) return;
      if (Date.now() > deadline) throw new Error(`settlement ${settlementId} not simulated up to the clock`);
      await Bun.sleep(25);
    }
  }

  const jobs = (settlementId: number) =>
    db().select().from(craftJobs).where(eq(craftJobs.settlementId, settlementId)).orderBy(craftJobs.id);
  const packOf = async (c: Player, itemName: string) =>
    (await db().select().from(inventoryItems).where(eq(inventoryItems.userId, c.id))).filter((r) => r.itemName === itemName);

  /** A founded settlement whose clock starts now (no back days replayed), with an items and a medicine container. */
  async function settlement() {
    const founded = await f.founded({ ...radio.inputs, 'Cloth Scraps': 2 * bandages.inputs['Cloth Scraps']! });
    const id = Number(founded.settlement.id);
    await db()
      .update(settlements)
      .set({ upkeepDay: gameDay(clock, DAY), raidNight: nightOf(clock, DAY) })
      .where(eq(settlements.id, id));
    const setup = new RaidSetup(db(), id);
    await setup.container('items');
    await setup.container('medicine');
    return { ...founded, id, setup };
  }

  test('the crafter at the settlement gets it in the pack with craft_done; the next job starts at the crafters’ pace', async () => {
    const { c, id, setup } = await settlement();
    const ws = TestSocket.open(server.url, c);
    await ws.next('players_list');
    const first = await c.json(c.post(`/api/settlements/${id}/craft`, { recipeId: radio.id, quantity: 1 }));
    const second = await c.json(c.post(`/api/settlements/${id}/craft`, { recipeId: bandages.id, quantity: 2 }));
    const readyAt = Date.parse(first.job.readyAt);
    expect(readyAt).toBe(clock + radio.seconds * 1000 * SCALE);
    // A crafter joins the bench while the radio is on it: the bandages, which start next, go twice as fast.
    await setup.npc('Cy Moss', { assignment: 'craft' });
    const [radioJob] = await jobs(id);

    await advanceTo(readyAt - 1, id);
    expect((await jobs(id)).map((j) => j.id)).toEqual([Number(first.job.id), Number(second.job.id)]);
    await advanceTo(readyAt, id);
    const done = await ws.next('craft_done');
    expect(done).toEqual({
      type: 'craft_done',
      settlementId: String(id),
      settlementName: expect.any(String),
      jobId: first.job.id,
      itemName: 'Portable Radio',
      quantity: 1,
      quality: radioJob!.quality,
      deliveredTo: 'pack',
    });
    expect((await packOf(c, 'Portable Radio')).map((r) => [r.quality, r.quantity])).toEqual([[radioJob!.quality, 1]]);
    const [next] = await jobs(id);
    expect(next!.startedAt!.getTime()).toBe(readyAt);
    expect(next!.readyAt!.getTime()).toBe(readyAt + Math.ceil(craftWorkMs(bandages, 2, SCALE) / 2));

    await advanceTo(next!.readyAt!.getTime() + 5_000, id);
    expect(await jobs(id)).toEqual([]);
    expect((await packOf(c, 'Bandages')).reduce((n, r) => n + r.quantity, 0)).toBe(2 * bandages.output.quantity);
    // Delivered once: nothing more turns up later.
    await advanceTo(clock + 30_000, id);
    expect((await packOf(c, 'Portable Radio')).reduce((n, r) => n + r.quantity, 0)).toBe(1);
    ws.ws.close();
  });

  test('a job delivered by a round that runs late (a loaded process, a lease handed over) is still told: craft_done', async () => {
    const { c, id } = await settlement();
    const ws = TestSocket.open(server.url, c);
    await ws.next('players_list');
    const first = await c.json(c.post(`/api/settlements/${id}/craft`, { recipeId: radio.id, quantity: 1 }));
    const readyAt = Date.parse(first.job.readyAt);
    // The round that delivers it comes 20 s after the job was ready: past the live window of raids and conditions.
    await advanceTo(readyAt + 20_000, id);
    expect(await jobs(id)).toEqual([]);
    const done = await ws.next('craft_done');
    expect(done).toMatchObject({ jobId: first.job.id, itemName: 'Portable Radio', quantity: 1 });
    ws.ws.close();
  });

  test('the queue survives a restart; a catch-up delivers into storage at the same moments as live play', async () => {
    const { c, id, setup } = await settlement();
    const crafter = await setup.npc('Dee Vale', { assignment: 'craft' });
    const first = await c.json(c.post(`/api/settlements/${id}/craft`, { recipeId: radio.id, quantity: 1 }));
    first.quality = (await jobs(id))[0]!.quality;
    await c.json(c.post(`/api/settlements/${id}/craft`, { recipeId: bandages.id, quantity: 2 }));
    const radioReady = Date.parse(first.job.readyAt);
    expect(radioReady).toBe(clock + Math.ceil((radio.seconds * 1000 * SCALE) / 2));
    expect(crafter.assignment).toBe('craft');

    // The server goes down with both jobs queued, and comes back after the radio was due but before the bandages.
    await server.stop();
    const bandagesReady = radioReady + Math.ceil(craftWorkMs(bandages, 2, SCALE) / 2);
    clock = radioReady + Math.floor((bandagesReady - radioReady) / 2);
    server = await start();
    // The spots this file has used stay taken (settlements keep apart).
    f = new SettlementFixture(server, spots.slice(10));
    await advanceTo(clock, id);
    const [left] = await jobs(id);
    expect(left!.startedAt!.getTime()).toBe(radioReady);
    expect(left!.readyAt!.getTime()).toBe(bandagesReady);
    // Nobody stood there during the downtime: the radio went to the items container.
    const [radioJob] = await db()
      .select()
      .from(craftJobs)
      .where(eq(craftJobs.id, Number(first.job.id)));
    expect(radioJob).toBeUndefined();
    expect(await setup.stored('items')).toEqual(new Map([[`Portable Radio|${first.quality}`, 1]]));

    await advanceTo(bandagesReady + 1_000, id);
    expect(await jobs(id)).toEqual([]);
    expect([...(await setup.stored('medicine')).values()]).toEqual([2 * bandages.output.quantity]);
    expect(await packOf(c, 'Portable Radio')).toEqual([]);
  });
});
