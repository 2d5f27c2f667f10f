import { TEST_HASH_COST } from '../modules/auth/passwords.ts';

/**
 * What every server a test starts runs with, in its environment's words (spawned servers, e2e servers;
 * testing/server.ts sets the same in process). Each test makes many accounts from 127.0.0.1, often many at once:
 * no sign-up limit, a hashing queue that never turns one away, hashes on every core, and a cheap hash (a test's
 * sign-ups are its setup; api/modules/auth/passwords.test.ts holds production to argon2id's real cost). The NPC
 * runner looks for due work every 100 ms (a test that moves its clock waits for the next look) and, on Postgres, at the
 * world leases four times a second (a world is taken at its second check after its first settlement appears; its
 * NPCs wait for that). The embedded database starts from the run's template when there is one (db/pglite-template.ts).
 */
export function testServerEnv(): Record<string, string> {
  return {
    SIGNUP_LIMIT_PER_ADDRESS: '0',
    PASSWORD_HASH_QUEUE: '1000',
    PASSWORD_HASH_CONCURRENCY: '4',
    PASSWORD_HASH_MEMORY_KIB: String(TEST_HASH_COST.memoryCost),
    PASSWORD_HASH_TIME_COST: String(TEST_HASH_COST.timeCost),
    NPC_TICK_MS: '100',
    NPC_LEASE_CHECK_MS: '250',
    ...(process.env.PGLITE_TEMPLATE ? { PGLITE_TEMPLATE: process.env.PGLITE_TEMPLATE } : {}),
  };
}
