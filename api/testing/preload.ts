/**
 * Loaded before the test files by `bun test` (bunfig.toml `[test] preload`). With DATABASE_URL: first drops test
 * databases that runs killed before their end left over a day ago, and after the last test (after each file with
 * `--isolate` or `--parallel`), whether tests passed or failed, drops every database this run made.
 */
import { afterAll } from 'bun:test';
import { dropCreatedDatabases, ensureTestTemplates, sweepStaleTestDatabases } from './databases.ts';

if (process.env.DATABASE_URL) {
  try {
    const swept = await sweepStaleTestDatabases();
    if (swept.length) console.error(`[test databases] dropped ${swept.length} left by earlier runs over a day ago`);
  } catch (err) {
    console.error(`[test databases] could not sweep old test databases: ${(err as Error).message}`);
  }
}

// Every test database and server starts from the run's migrated templates (.ci/test-all.ts makes them; a plain
// `bun test` makes its own here).
await ensureTestTemplates();

afterAll(async () => {
  await dropCreatedDatabases();
}, 120_000);
