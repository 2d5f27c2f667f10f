/**
 * Who stands at a settlement, as the simulation sees it with two server processes on one Postgres database: the
 * member's socket (and so their survivor) is on the process that does not simulate. A member standing there when the
 * raiders arrive defends it, the Defence panel read through the simulating process counts them, and a finished craft
 * goes into the pack of the crafter standing at the bench. Reading who is there opens no room on the simulating
 * process (each room it opens would say `hello` and set the other process publishing that world's moves for 15 s).
 * Needs DATABASE_URL.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { inventoryItems, players, raids, settlements } from '../../../db/schema/index.ts';
import type { DefenceView } from '../../contract/raids.ts';
import { craftInputs, recipeById } from '../../game/crafting.ts';
import { defence, gameDay, nightOf } from '../../game/raids.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { TestSocket } from '../../testing/live.ts';
import type { ServerProcess } from '../../testing/process.ts';
import { twoProcessesWithSettlement } from '../../testing/two-processes.ts';
import { until } from '../../testing/until.ts';
import { LEASE_TAKEN_LINE } from './lease.ts';
import { describeOnPostgres } from '../../testing/databases.ts';

/** Ten-minute days: no meal or raid draw of its own comes during the test; only the raid it sets up. */
const DAY = 600_000;
const radio = recipeById('portable-radio')!;

/** Survivors leased for 3 s instead of 6 and written back every second instead of every 2: the last test waits out a lease. */
const OWNER_LEASE_MS = 3_000;

/** What `check` finds once it finds something, polled until `timeoutMs`. */
async function found<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  let value: T | null | undefined | false;
  await until(async () => Boolean((value = await check())), { what, timeoutMs });
  return value as T;
}

/** Worlds with an open room on the process (its /metrics). */
async function roomsOf(p: ServerProcess): Promise<number> {
  const text = await (await fetch(`${p.url}/metrics`)).text();
  const m = /^wasteland_live_rooms (\d+)/m.exec(text);
  if (!m) throw new Error('no wasteland_live_rooms gauge');
  return Number(m[1]);
}

describeOnPostgres('the simulation sees members standing at a settlement through the other process', () => {
  // NPC time a hundred times faster: a radio takes 1.2 s at the bench. The NPC leases looked at four times a second.
  const two = twoProcessesWithSettlement(
    {
      WORLD_SEED: '3535',
      NPC_TIME_SCALE: '0.01',
      DAY_CYCLE_MS: String(DAY),
      NPC_LEASE_CHECK_MS: '250',
      WRITE_BACK_INTERVAL_MS: '1000',
      OWNER_LEASE_MS: String(OWNER_LEASE_MS),
    },
    { npcsPerSettlement: 0, spreadMs: 0 },
  );
  let leader: ServerProcess;
  let other: ServerProcess;
  let member: TestClient & { id: string };
  let socket: TestSocket;
  let settlementId: number;
  /** The most rooms the simulating process had open at once, sampled while the tests run. */
  let leaderRooms = 0;
  let watching: ReturnType<typeof setInterval> | null = null;

  beforeAll(async () => {
    const { p1, p2, database, setup } = two;
    const db = database.db;
    await until(() => p1.output().includes(LEASE_TAKEN_LINE) || p2.output().includes(LEASE_TAKEN_LINE), {
      what: 'a process takes the NPC lease',
      timeoutMs: 20_000,
    });
    ({ leader, other } = two.simulating());
    watching = setInterval(() => {
      void roomsOf(leader)
        .then((n) => {
          leaderRooms = Math.max(leaderRooms, n);
        })
        .catch(() => {});
    }, 50);

    // The member founded the settlement and stands at it; every call of theirs goes to the other process.
    const s = await setup.row();
    settlementId = s.id;
    member = new TestClient(other.url) as TestClient & { id: string };
    member.id = (await member.register(uniqueName('sp'))).id;
    expect((await member.post('/api/lobby/join-game')).status).toBe(200);
    await db
      .insert(players)
      .values({ userId: member.id, worldId: 'default', name: uniqueName('st'), x: s.x, y: s.y, color: '#fff' });
    await db.update(settlements).set({ founderId: member.id }).where(eq(settlements.id, s.id));
    socket = TestSocket.open(other.url, member);
    await socket.next('players_list');
    // Held by the other process, which has written back that they are online (it does every second here).
    await until(
      async () => {
        const [row] = await db
          .select()
          .from(players)
          .where(and(eq(players.userId, member.id), eq(players.worldId, 'default')));
        return row?.isOnline === true && row.ownerProcess !== null;
      },
      { what: 'the survivor is held and online' },
    );
  }, 60_000);

  afterAll(() => {
    if (watching) clearInterval(watching);
    socket?.close();
  });

  /** Nothing left open on the simulating process (by an earlier read or raid): only the other one serves the world. */
  const noRoomOnLeader = () => until(async () => (await roomsOf(leader)) === 0, { what: 'no room on the simulating process' });

  test('a member standing there when the raiders arrive defends it', async () => {
    const db = two.database.db;
    await noRoomOnLeader();
    // A raid already announced arrives in a second; no NPC, no rounds, level-0 containers: only the member defends.
    const now = Date.now();
    const arriveAt = now + 1000;
    await db
      .update(settlements)
      .set({
        upkeepDay: gameDay(now, DAY) + 3,
        raidNight: nightOf(now, DAY) + 3,
        raidWarnAt: new Date(now - 1000),
        raidArriveAt: new Date(arriveAt),
        raidStrength: 40,
        raidWarned: true,
        simDueAt: new Date(arriveAt),
      })
      .where(eq(settlements.id, settlementId));
    const raid = await found(
      'the raid arrives',
      async () => (await db.select().from(raids).where(eq(raids.settlementId, settlementId)))[0],
      20_000,
    );
    const alone = defence({ npcs: [], players: 1, containers: [], ammo: 0 }).rating;
    expect(alone).toBeGreaterThan(0);
    expect(raid.defence).toBe(alone);
    expect(leaderRooms).toBe(0);
  }, 40_000);

  test('the Defence panel read through the simulating process counts them', async () => {
    await noRoomOnLeader();
    const panel = (await (await member.at(leader.url).get(`/api/settlements/${settlementId}/defence`)).json()) as DefenceView;
    expect(panel.defenders).toBe(1);
    expect(leaderRooms).toBe(0);
  });

  test('a finished craft goes into the pack of the crafter standing at the bench', async () => {
    const { database, setup } = two;
    const db = database.db;
    for (const [itemName, quantity] of Object.entries(craftInputs(radio, 1))) {
      await db.insert(inventoryItems).values({ userId: member.id, worldId: 'default', itemName, quality: 50, quantity });
    }
    await noRoomOnLeader();
    expect((await member.post(`/api/settlements/${settlementId}/craft`, { recipeId: radio.id, quantity: 1 })).status).toBe(200);
    const done = await socket.next('craft_done', undefined, 20_000);
    expect(done.deliveredTo).toBe('pack');
    const pack = await db.select().from(inventoryItems).where(eq(inventoryItems.userId, member.id));
    expect(pack.map((r) => [r.itemName, r.quantity])).toEqual([['Portable Radio', 1]]);
    const stored = [...(await setup.stored('items')).keys()];
    expect(stored.filter((k) => k.startsWith('Portable Radio|'))).toEqual([]);
    expect(leaderRooms).toBe(0);
  }, 40_000);

  test('once the process holding them dies, they stop counting (its lease lapses)', async () => {
    other.kill('SIGKILL');
    await other.exited;
    const killedAt = Date.now();
    const reader = member.at(leader.url);
    await until(
      async () => ((await (await reader.get(`/api/settlements/${settlementId}/defence`)).json()) as DefenceView).defenders === 0,
      { what: 'the panel stops counting them', timeoutMs: OWNER_LEASE_MS + 5_000 },
    );
    console.log(`  no longer counted ${Date.now() - killedAt} ms after SIGKILL`);
  }, 30_000);
});
