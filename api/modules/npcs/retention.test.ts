import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import { type Database, repositories } from '../../../db/index.ts';
import { retentionRepo } from '../../../db/repos/retention.ts';
import { chatMessages, npcSpawnSignals, users, worldEvents } from '../../../db/schema/index.ts';
import { CHAT_HISTORY_LIMIT } from '../../game/chat.ts';
import { NPC_OFFER_TTL_MS } from '../../game/npcs.ts';
import { CHAT_RETENTION_MS, GAME_LOG_KEPT, GAME_LOG_RETENTION_MS, OFFER_RETENTION_MS } from '../../game/retention.ts';
import { backends, openTestDatabase } from '../../testing/databases.ts';
import { startTestServer } from '../../testing/server.ts';
import { pruneOldRows } from './retention.ts';

/**
 * Chat_messages, world_events and npc_spawn_signals no longer only grow. What the game shows stays
 * (a world's chat history and game log, each survivor's latest entered/left line, open offers); older rows past their
 * retention go, in bounded batches, from the process that holds the NPC lease.
 */
const NOW = Date.parse('2026-11-24T12:00:00Z');
const DAY = 24 * 3600_000;
const at = (msAgo: number) => new Date(NOW - msAgo);

async function user(db: Database['db'], name: string): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, username: name, usernameKey: name, passwordHash: 'unused' });
  return id;
}

/** Old and young rows of every kind, in two worlds; answers who is who. */
async function seed(db: Database['db']) {
  const ada = await user(db, `ada${Math.random().toString(36).slice(2, 8)}`);
  const ben = await user(db, `ben${Math.random().toString(36).slice(2, 8)}`);
  const old = CHAT_RETENTION_MS + DAY;
  // World a: 100 old radio messages and 30 from the last hour; world b: 10 old ones (all within its history).
  await db.insert(chatMessages).values([
    ...Array.from({ length: 100 }, (_, i) => ({
      worldId: 'a',
      userId: ada,
      displayName: 'Ada',
      message: `old ${i}`,
      createdAt: at(old - i * 1000),
    })),
    ...Array.from({ length: 30 }, (_, i) => ({
      worldId: 'a',
      userId: ben,
      displayName: 'Ben',
      message: `new ${i}`,
      createdAt: at(3600_000 - i * 1000),
    })),
    ...Array.from({ length: 10 }, (_, i) => ({
      worldId: 'b',
      userId: ada,
      displayName: 'Ada',
      message: `b ${i}`,
      createdAt: at(old - i * 1000),
    })),
  ]);
  // World a's log: Ada left and entered again long ago and is still here (her latest presence line is old, her last
  // departure older: the away report starts there); Ben entered and left long ago (his leave line is his latest);
  // then 200 old travel lines and 30 young ones.
  const logOld = GAME_LOG_RETENTION_MS + DAY;
  await db.insert(worldEvents).values([
    { worldId: 'a', type: 'leave', playerId: ada, message: 'Ada left the wasteland', createdAt: at(logOld + 11_000) },
    { worldId: 'a', type: 'join', playerId: ada, message: 'Ada entered the wasteland', createdAt: at(logOld + 10_000) },
    { worldId: 'a', type: 'join', playerId: ben, message: 'Ben entered the wasteland', createdAt: at(logOld + 9000) },
    { worldId: 'a', type: 'leave', playerId: ben, message: 'Ben left the wasteland', createdAt: at(logOld + 8000) },
    ...Array.from({ length: 200 }, (_, i) => ({
      worldId: 'a',
      type: 'move' as const,
      playerId: ada,
      message: `Ada travelled ${i}`,
      createdAt: at(logOld - i * 10),
    })),
    ...Array.from({ length: 30 }, (_, i) => ({
      worldId: 'a',
      type: 'discover' as const,
      playerId: ada,
      message: `Ada discovered ${i}`,
      createdAt: at(3600_000 - i * 10),
    })),
  ]);
  // Offers: open now, lapsed a little while ago (kept for its retention), lapsed days ago (gone).
  const offer = (userId: string, npcName: string, createdAt: Date) => ({
    userId,
    worldId: 'a',
    poiId: 'poi_x',
    npcName,
    npcDescription: 'A drifter.',
    createdAt,
  });
  await db
    .insert(npcSpawnSignals)
    .values([
      offer(ada, 'Open Offer', at(60_000)),
      offer(ada, 'Recent Offer', at(NPC_OFFER_TTL_MS + 60_000)),
      offer(ben, 'Stale Offer', at(OFFER_RETENTION_MS + 60_000)),
    ]);
  return { ada, ben };
}

describe.each(backends())('old rows are pruned, what the game shows stays, on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(() => database?.close());

  test('chat beyond a world history and 7 days, log lines beyond the kept ones, lapsed offers: in bounded batches', async () => {
    const db = database.db;
    const { ada, ben } = await seed(db);
    const repos = repositories(db);
    const shown = {
      historyA: await repos.chat.history('a', ben, CHAT_HISTORY_LIMIT),
      historyB: await repos.chat.history('b', ben, CHAT_HISTORY_LIMIT),
      log: await repos.world.recentEvents('a', 50),
      kept: await repos.world.recentEvents('a', GAME_LOG_KEPT),
    };
    const repo = retentionRepo(db);

    // A pass is bounded: 3 batches of 7 rows per table at most.
    const first = await pruneOldRows(repo, NOW, 7, 3);
    expect(first).toEqual({ chat: 21, events: 21, offers: 1, notices: 0 });
    // Later passes drain the rest, then find nothing.
    let passes = 1;
    for (;;) {
      const p = await pruneOldRows(repo, NOW, 7, 3);
      if (p.chat + p.events + p.offers + p.notices === 0) break;
      passes += 1;
    }
    expect(passes).toBeGreaterThan(3);

    // Chat: world a keeps its newest 50 (the history), world b all 10 (young or not, they are its history).
    const count = async (table: typeof chatMessages | typeof worldEvents, worldId: string) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.worldId, worldId)))[0]!.n;
    expect(await count(chatMessages, 'a')).toBe(CHAT_HISTORY_LIMIT);
    expect(await count(chatMessages, 'b')).toBe(10);
    expect(await repos.chat.history('a', ben, CHAT_HISTORY_LIMIT)).toEqual(shown.historyA);
    expect(await repos.chat.history('b', ben, CHAT_HISTORY_LIMIT)).toEqual(shown.historyB);

    // Game log: the newest GAME_LOG_KEPT lines (the 50 shown among them), each survivor's latest presence line and
    // their latest departure.
    expect(await count(worldEvents, 'a')).toBe(GAME_LOG_KEPT + 3);
    expect(await repos.world.recentEvents('a', 50)).toEqual(shown.log);
    expect(await repos.world.recentEvents('a', GAME_LOG_KEPT)).toEqual(shown.kept);
    expect(await repos.world.lastPresenceEvent('a', ada)).toBe('join');
    expect(await repos.world.lastPresenceEvent('a', ben)).toBe('leave');
    const presence = await db.select().from(worldEvents).where(sql`${worldEvents.type} in ('join', 'leave')`);
    expect(presence.map((e) => e.message).sort()).toEqual([
      'Ada entered the wasteland',
      'Ada left the wasteland',
      'Ben left the wasteland',
    ]);

    // Offers: the open one and the recently lapsed one stay; the one lapsed days ago went.
    const offers = await db.select().from(npcSpawnSignals);
    expect(offers.map((o) => o.npcName).sort()).toEqual(['Open Offer', 'Recent Offer']);
    expect(await repos.actions.latestNpcSignal(ada, 'a', at(NPC_OFFER_TTL_MS))).toMatchObject({ npcName: 'Open Offer' });
  }, 30_000);
});

describe.each(backends())('the server holding the NPC lease prunes on %s', (backend) => {
  test('old rows written before start are gone within seconds; the young ones stay', async () => {
    const database = await openTestDatabase(backend);
    await seed(database.db);
    // The server's clock is NOW: its first simulation round prunes what is past retention by then.
    const server = await startTestServer(backend, { database, now: () => new Date(NOW) });
    try {
      const db = database.db;
      const rows = async (table: typeof chatMessages | typeof worldEvents | typeof npcSpawnSignals) =>
        (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
      const total = async () => (await rows(chatMessages)) + (await rows(worldEvents)) + (await rows(npcSpawnSignals));
      const expected = CHAT_HISTORY_LIMIT + 10 + GAME_LOG_KEPT + 3 + 2;
      const deadline = Date.now() + 15_000;
      while ((await total()) !== expected && Date.now() < deadline) await Bun.sleep(200);
      expect({ chat: await rows(chatMessages), log: await rows(worldEvents), offers: await rows(npcSpawnSignals) }).toEqual({
        chat: CHAT_HISTORY_LIMIT + 10,
        log: GAME_LOG_KEPT + 3,
        offers: 2,
      });
    } finally {
      await server.stop();
      await database.close();
    }
  }, 40_000);
});
