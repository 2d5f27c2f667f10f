import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { runDataSteps } from './data-steps.ts';
import { preparedByDefault } from './prepared-client.ts';
import { LOCK_CONNECTION, SessionLocks } from './session-locks.ts';

export type Schema = typeof schema;
/** One typed database whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Connections the driver may open (DATABASE_POOL_SIZE on a server, default 10); embedded PGlite has one. */
  poolSize: number;
  /**
   * LISTEN/NOTIFY on the server (postgres.js), for the live bus between processes; absent on embedded PGlite,
   * which serves one process.
   */
  notifier?: {
    listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
    notify(channel: string, payload: string): Promise<void>;
  };
  /**
   * Session-level advisory locks of the two-int form `(space, key)` on a connection of their own (Postgres): many
   * leases of one kind, such as the NPC simulation's one per world, and who holds them (api/modules/npcs/lease.ts).
   * A lock lasts until released or until its connection closes, a crash included, so a lease passes to another
   * process within its retry interval. Absent on embedded PGlite: its data-directory lock already makes its process
   * the only one.
   */
  sessionLockPairs?: SessionLockPairs;
  /**
   * Embedded PGlite only: the memory of the worker thread that hosts it, Postgres's WebAssembly heap (it grows and
   * never shrinks) and the worker's JavaScript heap, in bytes (GET /metrics).
   */
  engineMemory?: () => Promise<{ wasmHeap: number; jsHeap: number }>;
  /** Embedded PGlite only: its data directory as an uncompressed tar, to start other databases from. */
  dumpDataDir?: () => Promise<ArrayBuffer>;
  /** Answers true when a trivial query succeeds within the time limit. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface GrantedPair {
  space: number;
  key: number;
  /** Held by this process's lock connection (false: by another session). */
  mine: boolean;
  /** The holding session's backend pid (one per process's lock connection). */
  pid: number;
}

export interface SessionLockPairs {
  /** True when taken, false when another session holds it; a lost connection rejects. */
  take(space: number, key: number): Promise<boolean>;
  release(space: number, key: number): Promise<void>;
  /** The locks of these spaces granted in this database, by anyone; a lost connection rejects. */
  granted(spaces: readonly number[]): Promise<GrantedPair[]>;
}

export type DatabaseOptions =
  /** `connectTimeoutS` defaults to DATABASE_CONNECT_TIMEOUT_S, else 10 seconds. */
  | { url: string; dataDir?: undefined; template?: undefined; connectTimeoutS?: number }
  /**
   * `dataDir: null` keeps PGlite in memory (tests). `template`: a tar of a migrated blank data directory
   * (db/pglite-template.ts) that a new database starts from instead of initdb and every migration; the migrations
   * still run after it, so a template older than the code only costs the ones it lacks.
   */
  | { url?: undefined; dataDir: string | null; template?: string | null };

const migrationsFolder = resolve(import.meta.dir, 'migrations');

export { DataDirLockedError } from './data-dir-lock.ts';

export const DEFAULT_CONNECT_TIMEOUT_S = 10;
/** Seconds a query waits for a new connection once the server answered at start-up (DATABASE_RECONNECT_TIMEOUT_S). */
export const DEFAULT_RECONNECT_TIMEOUT_S = 2;
/**
 * The most a query waits before postgres.js tries to reconnect after connections failed in a row (seconds). Its own
 * backoff grows to 20 s after a few resets (one terminated backend resets several pooled connections at once), and
 * every reconnect is made for a waiting query, so a short wait here never hammers a server that is down.
 */
const RECONNECT_BACKOFF_MAX_S = 0.25;

/** The database server could not be reached (or refused us) when the server started. */
export class DatabaseUnreachableError extends Error {
  constructor(where: string, reason: string) {
    super(`Cannot reach the database at ${where}: ${reason}`);
    this.name = 'DatabaseUnreachableError';
  }
}

/** DATABASE_CONNECT_TIMEOUT_S: seconds to wait for a connection to the Postgres server before giving up. */
export function connectTimeoutFromEnv(value = process.env.DATABASE_CONNECT_TIMEOUT_S): number {
  if (value === undefined || value === '') return DEFAULT_CONNECT_TIMEOUT_S;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`DATABASE_CONNECT_TIMEOUT_S must be a positive number of seconds, got "${value}"`);
  return n;
}

/**
 * DATABASE_RECONNECT_TIMEOUT_S: once the server was reached, how long a query waits for a new connection (the old one
 * was closed by a restart, a failover, a terminated backend) before it fails; requests wait on these.
 */
export function reconnectTimeoutFromEnv(value = process.env.DATABASE_RECONNECT_TIMEOUT_S): number {
  if (value === undefined || value === '') return DEFAULT_RECONNECT_TIMEOUT_S;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`DATABASE_RECONNECT_TIMEOUT_S must be a positive number of seconds, got "${value}"`);
  return n;
}

/** `host:port` of a connection string, never its user or password. */
function serverAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || process.env.PGHOST || 'localhost'}:${u.port || process.env.PGPORT || 5432}`;
  } catch {
    return 'the DATABASE_URL server';
  }
}

/** Why the first connection failed, in one line, with the password blanked should the driver echo it. */
function connectFailure(url: string, err: unknown, connectTimeoutS: number): string {
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  let message = typeof e?.message === 'string' ? e.message.split('\n')[0]! : String(err);
  if (code === 'CONNECT_TIMEOUT')
    return `no answer within ${connectTimeoutS} s (CONNECT_TIMEOUT; DATABASE_CONNECT_TIMEOUT_S sets the limit)`;
  try {
    const password = decodeURIComponent(new URL(url).password);
    if (password) message = message.split(password).join('***');
  } catch {
    // not a URL: nothing to blank
  }
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

/**
 * Postgres's default 128 MB of shared buffers is most of embedded PGlite's footprint: its WebAssembly heap grows
 * from 128 to 189 MiB to hold them, all resident. The game's database is a few MB and every page it evicts is still
 * in the OS's file cache, so 16 MB costs no measurable speed and leaves the heap at its 128 MiB floor (the module's
 * own minimum): about 120 MiB less RSS.
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

async function openPglite(dataDir: string | null, template: string | null): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { PGliteThread } = await import('./pglite-thread.ts');
  const dir = dataDir === null ? null : resolve(dataDir, 'pglite');
  const unlock = dir === null ? () => {} : await lockDataDir(resolve(dataDir!));
  try {
    // In a worker thread of its own: Postgres work never holds the server's event loop (pglite-worker.ts).
    const client = await PGliteThread.open({ dir, startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] }, template);
    const db = drizzle({ client: client as never, schema });
    try {
      await migrate(db, { migrationsFolder });
    } catch (err) {
      await client.close();
      throw err;
    }
    if (dir === null) client.rememberAsBlank();
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      poolSize: 1,
      engineMemory: () => client.memory(),
      dumpDataDir: () => client.snapshot(),
      ping: (timeoutMs) => pingWith(db as unknown as Db, timeoutMs),
      async close() {
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

async function openPostgres(url: string, connectTimeoutS = connectTimeoutFromEnv()): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10);
  const reconnectTimeoutS = Math.min(reconnectTimeoutFromEnv(), connectTimeoutS);
  const client = postgres(url, {
    max: poolSize,
    // Requests wait on the pool's connections: a connection lost under them is replaced within this or the call
    // fails (without it an address that never answers holds a query for the OS's TCP timeout, minutes).
    connect_timeout: reconnectTimeoutS,
    backoff: (retries: number) => Math.min(0.01 * 2 ** retries, RECONNECT_BACKOFF_MAX_S),
    onnotice: () => {},
  });
  // At start-up the server may take longer to answer (it is starting too): tries of the shorter timeout, up to
  // DATABASE_CONNECT_TIMEOUT_S in all; any other failure (refused, unknown host, bad password) ends it at once.
  const startedAt = performance.now();
  for (;;) {
    try {
      await client`select 1`;
      break;
    } catch (err) {
      const timedOut = (err as { code?: unknown })?.code === 'CONNECT_TIMEOUT';
      if (timedOut && performance.now() - startedAt + reconnectTimeoutS * 1000 <= connectTimeoutS * 1000 + 50) continue;
      await client.end({ timeout: 0 }).catch(() => {});
      throw new DatabaseUnreachableError(serverAddress(url), connectFailure(url, err, connectTimeoutS));
    }
  }
  const db = drizzle({ client: preparedByDefault(client, true), schema });
  await migrate(db, { migrationsFolder });
  const locks = new SessionLocks(() => postgres(url, LOCK_CONNECTION(reconnectTimeoutS)));
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    poolSize,
    notifier: {
      async listen(channel, onPayload) {
        const { unlisten } = await client.listen(channel, onPayload);
        return unlisten;
      },
      async notify(channel, payload) {
        await client.notify(channel, payload);
      },
    },
    sessionLockPairs: {
      take: (space, key) => locks.takePair(space, key),
      release: (space, key) => locks.releasePair(space, key),
      granted: (spaces) => locks.grantedPairs(spaces),
    },
    ping: (timeoutMs) => pingWith(db as unknown as Db, timeoutMs),
    async close() {
      await locks.close();
      await client.end({ timeout: 5 });
    },
  };
}

async function pingWith(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((res) => {
    timer = setTimeout(() => res(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Opens the database and brings it up to date: the committed migrations, then the data steps they need
 * (db/data-steps.ts: row changes computed in TypeScript, each once).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.url
    ? await openPostgres(options.url, options.connectTimeoutS)
    : await openPglite(options.dataDir ?? null, options.template ?? null);
  try {
    await runDataSteps(database.db);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
