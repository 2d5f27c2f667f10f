import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { backends, openTestDatabase } from '../../api/testing/databases.ts';
import type { Database } from '../client.ts';
import { rateBucketsRepo } from './rate-buckets.ts';

/** The shared token buckets: one contract on PGlite and on the Postgres server. */
describe.each(backends())('rate buckets repository contract on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(() => database.close());
  const repo = () => rateBucketsRepo(database.db);
  /** 2 a second, 3 at once: a token is worth 500 ms. */
  const limit = { perSecond: 2, burst: 3 };
  const t0 = 1_800_000_000_000;

  test('take spends the burst at once, then refuses with the wait until a token is back, and refills at the rate', async () => {
    const r = repo();
    for (let i = 0; i < 3; i++) expect((await r.take('b:one', limit, t0)).wait).toBe(0);
    expect(await r.take('b:one', limit, t0)).toEqual({ wait: 500, tat: t0 + 1500 });
    // A refusal spends nothing: 499 ms later one token is still 1 ms away.
    expect((await r.take('b:one', limit, t0 + 499)).wait).toBe(1);
    expect((await r.take('b:one', limit, t0 + 500)).wait).toBe(0);
    expect((await r.take('b:one', limit, t0 + 500)).wait).toBeGreaterThan(0);
    // After a long pause the bucket is full again, no fuller.
    for (let i = 0; i < 3; i++) expect((await r.take('b:one', limit, t0 + 60_000)).wait).toBe(0);
    expect((await r.take('b:one', limit, t0 + 60_000)).wait).toBe(500);
    // Another key has its own bucket.
    expect((await r.take('b:other', limit, t0)).wait).toBe(0);
  });

  test('concurrent takes on one key, as from many processes at once, never spend more than the bucket holds', async () => {
    const r = repo();
    const burst = { perSecond: 0.001, burst: 10 };
    const results = await Promise.all(Array.from({ length: 60 }, () => r.take('b:race', burst, t0)));
    expect(results.filter((x) => x.wait === 0)).toHaveLength(10);
  });

  test('debit records tokens spent elsewhere, whatever the room, and answers where each bucket stands', async () => {
    const r = repo();
    const tats = await r.debit(
      new Map([
        ['b:d1', 2],
        ['b:d2', 5],
      ]),
      limit,
      t0,
    );
    expect(tats).toEqual(
      new Map([
        ['b:d1', t0 + 1000],
        ['b:d2', t0 + 2500],
      ]),
    );
    // b:d2 is over its budget (2.5 s ahead, the burst is 1.5 s): takes are refused until it is back within it.
    expect((await r.take('b:d2', limit, t0)).wait).toBe(1500);
    expect((await r.take('b:d1', limit, t0)).wait).toBe(0);
    expect(await r.read(['b:d1', 'b:d2', 'b:none'])).toEqual(
      new Map([
        ['b:d1', t0 + 1500],
        ['b:d2', t0 + 2500],
      ]),
    );
    // Two debits at once over the same keys (two processes syncing) add up, and neither waits on the other forever.
    await Promise.all([
      r.debit(
        new Map([
          ['b:d1', 1],
          ['b:d2', 1],
        ]),
        limit,
        t0,
      ),
      r.debit(
        new Map([
          ['b:d2', 1],
          ['b:d1', 1],
        ]),
        limit,
        t0,
      ),
    ]);
    expect(await r.read(['b:d1', 'b:d2'])).toEqual(
      new Map([
        ['b:d1', t0 + 2500],
        ['b:d2', t0 + 3500],
      ]),
    );
  });

  test('prune removes the buckets that are full again and keeps those still spent', async () => {
    const r = repo();
    const later = t0 + 86_400_000;
    await r.prune(later); // what the tests above left
    expect(await r.rows()).toBe(0);
    for (let i = 0; i < 30; i++) await r.take(`b:idle${i}`, limit, later);
    for (let i = 0; i < 3; i++) await r.take('b:busy', limit, later + 1000);
    expect(await r.rows()).toBe(31);
    // 1 s on, the idle ones (one token each, 500 ms) are full; the busy one is 1.5 s ahead of its last take.
    expect(await r.prune(later + 1000)).toBe(30);
    expect(await r.read(['b:busy'])).toEqual(new Map([['b:busy', later + 2500]]));
    expect(await r.rows()).toBe(1);
  });
});
