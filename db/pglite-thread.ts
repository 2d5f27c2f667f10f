/**
 * The server thread's side of PGlite in a worker (pglite-worker.ts): an object shaped like the PGlite client that
 * drizzle-orm/pglite drives (`query`, `exec`, `transaction`), forwarding each call as a message. The server's event
 * loop only waits for answers, so Postgres work never holds it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Results, Transaction } from '@electric-sql/pglite';
import type { SerializedError, WorkerInit, WorkerMemory, WorkerReply, WorkerRequest } from './pglite-protocol.ts';

/** Bun's Worker: the DOM typings the project compiles against lack its ref/unref. */
type ThreadWorker = Worker & { ref(): void; unref(): void };
type Request = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };

/** A Postgres error raised in the worker, with the driver's fields (code, detail, constraint…) restored. */
export class DatabaseError extends Error {
  [field: string]: unknown;
  constructor(e: SerializedError) {
    super(e.message);
    Object.assign(this, e.fields);
    this.name = e.name;
  }
}

/** A worker and the client it serves now; a closed client's worker waits in `idle` for the next open. */
interface Host {
  worker: ThreadWorker;
  owner: PGliteThread | null;
}

/**
 * Workers whose database was closed, kept for the next open in this process: a fresh worker compiles Postgres's
 * WebAssembly and warms up PGlite's JavaScript again, which doubles the time to open (tests open many databases).
 */
const idle: Host[] = [];
const MAX_IDLE = 4;

/**
 * The first in-memory database of this process, migrated and still empty, as a tar: later ones start from it,
 * skipping initdb and the migrations (about 6× faster; tests open one per file or more).
 */
let blank: Promise<ArrayBuffer | null> | null = null;

/** Template tars read in this process, by path: read once, shared by every database opened from them (copied in). */
const templates = new Map<string, ArrayBuffer>();
function templateTar(path: string): ArrayBuffer {
  let tar = templates.get(path);
  if (!tar) {
    const bytes = readFileSync(path);
    tar = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    templates.set(path, tar);
  }
  return tar;
}

function newHost(): Host {
  const host: Host = { worker: new Worker(new URL('./pglite-worker.ts', import.meta.url).href) as ThreadWorker, owner: null };
  const lost = (err: Error) => {
    const at = idle.indexOf(host);
    if (at >= 0) idle.splice(at, 1);
    host.owner?.fail(err);
  };
  host.worker.onmessage = (e: MessageEvent<WorkerReply>) => host.owner?.settle(e.data);
  host.worker.onerror = (e) => lost(new Error('PGlite is closed', { cause: e.error ?? e.message }));
  host.worker.addEventListener('close', () => lost(new Error('PGlite is closed')));
  // Held only while a call is in flight: an idle database must not keep a script's process alive.
  host.worker.unref();
  return host;
}

export class PGliteThread {
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private nextId = 1;
  private dead: Error | null = null;

  private constructor(private readonly host: Host) {
    host.owner = this;
  }

  private get worker(): ThreadWorker {
    return this.host.worker;
  }

  /**
   * `template`: a tar of a migrated blank data directory (db/pglite-template.ts) that a new database starts from,
   * in memory or in a directory that holds none yet; without one, in memory starts from this process's first blank.
   */
  static async open(init: WorkerInit, template: string | null = null): Promise<PGliteThread> {
    const isNew = init.dir === null || !existsSync(join(init.dir, 'PG_VERSION'));
    const snapshot = !isNew
      ? undefined
      : template
        ? templateTar(template)
        : init.dir === null && blank
          ? ((await blank) ?? undefined)
          : undefined;
    const thread = new PGliteThread(idle.pop() ?? newHost());
    try {
      await thread.call({ op: 'init', init: { ...init, snapshot } });
    } catch (err) {
      thread.fail(err instanceof Error ? err : new Error(String(err)));
      thread.worker.terminate();
      throw err;
    }
    return thread;
  }

  /** @internal */
  settle(reply: WorkerReply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) p.resolve(reply.result);
    else p.reject(new DatabaseError(reply.error));
  }

  /** The worker died or was closed: every call in flight, and every later one, fails as a closed PGlite does. */
  /** @internal */
  fail(err: Error): void {
    this.dead ??= err;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private call<T>(request: Request): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  private queryIn(tx: number | undefined, sql: string, params: unknown[] = [], options: QueryOptions = {}) {
    return this.call<Results>({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode ?? 'object',
      textTypes: Object.keys(options.parsers ?? {}).map(Number),
      tx,
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queryIn(undefined, sql, params, options) as Promise<Results<T>>;
  }

  exec(sql: string): Promise<Results[]> {
    return this.call({ op: 'exec', sql });
  }

  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let closed = false;
    const live = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: async (sql: string, params?: unknown[], options?: QueryOptions) => {
        live();
        return this.queryIn(id, sql, params, options);
      },
      exec: async (sql: string) => {
        live();
        return this.call({ op: 'exec', sql, tx: id });
      },
      rollback: async () => {
        live();
        closed = true;
        await this.call({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    try {
      const result = await fn(tx);
      if (!closed) {
        closed = true;
        await this.call({ op: 'end', tx: id, commit: true });
      }
      return result;
    } catch (err) {
      if (!closed) {
        closed = true;
        await this.call({ op: 'end', tx: id, commit: false }).catch(() => {});
      }
      throw err;
    }
  }

  /** The data directory as an uncompressed tar (a template, db/pglite-template.ts). */
  snapshot(): Promise<ArrayBuffer> {
    return this.call<ArrayBuffer>({ op: 'snapshot' });
  }

  /** Keeps this in-memory database, freshly migrated, as the one later in-memory databases start from. */
  rememberAsBlank(): void {
    blank ??= this.call<ArrayBuffer>({ op: 'snapshot' }).catch(() => null);
  }

  /** What the worker holds: Postgres's WebAssembly heap and its own JavaScript memory. */
  memory(): Promise<WorkerMemory> {
    return this.call({ op: 'memory' });
  }

  async close(): Promise<void> {
    if (this.dead) return;
    try {
      await this.call({ op: 'close' });
    } catch (err) {
      this.host.owner = null;
      this.worker.terminate();
      throw err;
    } finally {
      this.fail(new Error('PGlite is closed'));
    }
    if (this.host.owner !== this) return; // the worker died meanwhile
    this.host.owner = null;
    if (idle.length < MAX_IDLE) idle.push(this.host);
    else this.worker.terminate();
  }
}
