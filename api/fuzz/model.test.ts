import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { backends } from '../testing/databases.ts';
import { type Model, type ModelEnv, newRun, roundArb, setupModelEnv, statsText } from './model.ts';

/**
 * The model-based fuzz (./model.ts). Four players run random sequences of valid actions, a round
 * of parallel actions at a time, beside a model of the game; after every round no 5xx, every answer one the model
 * allows, item totals conserved and the server's state the model's. The suite runs one per backend; `bun run fuzz`
 * runs FUZZ_RUNS / 250 runs (40 for the default 10,000) of MODEL_ROUNDS (default 30) rounds. FUZZ_SEED replays a run.
 */
const PLAYERS = 4;
const RUNS = process.env.FUZZ_RUNS ? Math.max(1, Math.round(Number(process.env.FUZZ_RUNS) / 250)) : 1;
/** Rounds of a run (MODEL_ROUNDS). */
const ROUNDS = Math.max(1, Number(process.env.MODEL_ROUNDS ?? 30));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
/** About 150 ms a round on a busy machine, plus a second to seat each run's cast. */
const TIMEOUT_MS = 60_000 + RUNS * (ROUNDS * 400 + 3000);

describe.each(backends())('model-based fuzz: players in parallel beside a model on %s', (backend) => {
  let env: ModelEnv;
  beforeAll(async () => {
    env = await setupModelEnv(backend);
  }, 60_000);
  afterAll(async () => {
    if (!env) return;
    console.log(statsText(env));
    await env.stop();
  });

  test(
    `${RUNS} runs of ${ROUNDS} rounds: no 5xx, the answers and the state the model expects, items conserved`,
    async () => {
      let failure: unknown = null;
      await fc
        .assert(
          // A run is ROUNDS rounds (fc.commands would draw most runs far shorter than the deep state needs).
          fc.asyncProperty(fc.array(roundArb(PLAYERS), { minLength: ROUNDS, maxLength: ROUNDS }), async (rounds) => {
            await fc.asyncModelRun(async () => ({ model: (await newRun(env, PLAYERS)) as Model, real: env }), rounds);
          }),
          // Races do not replay exactly, so shrinking would chase a different run each time: the first failure is
          // reported as it happened (its last rounds, and the seed to replay the same intents).
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        )
        .catch((err) => {
          failure = err;
        });
      if (failure) console.error(`model fuzz on ${backend} failed (replay with FUZZ_SEED=${SEED}):\n${String(failure)}`);
      expect(failure).toBeNull();
    },
    TIMEOUT_MS,
  );
});
