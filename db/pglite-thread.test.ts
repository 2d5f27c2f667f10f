import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { backends, openTestDatabase } from '../api/testing/databases.ts';
import { errorCode, isDatabaseUnavailable } from '../api/http/errors.ts';
import { openDatabase, type Database } from './client.ts';
import { users } from './schema/index.ts';

const user = (name: string) => ({ id: crypto.randomUUID(), username: name, usernameKey: name, passwordHash: 'x' });

/** What the app relies on from its driver, on the Postgres server and on PGlite in its worker thread alike. */
describe.each(backends())('transactions and errors on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(() => database.close());

  test('a transaction commits when its function resolves and rolls back when it throws', async () => {
    const kept = user('kept');
    const dropped = user('dropped');
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values(kept);
    });
    // Caught by hand: bun's `expect(promise).rejects` waits in a nested event loop that never delivers a worker's
    // messages, so a PGlite answer from its thread would never arrive there.
    const thrown = await database.db
      .transaction(async (tx) => {
        await tx.insert(users).values(dropped);
        throw new Error('changed my mind');
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect((thrown as Error).message).toBe('changed my mind');
    const names = (await database.db.select({ n: users.username }).from(users)).map((r) => r.n);
    expect(names).toContain('kept');
    expect(names).not.toContain('dropped');
  });

  test('a nested transaction (savepoint) rolls back alone', async () => {
    const outer = user('outer');
    const inner = user('inner');
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values(outer);
      await tx
        .transaction(async (nested) => {
          await nested.insert(users).values(inner);
          throw new Error('inner only');
        })
        .catch(() => {});
    });
    expect(await database.db.select().from(users).where(eq(users.id, outer.id))).toHaveLength(1);
    expect(await database.db.select().from(users).where(eq(users.id, inner.id))).toHaveLength(0);
  });

  test('a query from outside never sees a transaction half done', async () => {
    const a = user('half-a');
    const b = user('half-b');
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let inserted!: () => void;
    const firstInserted = new Promise<void>((r) => {
      inserted = r;
    });
    const tx = database.db.transaction(async (t) => {
      await t.insert(users).values(a);
      inserted();
      await held;
      await t.insert(users).values(b);
    });
    await firstInserted;
    // Started (a drizzle query runs once awaited) while the transaction holds one row of two.
    const outside = database.db
      .select()
      .from(users)
      .where(inArray(users.username, ['half-a', 'half-b']))
      .then((rows) => rows.length);
    release();
    await tx;
    // PGlite runs it after the COMMIT (2); the server on another connection, from a snapshot taken before or after
    // the COMMIT (0 or 2). Never 1: a read slipped into the open transaction.
    const seen = await outside;
    expect(backend === 'pglite' ? [2] : [0, 2]).toContain(seen);
  });

  test("a driver error keeps its SQLSTATE and constraint through drizzle's wrapper", async () => {
    const u = user('twice');
    await database.db.insert(users).values(u);
    const err = await database.db
      .insert(users)
      .values(u)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(errorCode(err)).toBe('23505');
    // Each driver names the field its own way (PGlite's `constraint`, postgres.js's `constraint_name`).
    const cause = (err as { cause?: { constraint?: string; constraint_name?: string } }).cause;
    expect(cause?.constraint ?? cause?.constraint_name).toBe('users_pkey');
  });

  test('timestamps, numbers, JSON and NULL come back as each driver gives them to drizzle', async () => {
    const u = user('typed');
    await database.db.insert(users).values({ ...u, createdAt: new Date('2026-03-04T05:06:07.890Z') });
    const [row] = await database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.createdAt).toEqual(new Date('2026-03-04T05:06:07.890Z'));
    expect(row!.email).toBeNull();
    const res = (await database.db.execute(sql`select 2.5::float8 as f, '{"a":[1]}'::jsonb as j`)) as unknown as {
      rows: { f: number; j: unknown }[];
    };
    const first = Array.isArray(res) ? res[0] : res.rows[0];
    expect(first).toEqual({ f: 2.5, j: { a: [1] } });
  });
});

describe('embedded PGlite in its worker thread', () => {
  test("the server's event loop runs while PGlite works", async () => {
    const database = await openDatabase({ dataDir: null });
    try {
      let answered = false;
      const long = database.db.execute(sql`select count(*) from generate_series(1, 20000000) a`).then(() => {
        answered = true;
      });
      // In the server's own thread the whole query ran before any timer could fire.
      await new Promise((r) => setTimeout(r, 1));
      expect(answered).toBe(false);
      await long;
      expect(answered).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);

  test('after close every query fails as a closed database does (503, not 500)', async () => {
    const database = await openDatabase({ dataDir: null });
    await database.close();
    const err = await database.db.execute(sql`select 1`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(await database.ping()).toBe(false);
  });

  test('a worker handed on to the next database starts it empty; a data directory keeps its rows', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wl-thread-'));
    const first = await openDatabase({ dataDir });
    await first.db.insert(users).values(user('persisted'));
    await first.close();
    const memory = await openDatabase({ dataDir: null });
    const again = await openDatabase({ dataDir });
    try {
      expect(await memory.db.select().from(users)).toHaveLength(0);
      expect((await again.db.select().from(users)).map((r) => r.username)).toEqual(['persisted']);
    } finally {
      await Promise.all([memory.close(), again.close()]);
    }
  }, 60_000);
});
