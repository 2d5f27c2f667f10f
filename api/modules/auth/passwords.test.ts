import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../../db/index.ts';
import { spawnServer } from '../../testing/process.ts';
import { backends } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { PRODUCTION_HASH_COST, TEST_HASH_COST } from './passwords.ts';

const PASSWORD = 'correct horse battery';
const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The cost a stored argon2id hash was made with, read from its PHC string. */
function costOf(hash: string): { memoryCost: number; timeCost: number } {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/.exec(hash);
  if (!m) throw new Error(`not an argon2id hash: ${hash.slice(0, 30)}`);
  return { memoryCost: Number(m[1]), timeCost: Number(m[2]) };
}

describe('password hashing cost', () => {
  test("production hashes at argon2id's recommended cost (64 MiB, 2 passes); only a setting lowers it", () => {
    expect(PRODUCTION_HASH_COST).toEqual({ memoryCost: 65536, timeCost: 2 });
    expect(loadConfig({}).passwordHashCost).toEqual(PRODUCTION_HASH_COST);
    expect(loadConfig({ PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_TIME_COST: '3' }).passwordHashCost).toEqual({
      memoryCost: 19456,
      timeCost: 3,
    });
    expect(() => loadConfig({ PASSWORD_HASH_MEMORY_KIB: '8' })).toThrow(
      `PASSWORD_HASH_MEMORY_KIB must be at least ${TEST_HASH_COST.memoryCost}, got 8`,
    );
    expect(() => loadConfig({ PASSWORD_HASH_TIME_COST: '0' })).toThrow('PASSWORD_HASH_TIME_COST must be at least 1, got 0');
  });

  // The production server as an operator runs it (no test settings): the hash it stores carries the real cost.
  test('a production server process stores a new account at 64 MiB and 2 passes, and signs it in', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wl-cost-'));
    const server = await spawnServer({ DATA_DIR: dataDir, PASSWORD_HASH_MEMORY_KIB: '', PASSWORD_HASH_TIME_COST: '' }, 60_000);
    const username = `cost${Date.now().toString(36)}`;
    try {
      const res = await post(server.url, '/api/auth/register', { username, password: PASSWORD, displayName: 'Cost' });
      expect(res.status).toBe(201);
      expect((await post(server.url, '/api/auth/login', { username, password: PASSWORD })).status).toBe(200);
    } finally {
      await server.stop();
    }
    const database = await openDatabase({ dataDir });
    try {
      const [row] = await database.db.select().from(users).where(eq(users.username, username));
      expect(costOf(row!.passwordHash)).toEqual(PRODUCTION_HASH_COST);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  for (const backend of backends()) {
    describe(`a test server on ${backend}`, () => {
      let server: TestServer;
      beforeAll(async () => {
        server = await startTestServer(backend);
      });
      afterAll(async () => {
        await server?.stop();
      });
      test('hashes at the test cost, and a hash of either cost signs in', async () => {
        const username = `tc${Date.now().toString(36)}`;
        const res = await post(server.url, '/api/auth/register', { username, password: PASSWORD, displayName: 'Tee' });
        expect(res.status).toBe(201);
        const [row] = await server.database.db.select().from(users).where(eq(users.username, username));
        expect(costOf(row!.passwordHash)).toEqual(TEST_HASH_COST);
        // An account made at production cost (a server whose setting changed) still signs in.
        const strong = await Bun.password.hash('another good password', { algorithm: 'argon2id', ...PRODUCTION_HASH_COST });
        await server.database.db.update(users).set({ passwordHash: strong }).where(eq(users.username, username));
        expect((await post(server.url, '/api/auth/login', { username, password: 'another good password' })).status).toBe(200);
      });
    });
  }
});
