/** Messages between the server's thread (pglite-thread.ts) and the worker that hosts PGlite (pglite-worker.ts). */

export interface WorkerInit {
  /** PGlite's directory, or null for a database in memory. */
  dir: string | null;
  startParams: string[];
  /**
   * A data directory to start from instead of running initdb (a tar, as `snapshot` answers): in memory, or on disk
   * when the directory holds no database yet.
   */
  snapshot?: ArrayBuffer;
}

export type WorkerRequest = { id: number } & (
  | { op: 'init'; init: WorkerInit }
  /** `tx`: run inside that open transaction; without it, queued behind any open one, as PGlite does in one thread. */
  | { op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; textTypes: number[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  /** Answers once the transaction is open, with its id; it stays open until `end`. */
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'memory' }
  /** The data directory as an uncompressed tar. */
  | { op: 'snapshot' }
  | { op: 'close' }
);

export type WorkerReply = { id: number } & ({ ok: true; result: unknown } | { ok: false; error: SerializedError });

/** A driver error's name, message and plain fields (code, detail, constraint…): what crosses the thread. */
export interface SerializedError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean>;
}

/** WebAssembly heap of Postgres and the worker's own JavaScript memory, in bytes. */
export interface WorkerMemory {
  wasmHeap: number;
  jsHeap: number;
  external: number;
}
