/**
 * The Postgres test databases are dropped: on close by openTestDatabase, by the preload at the end
 * of a `bun test` run (failed tests included), by a script's exit, and, once a day old, by the next run's sweep.
 */
import { expect, test } from 'bun:test';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import {
  dropTestDatabases,
  freshPostgresUrl,
  openTestDatabase,
  STALE_AFTER_MS,
  sweepStaleTestDatabases,
  testDatabaseBirth,
  describeOnPostgres,
} from './databases.ts';

const root = resolve(import.meta.dir, '../..');

async function existing(names: string[]): Promise<string[]> {
  const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin<{ datname: string }[]>`select datname from pg_database where datname = any(${names})`;
    return rows.map((r) => r.datname).sort();
  } finally {
    await admin.end();
  }
}

const nameOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

test('a test database is known by its name and its age read from it', () => {
  const born = Date.UTC(2026, 0, 1);
  expect(testDatabaseBirth(`wl_t_${born.toString(36)}_k3j9x2`)).toBe(born);
  expect(testDatabaseBirth(`wl_ci_${born / 1000}_4242`)).toBe(born);
  for (const other of ['test', 'postgres', 'wl_t_', 'wl_t_abc', 'wasteland', 'wl_t_x_y;drop', 'WL_T_1_2'])
    expect(testDatabaseBirth(other)).toBeNull();
});

describeOnPostgres('test databases on the Postgres server', () => {
  test('a database made by openTestDatabase is gone after close, even with another connection open to it', async () => {
    const database = await openTestDatabase('postgres');
    const [row] = (await database.db.execute(sql`select current_database() as name`)) as unknown as { name: string }[];
    const name = row!.name;
    // Someone else still connected (a server a test left running): FORCE cuts it.
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const straggler = postgres(url.toString(), { max: 1, onnotice: () => {} });
    await straggler`select 1`;
    expect(await existing([name])).toEqual([name]);
    await database.close();
    expect(await existing([name])).toEqual([]);
    await straggler.end({ timeout: 0 }).catch(() => {});
  }, 30_000);

  test('a bun test run drops every database it made when it ends, with a failing test and nothing closed', async () => {
    // Its own timeout: the default five seconds is less than two databases take to make on a loaded machine, and a
    // fixture that times out before it prints what it made proves nothing.
    const run = Bun.spawn(['bun', 'test', '--timeout', '45000', './api/testing/fixtures/leaves-databases.fixture.ts'], {
      cwd: root,
      env: process.env,
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [out, err, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
    const made = out.match(/^MADE (.+)$/m)?.[1]?.split(' ') ?? [];
    expect(made, `${out}\n${err}`).toHaveLength(2);
    expect(code).not.toBe(0); // its test failed
    expect(await existing(made)).toEqual([]);
  }, 60_000);

  test('a script drops what it made as it exits, process.exit included', async () => {
    const script = `
      import { freshPostgresUrl } from './api/testing/databases.ts';
      console.log('MADE ' + new URL(await freshPostgresUrl()).pathname.slice(1));
      process.exit(3);`;
    const run = Bun.spawn(['bun', '-e', script], { cwd: root, env: process.env, stdout: 'pipe', stderr: 'pipe' });
    const [out, err, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
    const made = out.match(/^MADE (\S+)$/m)?.[1];
    expect(made, err).toBeDefined();
    expect(code).toBe(3);
    expect(await existing([made!])).toEqual([]);
  }, 30_000);

  test('the sweep drops test databases over a day old and leaves younger ones and other databases', async () => {
    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const old = `wl_t_${(Date.now() - STALE_AFTER_MS - 60_000).toString(36)}_swept1`;
    const oldCi = `wl_ci_${Math.floor((Date.now() - STALE_AFTER_MS - 60_000) / 1000)}_4242`;
    const other = `wl_keep_${Math.random().toString(36).slice(2, 8)}`;
    try {
      for (const n of [old, oldCi, other]) await admin.unsafe(`CREATE DATABASE "${n}"`);
      const young = nameOf(await freshPostgresUrl());
      const swept = await sweepStaleTestDatabases();
      // Another run's sweep (a second test worker starting, a CI run beside a local one) may drop the old ones first:
      // what counts is that they are gone, and the young and the foreign ones stay.
      expect(swept.every((n) => n.startsWith('wl_'))).toBe(true);
      expect(await existing([old, oldCi, young, other])).toEqual([other, young].sort());
      await dropTestDatabases([young]);
      expect(await existing([young])).toEqual([]);
    } finally {
      for (const n of [old, oldCi, other]) await admin.unsafe(`DROP DATABASE IF EXISTS "${n}" WITH (FORCE)`);
      await admin.end();
    }
  }, 30_000);
});
