/**
 * `bun run fuzz`: the fuzz test with FUZZ_RUNS (default 10,000 HTTP cases and a sixth as many socket connections)
 * and the model-based fuzz (model.test.ts: FUZZ_RUNS / 250 runs of four players, MODEL_ROUNDS rounds each) on
 * PGlite, and on Postgres too when DATABASE_URL is set. Prints counts by status code (and per route);
 * exits non-zero when a check failed. FUZZ_SEED replays a run; extra arguments go to `bun test`.
 */
import { resolve } from 'node:path';

const root = resolve(import.meta.dir, '../..');
const env: Record<string, string | undefined> = {
  ...process.env,
  FUZZ_RUNS: process.env.FUZZ_RUNS || '10000',
  FUZZ_VERBOSE: process.env.FUZZ_VERBOSE ?? '1',
};
console.log(
  `fuzz: FUZZ_RUNS=${env.FUZZ_RUNS}${env.FUZZ_SEED ? ` FUZZ_SEED=${env.FUZZ_SEED}` : ''}${env.DATABASE_URL ? ' on PGlite and Postgres' : ' on PGlite'}`,
);
const proc = Bun.spawn(['bun', 'test', 'api/fuzz/fuzz.test.ts', 'api/fuzz/model.test.ts', ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdout: 'inherit',
  stderr: 'inherit',
});
process.exit(await proc.exited);
