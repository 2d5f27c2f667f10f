/**
 * The bench across two server processes on one Postgres database: jobs queued through one process, the
 * simulating process killed outright in the middle of the queue; the other takes the simulation over and delivers
 * the rest. Every job is delivered exactly once and nothing is lost. Needs DATABASE_URL.
 */
import { expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { craftJobs, inventoryItems, players, settlements } from '../../../db/schema/index.ts';
import { craftInputs, recipeById } from '../../game/crafting.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { units } from '../../testing/raids.ts';
import { twoProcessesWithSettlement } from '../../testing/two-processes.ts';
import { LEASE_TAKEN_LINE } from '../npcs/lease.ts';
import { describeOnPostgres } from '../../testing/databases.ts';

const JOBS = 4;
const radio = recipeById('portable-radio')!;

describeOnPostgres('the bench with two processes', () => {
  // NPC time a hundred times faster: a radio takes 1.2 s at the bench, four of them about 5 s. The leases are looked
  // at four times a second: the other process takes the world within half a second of the kill.
  const two = twoProcessesWithSettlement(
    { WORLD_SEED: '2929', NPC_TIME_SCALE: '0.01', NPC_LEASE_CHECK_MS: '250' },
    { npcsPerSettlement: 0, spreadMs: 0 },
  );

  test('the simulating process killed mid-queue: every job is delivered once, nothing is lost', async () => {
    const { p1, database, setup } = two;
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
    const { leader, other } = two.simulating();
    const firstDone = Date.now() + 60_000;
    while ((await db.select().from(craftJobs)).length === JOBS && Date.now() < firstDone) await Bun.sleep(50);
    expect((await db.select().from(craftJobs)).length).toBeLessThan(JOBS);
    leader.kill('SIGKILL');
    await leader.exited;

    const deadline = Date.now() + 40_000;
    while ((await db.select().from(craftJobs)).length > 0 && Date.now() < deadline) await Bun.sleep(100);
    expect(await db.select().from(craftJobs)).toEqual([]);
    expect(other.output()).toContain(LEASE_TAKEN_LINE);
    // Exactly four radios, in storage or in the crafter's pack (while they stood there), and nothing else changed.
    const stored = await setup.stored('items');
    const inStorage = [...stored.entries()].filter(([k]) => k.startsWith('Portable Radio|')).reduce((n, [, q]) => n + q, 0);
    const pack = await db.select().from(inventoryItems).where(eq(inventoryItems.userId, id));
    expect(pack.every((r) => r.itemName === 'Portable Radio')).toBe(true);
    expect(inStorage + pack.reduce((n, r) => n + r.quantity, 0)).toBe(JOBS);
    expect(units(await setup.stored())).toBe(before + inStorage);
  }, 120_000);
});
