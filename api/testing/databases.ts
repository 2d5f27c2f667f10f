import { describe } from 'bun:test';
import { resolve } from 'node:path';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../db/index.ts';
import { ensurePgliteTemplate } from '../../db/pglite-template.ts';

export type Backend = 'pglite' | 'postgres';

/**
 * PGlite always; the real Postgres server too whenever DATABASE_URL is set. TEST_BACKEND=postgres (or pglite) keeps
 * one of them: the runner's lanes (.ci/lanes.ts) run the database files once per backend, in processes of their own.
 */
export function backends(): Backend[] {
  const only = process.env.TEST_BACKEND;
  if (only === 'pglite') return ['pglite'];
  if (only === 'postgres') {
    if (!process.env.DATABASE_URL) throw new Error('TEST_BACKEND=postgres needs DATABASE_URL');
    return ['postgres'];
  }
  if (only) throw new Error(`TEST_BACKEND must be pglite or postgres, got "${only}"`);
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A block that needs the Postgres server (DATABASE_URL): skipped without one. Its name says so ("… (Postgres)" unless
 * it already names Postgres), which is how the runner's Postgres lane picks it (.ci/lanes.ts).
 */
export function describeOnPostgres(name: string, body: () => void): void {
  const named = /postgres/i.test(name) ? name : `${name} (Postgres)`;
  (process.env.DATABASE_URL ? describe : describe.skip)(named, body);
}

/**
 * Databases this process made on the DATABASE_URL server and has not dropped yet. Every one is dropped when its test
 * file ends (the `bun test` preload, api/testing/preload.ts) or, in a script such as a bench, when the process exits;
 * ones left by a run that was killed are swept by the next run once a day old (sweepStaleTestDatabases).
 */
const created = new Set<string>();
/** Test databases are `wl_t_<ms since 1970 in base 36>_<random>`; .ci/run makes `wl_ci_<s since 1970>_<pid>`. */
const TEST_DATABASE = /^wl_t_([0-9a-z]+)_[0-9a-z]+$/;
const CI_DATABASE = /^wl_ci_(\d+)_\d+$/;
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

function serverUrl(): string {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set');
  return base;
}

/** When a test database was made, from its name (null: not a name these helpers or .ci/run make). */
export function testDatabaseBirth(name: string): number | null {
  const t = TEST_DATABASE.exec(name);
  if (t) return Number.parseInt(t[1]!, 36);
  const ci = CI_DATABASE.exec(name);
  if (ci) return Number(ci[1]) * 1000;
  return null;
}

const newTestDatabaseName = (tag = '') => `wl_t_${Date.now().toString(36)}_${tag}${Math.random().toString(36).slice(2, 8)}`;

function urlOf(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Postgres refuses to copy a template while another CREATE DATABASE reads it (SQLSTATE 55006): wait and try again. */
const TEMPLATE_BUSY = '55006';

/**
 * Creates a database on the DATABASE_URL server, so test files never see each other's rows: a copy of the run's
 * migrated template (PG_TEMPLATE_DB, ensurePostgresTemplate) when there is one, else an empty one.
 */
export async function freshPostgresUrl(): Promise<string> {
  const name = newTestDatabaseName();
  const template = process.env.PG_TEMPLATE_DB;
  const admin = postgres(serverUrl(), { max: 1, onnotice: () => {} });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.unsafe(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== TEMPLATE_BUSY || attempt >= 50) throw err;
        await Bun.sleep(20 + Math.random() * 40);
      }
    }
    created.add(name);
  } finally {
    await admin.end();
  }
  return urlOf(name);
}

/**
 * The run's templates, made when the runner (.ci/test-all.ts) gave none: PGlite's is kept in the temporary
 * directory by its hash (the next run reuses it); Postgres's is one more database this file made, dropped with the
 * rest when it ends. Both reach what this file starts through the environment (PGLITE_TEMPLATE, PG_TEMPLATE_DB).
 */
export async function ensureTestTemplates(): Promise<void> {
  process.env.PGLITE_TEMPLATE ||= await ensurePgliteTemplate();
  if (process.env.DATABASE_URL && !process.env.PG_TEMPLATE_DB) {
    const name = await createPostgresTemplate();
    created.add(name);
    process.env.PG_TEMPLATE_DB = name;
  }
}

/**
 * A migrated blank database on the DATABASE_URL server for test databases to be copied from (`CREATE DATABASE …
 * TEMPLATE`, ~50 ms instead of every migration): made by the test runner once per run, or by the first test file
 * of a plain `bun test`, and dropped like any test database when its maker ends. Answers its name.
 */
export async function createPostgresTemplate(): Promise<string> {
  const name = newTestDatabaseName('tpl');
  const admin = postgres(serverUrl(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  try {
    const database = await openDatabase({ url: urlOf(name) });
    await database.close();
  } catch (err) {
    await dropTestDatabases([name]).catch(() => {});
    throw err;
  }
  return name;
}

function databaseName(urlOrName: string): string {
  const name = urlOrName.includes('://') ? decodeURIComponent(new URL(urlOrName).pathname.slice(1)) : urlOrName;
  if (testDatabaseBirth(name) === null) throw new Error(`not a test database: "${name}"`);
  return name;
}

/**
 * Drops test databases by URL or name, their connections cut first (`WITH (FORCE)`, Postgres 13+): a server process a
 * test left running cannot keep one alive. Never the database DATABASE_URL itself names.
 */
export async function dropTestDatabases(urlsOrNames: Iterable<string>): Promise<void> {
  const base = serverUrl();
  const own = decodeURIComponent(new URL(base).pathname.slice(1));
  const names = [...new Set([...urlsOrNames].map(databaseName))].filter((n) => n !== own);
  if (names.length === 0) return;
  const admin = postgres(base, { max: 4, onnotice: () => {} });
  try {
    const queue = [...names];
    await Promise.all(
      Array.from({ length: Math.min(4, queue.length) }, async () => {
        for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
          await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
          created.delete(name);
        }
      }),
    );
  } finally {
    await admin.end();
  }
}

/** Drops every database this process made and has not dropped yet. */
export async function dropCreatedDatabases(): Promise<void> {
  if (created.size === 0 || !process.env.DATABASE_URL) return;
  await dropTestDatabases([...created]);
}

/** The names this process made and has not dropped yet (for the tests of these helpers). */
export function createdDatabases(): string[] {
  return [...created];
}

/**
 * Drops `wl_t_*` and `wl_ci_*` databases older than `maxAgeMs` (a day): what runs that were killed before their end
 * left behind. A live run is never that old, so concurrent runs on the same server are safe. Answers what it dropped.
 */
export async function sweepStaleTestDatabases(maxAgeMs = STALE_AFTER_MS, now = Date.now()): Promise<string[]> {
  const admin = postgres(serverUrl(), { max: 1, onnotice: () => {} });
  let names: string[];
  try {
    const rows = await admin<{ datname: string }[]>`select datname from pg_database where datname like 'wl%'`;
    names = rows
      .map((r) => r.datname)
      .filter((n) => {
        const born = testDatabaseBirth(n);
        return born !== null && now - born > maxAgeMs;
      });
  } finally {
    await admin.end();
  }
  await dropTestDatabases(names);
  return names;
}

/**
 * A migrated, empty database on the given backend (PGlite in memory, or a fresh Postgres database). On Postgres,
 * close() also drops the database.
 */
export async function openTestDatabase(backend: Backend, dataDir: string | null = null): Promise<Database> {
  if (backend === 'pglite') return openDatabase({ dataDir, template: process.env.PGLITE_TEMPLATE || null });
  const url = await freshPostgresUrl();
  let database: Database;
  try {
    database = await openDatabase({ url });
  } catch (err) {
    await dropTestDatabases([url]).catch(() => {});
    throw err;
  }
  const close = database.close;
  database.close = async () => {
    try {
      await close.call(database);
    } finally {
      await dropTestDatabases([url]);
    }
  };
  return database;
}

// Scripts (the benches) have no preload: what they made is dropped as they exit, however they exit short of a kill.
// 'exit' allows only synchronous work, so a short-lived process of its own does the dropping.
process.on('exit', () => {
  if (created.size === 0 || !process.env.DATABASE_URL) return;
  Bun.spawnSync([process.execPath, resolve(import.meta.dir, 'drop-databases.ts'), ...created], {
    env: process.env,
    stdout: 'ignore',
    stderr: 'inherit',
  });
});
