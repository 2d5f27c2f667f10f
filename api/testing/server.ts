import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { startServer, type RunningServer } from '../server.ts';
import type { Database } from '../../db/index.ts';
import type { Logger } from '../ops/log.ts';
import { openTestDatabase, type Backend } from './databases.ts';
import { testServerEnv } from './test-server-env.ts';

/**
 * For a test that floods one route on purpose (a race of 50 writes at once, a route's own limiter, the fuzz): the
 * central write limits off, so what it measures is that route. Every other test runs with the production per-user
 * limit.
 */
export const NO_WRITE_LIMITS: Pick<Config, 'writeLimitPerUser' | 'writeLimitPerAddress'> = {
  writeLimitPerUser: { perSecond: 0, burst: 1 },
  writeLimitPerAddress: { perSecond: 0, burst: 1 },
};

/**
 * Test servers make many accounts from one address, many at once: no sign-up limit, a long hashing queue, hashes
 * on every core (the default keeps half the cores for the game; a test's game is its own next request) at a cost
 * that makes them setup, not work: the settings of testing/test-server-env.ts, read as a server reads them.
 */
export const TEST_SERVER_ACCOUNTS: Pick<
  Config,
  'signupLimitPerAddress' | 'passwordHashQueue' | 'passwordHashConcurrency' | 'passwordHashCost'
> = (() => {
  const c = loadConfig(testServerEnv());
  return {
    signupLimitPerAddress: c.signupLimitPerAddress,
    passwordHashQueue: c.passwordHashQueue,
    passwordHashConcurrency: c.passwordHashConcurrency,
    passwordHashCost: c.passwordHashCost,
  };
})();

/** How often test servers' NPC runners look for due work and at the world leases (testing/test-server-env.ts). */
const TEST_SERVER_NPC_PACE: Pick<Config, 'npcTickMs' | 'npcLeaseCheckMs'> = (() => {
  const c = loadConfig(testServerEnv());
  return { npcTickMs: c.npcTickMs, npcLeaseCheckMs: c.npcLeaseCheckMs };
})();

export interface TestServer extends RunningServer {
  database: Database;
  config: Config;
}

/**
 * A real server on a free port over a real database; stop() closes both. It logs at warn (LOG_LEVEL overrides), so
 * a test run is not one access line per request; pass `log` (testing/log.ts) to read what it logs.
 */
export async function startTestServer(
  backend: Backend,
  overrides: Partial<Config> & { database?: Database; now?: () => Date; log?: Logger } = {},
): Promise<TestServer> {
  const { database: given, now, log, ...configOverrides } = overrides;
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: process.env.LOG_LEVEL || 'warn', PGLITE_TEMPLATE: process.env.PGLITE_TEMPLATE }),
    port: 0,
    dataDir: mkdtempSync(join(tmpdir(), 'wl-test-')),
    // Every player a suite makes writes from 127.0.0.1, so the per-address limit would count a whole test file as one
    // household and fail it by how fast the machine is. It is off here; api/http/write-limits.test.ts sets it.
    writeLimitPerAddress: NO_WRITE_LIMITS.writeLimitPerAddress,
    // Likewise sign-ups (a test file makes far more than 20 accounts from 127.0.0.1) and the hashing queue (a test may
    // make dozens at once): api/modules/auth/signup-limits.test.ts sets both.
    ...TEST_SERVER_ACCOUNTS,
    ...TEST_SERVER_NPC_PACE,
    ...configOverrides,
  };
  const database = given ?? (await openTestDatabase(backend));
  const server = await startServer(config, { database, now, log });
  return {
    ...server,
    database,
    config,
    async stop() {
      await server.stop();
      if (!given) await database.close();
    },
  };
}
