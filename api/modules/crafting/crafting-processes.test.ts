/**
 * The bench across two server processes on one Postgres database (issue 27): jobs queued through one process, the
 * simulating process killed outright in the middle of the queue; the other takes the simulation over and delivers
 * the rest. Every job is delivered exactly once and nothing is lost. Needs DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { type Database, openDatabase } from '../../../db/index.ts';
import { craftJobs, inventoryItems, players, settlements } from '../../../db/schema/index.ts';
import { craftInputs, recipeById } from '../../game/crafting.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { freshPostgresUrl } from '../../testing/databases.ts';
import { seedNpcs } from '../../testing/npcs.ts';
import { type ServerProcess, spawnServer } from '../../testing/process.ts';
import { RaidSetup, units } from '../../testing/raids.ts';

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;
const LEASE_TAKEN = '[npcs] this process simulates the NPCs (lease taken)';
const JOBS = 4;
const radio = recipeById('portable-radio')!;

describeOnPostgres('the bench with two processes', () => {
  let p1: ServerProcess;
  let p2: ServerProcess;
  let database: Database;
  let setup: RaidSetup;

  beforeAll(async () => {
    const url = await freshPostgresUrl();
    // NPC time fifty times faster: a radio takes 2.4 s at the bench, four of them about 10 s.
    const env = { DATABASE_URL: url, WORLD_SEED: '2929', NPC_TIME_SCALE: '0.02' };
    p1 = await spawnServer(env);
    p2 = await spawnServer(env);
    database = await openDatabase({ url });
    await seedNpcs(database.db, {
      worldIds: ['default'],
      settlementsPerWorld: 1,
      npcsPerSettlement: 0,
      start: new Date(),
      spreadMs: 0,
    });
    const [s] = await database.db.select().from(settlements);
    setup = new RaidSetup(database.db, s!.id);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([p1?.stop(), p2?.stop()]);
    await database?.close();
  });

  test('the simulating process killed mid-queue: every job is delivered once, nothing is lost', async () => {
    const db = database.db;
    const s = await setup.row();
    // The founder stands at the settlement with the inputs for four radios in the pack.
    const c = new TestClient(p1.url);
    const id = (await c.register(uniqueName('cr'))).id;
    expect((await c.post('/api/lobby/join-game')).status).toBe(200);
    expect((await c.get('/api/world/default')).status).toBe(200);
    await db.insert(players).values({ userId: id, worldId: 'default', name: 'crafter', x: s.x, y: s.y, color: '#fff' });
    await db.update(settlements).set({ founderId: id }).where(eq(settlements.id, s.id));
    for (const [itemName, quantity] of Object.entries(craftInputs(radio, JOBS))) {
      await db.insert(inventoryItems).values({ userId: id, worldId: 'default', itemName, quality: 50, quantity });
    }
    const before = units(await setup.stored());
    for (let i = 0; i < JOBS; i++) {
      expect((await c.post(`/api/settlements/${s.id}/craft`, { recipeId: radio.id, quantity: 1 })).status).toBe(200);
    }
    expect(await db.select().from(inventoryItems).where(eq(inventoryItems.userId, id))).toEqual([]);

    // Once the first radio is delivered, the simulating process dies.
    const leader = p1.output().includes(LEASE_TAKEN) ? p1 : p2;
    const other = leader === p1 ? p2 : p1;
    const firstDone = Date.now() + 60_000;
    while ((await db.select().from(craftJobs)).length === JOBS && Date.now() < firstDone) await Bun.sleep(50);
    expect((await db.select().from(craftJobs)).length).toBeLessThan(JOBS);
    leader.kill('SIGKILL');
    await leader.exited;

    const deadline = Date.now() + 40_000;
    while ((await db.select().from(craftJobs)).length > 0 && Date.now() < deadline) await Bun.sleep(100);
    expect(await db.select().from(craftJobs)).toEqual([]);
    expect(other.output()).toContain(LEASE_TAKEN);
    // Exactly four radios, in storage or in the crafter's pack (while they stood there), and nothing else changed.
    const stored = await setup.stored('items');
    const inStorage = [...stored.entries()].filter(([k]) => k.startsWith('Portable Radio|')).reduce((n, [, q]) => n + q, 0);
    const pack = await db.select().from(inventoryItems).where(eq(inventoryItems.userId, id));
    expect(pack.every((r) => r.itemName === 'Portable Radio')).toBe(true);
    expect(inStorage + pack.reduce((n, r) => n + r.quantity, 0)).toBe(JOBS);
    expect(units(await setup.stored())).toBe(before + inStorage);
  }, 120_000);
});
