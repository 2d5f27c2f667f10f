/**
 * Hosts embedded PGlite in a worker thread. PGlite runs Postgres as synchronous WebAssembly and answers its queued
 * queries in one chain of promises: in the server's own thread a backlog (a thousand players joining, a seat audit
 * of two thousand rows) held the event loop for seconds. Here it only holds this thread.
 * Transactions stay PGlite's own: `begin` opens one and parks it until `end`, and every query without a
 * transaction waits behind it exactly as it would in one thread.
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { SerializedError, WorkerMemory, WorkerReply, WorkerRequest } from './pglite-protocol.ts';

declare const self: Worker;

let pg: PGlite | null = null;
interface Open {
  tx: Transaction;
  end: (commit: boolean) => void;
  /** Settles once PGlite has committed or rolled back; rejects when the COMMIT failed. */
  outcome: Promise<void>;
}
const open = new Map<number, Open>();
let nextTx = 1;
/** Thrown out of a parked transaction to have PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

/** Only identity parsers can be named across threads (drizzle's are: it reads these types as text itself). */
const asText = (value: string) => value;
const textParsers = (oids: number[]) => Object.fromEntries(oids.map((oid) => [oid, asText]));

function serializeError(err: unknown): SerializedError {
  const e = err instanceof Error ? err : new Error(String(err));
  const fields: SerializedError['fields'] = {};
  for (const [k, v] of Object.entries(e)) {
    if (k === 'query' || k === 'params') continue; // may carry bound values; the caller has them anyway
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = v;
  }
  return { name: e.name, message: e.message, fields };
}

function db(): PGlite {
  if (!pg) throw new Error('PGlite is closed');
  return pg;
}

function executor(tx: number | undefined): Pick<Transaction, 'query' | 'exec'> {
  if (tx === undefined) return db();
  const t = open.get(tx);
  if (!t) throw new Error('Transaction is closed');
  return t.tx;
}

/** Opens a transaction (after any open one ends) and parks it; answers its id. */
function begin(): Promise<number> {
  const id = nextTx++;
  return new Promise((opened, failed) => {
    const outcome = db().transaction(
      (tx) =>
        new Promise<void>((commit, rollback) => {
          open.set(id, { tx, end: (c) => (c ? commit() : rollback(ROLLBACK)), outcome });
          opened(id);
        }),
    );
    outcome.catch((err) => {
      if (err !== ROLLBACK && !open.has(id)) failed(err); // BEGIN itself failed: nobody will call `end`
    });
  });
}

async function end(txId: number, commit: boolean): Promise<void> {
  const t = open.get(txId);
  if (!t) throw new Error('Transaction is closed');
  open.delete(txId);
  t.end(commit);
  try {
    await t.outcome;
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
}

async function handle(m: WorkerRequest): Promise<unknown> {
  switch (m.op) {
    case 'init': {
      const { dir, startParams, snapshot } = m.init;
      const loadDataDir = snapshot ? new Blob([snapshot]) : undefined;
      pg = dir === null ? new PGlite({ startParams, loadDataDir }) : new PGlite(dir, { startParams, loadDataDir });
      await pg.waitReady;
      // Creating a database runs initdb in a second Postgres and copies its files over: hundreds of MiB of garbage
      // that a lazy collector keeps resident for minutes. A server collects it now, before the game needs the room
      // (an in-memory database is a test's: it skips the pause). Not before a turn of the event loop: until then
      // PGlite's start-up still reaches the garbage.
      if (dir !== null) {
        await new Promise((r) => setTimeout(r, 0));
        Bun.gc(true);
      }
      return null;
    }
    case 'query':
      return executor(m.tx).query(m.sql, m.params, { rowMode: m.rowMode, parsers: textParsers(m.textTypes) });
    case 'exec':
      return executor(m.tx).exec(m.sql);
    case 'begin':
      return begin();
    case 'end':
      return end(m.tx, m.commit);
    case 'memory': {
      const mem = process.memoryUsage();
      const heap = (db() as unknown as { mod: { HEAPU8: Uint8Array } }).mod.HEAPU8.length;
      return { wasmHeap: heap, jsHeap: mem.heapUsed, external: mem.external } satisfies WorkerMemory;
    }
    case 'snapshot':
      return (await db().dumpDataDir('none')).arrayBuffer();
    case 'close': {
      for (const id of [...open.keys()]) await end(id, false);
      const p = pg;
      pg = null;
      await p?.close();
      return null;
    }
  }
}

self.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const m = e.data;
  const send = (reply: WorkerReply) => self.postMessage(reply);
  handle(m).then(
    (result) => send({ id: m.id, ok: true, result }),
    (err) => send({ id: m.id, ok: false, error: serializeError(err) }),
  );
};
