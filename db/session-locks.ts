import type { Options, PostgresType, Sql } from 'postgres';
import type { GrantedPair } from './client.ts';

/**
 * The connection session locks live on: one, never closed for idleness or age (either would drop every lock it
 * holds). When it is lost anyway (the backend was terminated, Postgres restarted, a proxy cut it), postgres.js opens
 * a new one on the next query, which holds no lock: `held()` then answers false and the lease is lost cleanly.
 */
export const LOCK_CONNECTION = (connectTimeoutS: number): Options<Record<string, PostgresType>> => ({
  max: 1,
  idle_timeout: 0,
  max_lifetime: null,
  connect_timeout: connectTimeoutS,
  onnotice: () => {},
});

/**
 * Session-level advisory locks on a pooled connection of their own (postgres.js `postgres(url, { max: 1 })`).
 *
 * Not on a connection taken with `sql.reserve()`: postgres.js never reconnects a reserved connection, and a query
 * on one whose socket has closed throws from a timer (`socket.write` on null) where nothing can catch it, which
 * ended the process when the lease holder's backend was terminated. A pool of one reconnects instead, and every
 * failure comes back as a rejected query.
 */
export class SessionLocks {
  private sql: Sql | null = null;

  constructor(private readonly connect: () => Sql) {}

  private client(): Sql {
    this.sql ??= this.connect();
    return this.sql;
  }

  /**
   * A lock of the two-int form `(space, key)`: many leases of one kind (a space) on this one connection, such as one
   * per world. True when taken (or already held by this session: taking twice nests, so callers take once).
   */
  async takePair(space: number, key: number): Promise<boolean> {
    const [row] = await this.client()`select pg_try_advisory_lock(${space}::int, ${key}::int) as locked`;
    return row?.locked === true;
  }

  /** Lets a `(space, key)` lock go; a lost connection has let it go already. */
  async releasePair(space: number, key: number): Promise<void> {
    try {
      await this.client()`select pg_advisory_unlock(${space}::int, ${key}::int)`;
    } catch {
      // the connection is gone, and the lock with it
    }
  }

  /**
   * The two-int locks of these spaces granted in this database (never another database's on the same server), and
   * whether this session holds each: after a reconnect it holds none, whatever it took before. A lost connection
   * rejects.
   */
  async grantedPairs(spaces: readonly number[]): Promise<GrantedPair[]> {
    const rows = await this.client()`select classid::int8 as space, objid::int8 as key, pid, pid = pg_backend_pid() as mine
      from pg_locks where locktype = 'advisory' and objsubid = 2 and granted
        and database = (select oid from pg_database where datname = current_database())
        and classid::int8 in ${this.client()(spaces.map((s) => s >>> 0))}`;
    // pg_locks shows each int as an unsigned oid: back to the signed int it was taken with.
    return rows.map((r) => ({ space: Number(r.space) | 0, key: Number(r.key) | 0, pid: Number(r.pid), mine: r.mine === true }));
  }

  async close(): Promise<void> {
    const sql = this.sql;
    this.sql = null;
    if (sql) await sql.end({ timeout: 5 }).catch(() => {});
  }
}
