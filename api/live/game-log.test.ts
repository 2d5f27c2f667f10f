import { afterAll, beforeAll, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { type Database, repositories } from '../../db/index.ts';
import { worldEvents } from '../../db/schema/index.ts';
import { openTestDatabase } from '../testing/databases.ts';
import type { Entity } from './entity.ts';
import { GameLog } from './game-log.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase('pglite');
});
afterAll(() => database.close());

test('leaves (and joins) arriving together for one player write one line: a phone closing its sockets at once', async () => {
  const log = new GameLog(repositories(database.db), () => {});
  const e = { id: 'u-presence', worldId: 'default', name: 'Rex', displayName: null } as unknown as Entity;
  await log.presence(e, 'join');
  await Promise.all([log.presence(e, 'leave'), log.presence(e, 'leave'), log.presence(e, 'leave')]);
  await Promise.all([log.presence(e, 'join'), log.presence(e, 'join')]);
  const lines = await database.db
    .select({ type: worldEvents.type })
    .from(worldEvents)
    .where(and(eq(worldEvents.worldId, 'default'), eq(worldEvents.playerId, 'u-presence')))
    .orderBy(worldEvents.id);
  expect(lines.map((l) => l.type)).toEqual(['join', 'leave', 'join']);
});
