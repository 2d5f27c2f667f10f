/**
 * A day with no server is caught up exactly as live play would have gone: two servers on two databases
 * hold the same settlement (same seed, founding, storage and NPCs, a worker among them); one is stepped a few
 * seconds at a time through an in-game day with a raid in its night, the other jumps the whole day at once. Raids,
 * storage, the ledger and every NPC end up the same.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import { loadCoreForBun } from '../../../core-wasm/index.ts';
import { npcs, raids, settlements } from '../../../db/schema/index.ts';
import { gameDay, nightOf } from '../../game/raids.ts';
import { backends } from '../../testing/databases.ts';
import { RaidSetup } from '../../testing/raids.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { openSpots, SettlementFixture } from '../../testing/settlements.ts';

const SEED = 6161;
const DAY = 60_000;
const SCALE = 0.02;
const START = Date.parse('2026-11-24T12:00:00Z') + 0.1 * DAY;

describe.each(backends())('a day offline with raids and upkeep on %s', (backend) => {
  const copies: { server: TestServer; clock: number; setup: RaidSetup }[] = [];

  beforeAll(async () => {
    const spots = openSpots(await loadCoreForBun(), SEED, 1);
    for (let i = 0; i < 2; i++) {
      const copy = { clock: START } as (typeof copies)[number];
      copy.server = await startTestServer(backend, {
        worldSeed: SEED,
        dayCycleMs: DAY,
        npcTimeScale: SCALE,
        seatTimeoutMs: 365 * 24 * 60 * DAY,
        now: () => new Date(copy.clock),
      });
      const { settlement } = await new SettlementFixture(copy.server, spots).founded();
      const db = copy.server.database.db;
      copy.setup = new RaidSetup(db, Number(settlement.id));
      // Founded three days ago (past beginner's protection), the same seed: the same raid will come to both.
      await db
        .update(settlements)
        // Its clock starts now (whether or not the simulation has already seen it): no back nights replayed.
        .set({
          seed: 31337,
          createdAt: new Date(START - 3 * DAY),
          raidNight: nightOf(START, DAY),
          upkeepDay: gameDay(START, DAY),
          simDueAt: null,
        })
        .where(eq(settlements.id, copy.setup.settlementId));
      await copy.setup.container('materials', [{ itemName: 'Scrap Metal', quality: 60, quantity: 100 }]);
      await copy.setup.container('food', [{ itemName: 'Canned Beans', quality: 30, quantity: 45 }]);
      await copy.setup.container('ammo', [{ itemName: 'Shotgun Shells', quality: 50, quantity: 3 }]);
      await copy.setup.container('medicine', [{ itemName: 'Medicinal Herbs', quality: 50, quantity: 2 }]);
      for (const name of ['Hal Reed', 'Ivy Stone']) await copy.setup.npc(name);
      // Given work at START in both copies: an idle worker would start whenever its server's simulation first saw
      // it, and on a busy machine one copy's first look came only after the clock had jumped (a day and a half of
      // foraging against three and a half: a different raid, other meals).
      await copy.setup.npc('Jo Park', { assignment: 'foraging', seed: 99, dueAt: START });
      copies.push(copy);
    }
    // Both simulations have seen everything at START before either clock moves: a world is taken by its process's
    // lease a check or two after its first settlement appears (api/modules/npcs/lease.ts), not at once.
    for (const c of copies) await advanceTo(c, START);
  }, 60_000);
  afterAll(async () => {
    for (const c of copies) await c.server.stop();
  });

  /** Moves a copy's clock and waits until its simulation has nothing due by it. */
  async function advanceTo(copy: (typeof copies)[number], t: number) {
    copy.clock = t;
    const db = copy.server.database.db;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [s] = await db
        .select({ due: settlements.simDueAt })
        .from(settlements)
        .where(eq(settlements.id, copy.setup.settlementId));
      const busy = await db.select({ ends: npcs.phaseEndsAt }).from(npcs).where(eq(npcs.settlementId, copy.setup.settlementId));
      if (s?.due && s.due.getTime() > t && busy.every((n) => !n.ends || n.ends.getTime() > t)) return;
      if (Date.now() > deadline) throw new Error('not simulated up to the clock');
      await Bun.sleep(20);
    }
  }

  async function state(copy: (typeof copies)[number]) {
    const db = copy.server.database.db;
    const id = copy.setup.settlementId;
    const raided = await db.select().from(raids).where(eq(raids.settlementId, id));
    const workers = await db.select().from(npcs).where(eq(npcs.settlementId, id)).orderBy(asc(npcs.id));
    return {
      raids: raided.map(({ id: _i, settlementId: _s, ...r }) => r),
      stored: await copy.setup.stored(),
      ledger: await copy.setup.ledger(),
      npcs: workers.map(({ id: _i, settlementId: _s, bedId: _b, createdAt: _c, ...n }) => n),
    };
  }

  test('stepped live or caught up at once: the same raids, storage, ledger and NPCs', async () => {
    const [live, caughtUp] = copies as [(typeof copies)[number], (typeof copies)[number]];
    // First both leave their founders' last calls behind (a player counts as present for a minute of the copy's
    // clock after one), so nobody is there in either copy.
    for (const c of copies) await advanceTo(c, START + 2 * DAY);
    const from = START + 2 * DAY;
    const until = from + DAY + 0.5 * DAY;
    for (let t = from + 4000; t < until; t += 4000) await advanceTo(live, t);
    await advanceTo(live, until);
    await advanceTo(caughtUp, until);
    const a = await state(live);
    const b = await state(caughtUp);
    expect(a.raids.length).toBeGreaterThanOrEqual(1);
    expect((await live.setup.ledger('meal')).size).toBeGreaterThan(0);
    expect(b).toEqual(a);
  }, 120_000);
});
