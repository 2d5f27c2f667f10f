import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { backends } from '../testing/databases.ts';
import {
  checkInvariants,
  failureReport,
  fuzzHttp,
  fuzzSocket,
  routeCoverage,
  setupFuzz,
  summary,
  type FuzzEnv,
} from './harness.ts';

/**
 * Fast-check over every route and every client message type. Every answer is under 500, every refusal
 * is JSON {message}, nothing hangs, a refused request writes nothing, and the database's invariants hold after
 * the run. FUZZ_RUNS sets the number of HTTP cases (default 500, the suite's budget; socket connections: a sixth of
 * it, at least 100, each up to 20 frames); FUZZ_SEED replays a run; FUZZ_VERBOSE=1 adds counts per route. `bun run
 * fuzz` runs 10,000: the suite checks every route each run, the long run digs.
 */
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 500));
const WS_RUNS = Math.max(100, Math.ceil(RUNS / 6));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
/** Generous: about 10 ms per HTTP case and 60 ms per socket case on a busy 2-core machine, plus set-up. */
const TIMEOUT_MS = 60_000 + RUNS * 40 + WS_RUNS * 150;

describe.each(backends())('fuzz: every route and message on %s', (backend) => {
  let env: FuzzEnv;
  beforeAll(async () => {
    env = await setupFuzz(backend);
  }, 60_000);
  afterAll(async () => {
    if (!env) return;
    console.log(summary(env, SEED));
    await env.stop();
  });

  test('every route of the app has a generator (new routes are fuzzed or this fails)', () => {
    const { missing, stale } = routeCoverage(env);
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  test(
    `HTTP: every route, then ${RUNS} cases: no 5xx, JSON errors, no hang, refused requests write nothing`,
    async () => {
      await fuzzHttp(env, RUNS, SEED);
      const unreached = [...Object.keys(env.specs)].filter((r) => env.appRoutes.includes(r) && !env.stats.byRoute.has(r));
      const report = failureReport(env, SEED);
      if (report) console.error(report);
      expect(report).toBe('');
      expect(unreached).toEqual([]);
    },
    TIMEOUT_MS,
  );

  test(
    `WebSocket: ${WS_RUNS} connections of hostile frames: JSON frames only, documented close codes`,
    async () => {
      const before = env.stats.failures.size;
      const known = new Set(env.stats.failures.keys());
      await fuzzSocket(env, WS_RUNS, SEED);
      const fresh = [...env.stats.failures.entries()]
        .filter(([k]) => !known.has(k))
        .map(([, f]) => `- ${f.kind} (${f.count}×): ${f.detail}\n    repro: ${f.repro}`);
      if (fresh.length) console.error(`socket failures on ${backend} (seed ${SEED}):\n${fresh.join('\n')}`);
      expect(fresh).toEqual([]);
      expect(env.stats.failures.size).toBeGreaterThanOrEqual(before);
    },
    TIMEOUT_MS,
  );

  test('the database invariants hold after the run (no partial writes)', async () => {
    const violations = await checkInvariants(env);
    if (violations.length) console.error(`invariant violations on ${backend} (seed ${SEED}):\n- ${violations.join('\n- ')}`);
    expect(violations).toEqual([]);
  });
});
