/**
 * GET /api/player/report on both databases: the window from the survivor's last departure to their return, what the
 * running simulation stores as it happens (an NPC home with its finds), and what the report sums from the stored
 * notices and the ledger — nothing from before the departure or after the return. The clock is the test's.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { loadCoreForBun } from '../../../core-wasm/index.ts';
import { npcs, players, settlementNotices, storageLedger, worldEvents } from '../../../db/schema/index.ts';
import type { AwayReportAnswer } from '../../contract/report.ts';
import { STORAGE_CATEGORIES } from '../../contract/items.ts';
import { isDue } from '../../game/npc-sim.ts';
import { backends } from '../../testing/databases.ts';
import { TestClient } from '../../testing/client.ts';
import { RaidSetup } from '../../testing/raids.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { openSpots, type Player, SettlementFixture } from '../../testing/settlements.ts';
import { toSimState } from '../npcs/advance.ts';

const SEED = 7373;
const W = 'default';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(backends())('the away report on %s', (backend) => {
  let server: TestServer;
  let f: SettlementFixture;
  let clock = Math.floor(Date.now() / 1000) * 1000;
  const db = () => server.database.db;

  beforeAll(async () => {
    const core = await loadCoreForBun();
    // The work cycle alone: a day of 1,000 days brings no meal and no night (the ledger lines below stand for them).
    server = await startTestServer(backend, {
      worldSeed: SEED,
      seatTimeoutMs: 48 * HOUR,
      dayCycleMs: 1000 * 24 * HOUR,
      now: () => new Date(clock),
    });
    f = new SettlementFixture(server, openSpots(core, SEED));
  });
  afterAll(() => server.stop());

  const report = async (c: TestClient) => (await c.json<AwayReportAnswer>(c.get(`/api/player/report?worldId=${W}`))).report;
  const presence = (c: Player, type: 'join' | 'leave', at: number) =>
    db()
      .insert(worldEvents)
      .values({ worldId: W, type, playerId: c.id, message: `${c.username} ${type}`, createdAt: new Date(at) });

  test('signed out 401, a bad world id 400, an unknown world 404; a survivor who never left has no report', async () => {
    const visitor = new TestClient(server.url);
    expect((await visitor.get(`/api/player/report?worldId=${W}`)).status).toBe(401);
    const c = await f.playerAt(f.spot());
    expect((await c.get('/api/player/report?worldId=%00bad')).status).toBe(400);
    expect((await c.get('/api/player/report?worldId=w-nowhere1')).status).toBe(404);
    expect(await report(c)).toBeNull();
  });

  test('an NPC at work while its founder is away: its finds are in the report, as the storage holds them', async () => {
    const { c, settlement } = await f.founded();
    const sid = Number(settlement.id);
    const setup = new RaidSetup(db(), sid);
    for (const subtype of STORAGE_CATEGORIES) await setup.container(subtype);
    const npc = await setup.npc('Mara Quill', { assignment: 'scavenge', seed: 2000 + sid, dueAt: clock });
    const left = clock - MINUTE;
    await presence(c, 'leave', left);
    await db()
      .update(players)
      .set({ createdAt: new Date(left - HOUR) })
      .where(eq(players.userId, c.id));

    /** Waits for the runner (every 100 ms on a test server) to have stepped the NPC up to the clock. */
    const caughtUp = async () => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const [n] = await db().select().from(npcs).where(eq(npcs.id, npc.id));
        if (!isDue(toSimState(n!), clock)) return;
        if (Date.now() > deadline) throw new Error('the simulation did not catch up');
        await Bun.sleep(50);
      }
    };
    // An hour of game time: several journeys out and home.
    clock += HOUR;
    await caughtUp();
    const byItem = new Map<string, number>();
    for (const [key, n] of await setup.stored()) {
      const itemName = key.slice(0, key.lastIndexOf('|'));
      byItem.set(itemName, (byItem.get(itemName) ?? 0) + n);
    }
    expect(byItem.size).toBeGreaterThan(0);
    const notices = await db().select().from(settlementNotices).where(eq(settlementNotices.settlementId, sid));
    expect(notices.filter((n) => n.kind === 'returned').length).toBeGreaterThan(0);

    const r = (await report(c))!;
    expect(r).toMatchObject({ since: new Date(left).toISOString(), until: new Date(clock).toISOString(), awayMs: clock - left });
    expect(r.quiet).toBe(false);
    const mine = r.settlements.find((s) => s.settlementId === settlement.id)!;
    expect(mine.settlementName).toBe(settlement.name);
    expect(mine.journeys).toBe(notices.filter((n) => n.kind === 'returned').length);
    // Everything the NPC brought home is in storage (nothing else put anything there), and the report says so.
    const top = [...byItem].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 8);
    expect(mine.hauls).toEqual(top.map(([itemName, quantity]) => ({ itemName, quantity })));

    // Back in the world: what happens from then on is not part of the absence.
    await presence(c, 'join', clock);
    const before = await report(c);
    clock += HOUR;
    await caughtUp();
    expect(await report(c)).toEqual(before);
  }, 40_000);

  test('meals, medicine, upkeep, conditions, crafts, raids and decay within the absence; nothing from before it', async () => {
    const { c, settlement } = await f.founded();
    const sid = Number(settlement.id);
    const left = clock - 3 * HOUR;
    await presence(c, 'leave', left);
    const at = (msAfterLeave: number) => new Date(left + msAfterLeave);
    const notice = (kind: 'returned' | 'result' | 'condition' | 'craft' | 'decayed', ms: number, detail: object) => ({
      settlementId: sid,
      worldId: W,
      kind,
      at: at(ms),
      detail: detail as Record<string, unknown>,
    });
    await db()
      .insert(settlementNotices)
      .values([
        // Before the departure: not in the report.
        notice('returned', -MINUTE, { npcName: 'Old News', items: [{ itemName: 'Scrap Metal', quantity: 99 }] }),
        notice('returned', MINUTE, { npcName: 'Mara', items: [{ itemName: 'Scrap Metal', quantity: 3 }] }),
        notice('returned', 2 * MINUTE, {
          npcName: 'Mara',
          items: [
            { itemName: 'Cloth Scraps', quantity: 2 },
            { itemName: 'Scrap Metal', quantity: 1 },
          ],
        }),
        notice('returned', 3 * MINUTE, { npcName: 'Mara', items: [] }),
        notice('condition', 4 * MINUTE, { npcName: 'Mara', condition: 'hungry' }),
        notice('condition', 5 * MINUTE, { npcName: 'Mara', condition: 'hungry' }),
        notice('condition', 6 * MINUTE, { npcName: 'Tobin', condition: 'left' }),
        notice('craft', 7 * MINUTE, { itemName: 'Bandage', quantity: 2 }),
        notice('result', 8 * MINUTE, {
          outcome: 'breached',
          strength: 40,
          defence: 12,
          losses: [
            { itemName: 'Canned Beans', quantity: 4 },
            { itemName: 'Canned Beans', quantity: 2 },
          ],
          injured: ['Ivo'],
        }),
        notice('decayed', 9 * MINUTE, { buildingName: 'Walls', level: 1 }),
      ]);
    const line = (reason: 'meal' | 'medicine' | 'upkeep' | 'raid', ms: number, itemName: string, quantity: number) => ({
      settlementId: sid,
      worldId: W,
      at: at(ms),
      reason,
      itemName,
      quality: 50,
      quantity,
    });
    await db()
      .insert(storageLedger)
      .values([
        line('meal', -MINUTE, 'Canned Beans', 50),
        line('meal', 10 * MINUTE, 'Canned Beans', 2),
        line('meal', 11 * MINUTE, 'Purified Water', 1),
        line('meal', 12 * MINUTE, 'Canned Beans', 1),
        line('medicine', 13 * MINUTE, 'Bandage', 1),
        line('upkeep', 14 * MINUTE, 'Scrap Metal', 2),
        line('upkeep', 15 * MINUTE, 'Wood Planks', 2),
        // Told with its raid, not again as spending.
        line('raid', 8 * MINUTE, 'Canned Beans', 6),
      ]);
    // Since the survivor was made, so the window is the departure's.
    await db()
      .update(players)
      .set({ createdAt: new Date(left - HOUR) })
      .where(eq(players.userId, c.id));

    const r = (await report(c))!;
    expect(r.awayMs).toBe(clock - left);
    expect(r.opensAfterMs).toBe(10 * MINUTE);
    expect(r.settlements.find((s) => s.settlementId === settlement.id)).toEqual({
      settlementId: settlement.id,
      settlementName: settlement.name,
      hauls: [
        { itemName: 'Scrap Metal', quantity: 4 },
        { itemName: 'Cloth Scraps', quantity: 2 },
      ],
      journeys: 2,
      meals: [
        { itemName: 'Canned Beans', quantity: 3 },
        { itemName: 'Purified Water', quantity: 1 },
      ],
      hungry: ['Mara'],
      injured: ['Ivo'],
      left: ['Tobin'],
      treatments: [{ itemName: 'Bandage', quantity: 1 }],
      crafts: [{ itemName: 'Bandage', quantity: 2 }],
      raids: [
        {
          at: at(8 * MINUTE).toISOString(),
          outcome: 'breached',
          strength: 40,
          defence: 12,
          losses: [{ itemName: 'Canned Beans', quantity: 6 }],
          injured: ['Ivo'],
        },
      ],
      upkeep: [
        { itemName: 'Scrap Metal', quantity: 2 },
        { itemName: 'Wood Planks', quantity: 2 },
      ],
      decayed: [{ buildingName: 'Walls', level: 1 }],
    });

    // Another survivor with no settlement there reads none of it.
    const other = await f.playerAt(f.spot());
    await presence(other, 'leave', left);
    const theirs = (await report(other))!;
    expect(theirs.settlements).toEqual([]);
    expect(theirs.quiet).toBe(true);
  });
});
