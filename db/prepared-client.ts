import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres';

/**
 * Failures that mean the connection closed under a statement: the backend was terminated (57P01, as a restart,
 * failover or `pg_terminate_backend` does) or the socket closed before the answer came. postgres.js opens a fresh
 * connection for the next query, so another try usually succeeds at once.
 */
const CLOSED_CLEANLY = new Set(['CONNECTION_CLOSED', '57P01']);
/**
 * Closed by a reset: the server may have cut the connection with answers still unsent (a backend exiting with unread
 * input resets it), so a statement that committed on its own may look failed. Retried only where running twice is
 * harmless: reads, and transactions that never sent their COMMIT.
 */
const RESET = new Set(['ECONNRESET', 'EPIPE']);

function codeOf(error: unknown): string | null {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return null;
}

/** The connection closed under the call, cleanly or by a reset (`db/client.ts` counts these as lost connections). */
export function isClosedConnection(error: unknown): boolean {
  const code = codeOf(error);
  return code !== null && (CLOSED_CLEANLY.has(code) || RESET.has(code));
}

/**
 * The connection closed after a transaction's body had finished, while its COMMIT was out: it may have been applied
 * or not, so it is not run again. Answered 503 like any lost connection; the log's errorClass names it.
 */
export class CommitInDoubtError extends Error {
  constructor(cause: unknown) {
    super('The connection closed while the transaction committed: it may or may not have been applied', { cause });
    this.name = 'CommitInDoubtError';
  }
}

const READ = /^\s*select\b/i;
/**
 * The pauses before each further try. A restart or a failover cuts every connection of the pool at once, and the pool
 * learns of each cut only as its socket's close is read (and a loaded server's backends may take a moment to go):
 * after a pause the others are known closed too and a try gets a fresh connection. Usually the first retry does; a
 * second is for a connection that was cut a little later (seen on a loaded machine). 125 ms of pauses at most, well
 * inside the ~2 s a request may wait for a reconnect.
 */
export const RETRY_PAUSES_MS = [25, 100];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a statement that failed this way may run again without running twice. */
function retryable(error: unknown, statement: string): boolean {
  const code = codeOf(error);
  if (code === null) return false;
  return CLOSED_CLEANLY.has(code) || (RESET.has(code) && READ.test(statement));
}

/**
 * A statement that is sent when first awaited (as postgres.js's own queries are), and again on a fresh connection if
 * the connection closed under it (RETRY_PAUSES_MS). Only what drizzle uses of a query: awaiting it, and `.values()`.
 */
class Retried<T> implements PromiseLike<T> {
  private rows: Promise<T> | null = null;
  private arrays: Promise<unknown> | null = null;

  constructor(
    private readonly run: () => PendingQuery<Row[]>,
    private readonly statement: string,
  ) {}

  private async retried<R>(attempt: () => PromiseLike<R>): Promise<R> {
    for (const ms of RETRY_PAUSES_MS) {
      try {
        return await attempt();
      } catch (err) {
        if (!retryable(err, this.statement)) throw err;
        await pause(ms);
      }
    }
    return attempt();
  }

  values(): Promise<unknown> {
    this.arrays ??= this.retried(() => this.run().values());
    return this.arrays;
  }

  // biome-ignore lint/suspicious/noThenProperty: awaited like the postgres.js query it stands for
  then<A = T, B = never>(
    onFulfilled?: ((v: T) => A | PromiseLike<A>) | null,
    onRejected?: ((e: unknown) => B | PromiseLike<B>) | null,
  ) {
    this.rows ??= this.retried(() => this.run() as unknown as PromiseLike<T>);
    return this.rows.then(onFulfilled, onRejected);
  }
}

/**
 * A postgres.js client whose every parameterised query is a prepared statement, for drizzle; on the pool (not inside a
 * transaction) a statement or a transaction the connection closed under is tried again on a fresh connection.
 *
 * drizzle's postgres-js session runs each query as `unsafe(text, params, { prepare: false })` unless the query was
 * given a name with `.prepare()`. An unprepared query with parameters costs postgres.js two round trips (Parse and
 * Describe first, then Bind and Execute once the parameter types are back), and Postgres parses and plans its text
 * every time. Prepared, a statement is parsed once per connection and each later run is one round trip: on a
 * rush of joins (`bun run bench worlds`) this halves the writes to the database and the server's parse work.
 *
 * postgres.js keeps a connection's statements until the connection ends (its max_lifetime, 30–60 minutes), and
 * retries a statement a schema change made stale. Transactions and savepoints hand drizzle a client of their own,
 * wrapped the same way (prepared, never retried: inside a transaction a lost connection lost the transaction).
 *
 * Why retry: every backend of a process can be cut at once (a restart, a failover, a proxy's idle cut); the calls in
 * flight then fail although the next connection works. A transaction is run again only when its body had not finished,
 * so its COMMIT was never sent and nothing of it was kept; the body runs again from the start on the new connection.
 */
export function preparedByDefault<T extends Sql | TransactionSql>(client: T, retry = false): T {
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === 'unsafe') {
        return (query: string, params?: unknown[], options?: { prepare?: boolean }) => {
          const run = () =>
            (target.unsafe as (q: string, p?: unknown[], o?: object) => PendingQuery<Row[]>)(query, params, {
              ...options,
              prepare: true,
            });
          return retry ? new Retried(run, query) : run();
        };
      }
      if (prop === 'begin' || prop === 'savepoint') {
        return async (...args: unknown[]) => {
          const last = args.length - 1;
          const body = args[last] as (tx: TransactionSql) => unknown;
          /** Runs the transaction; `state.finished` turns true once its body has returned (its COMMIT may be out). */
          const attempt = (state: { finished: boolean }) => {
            const wrapped = [...args];
            wrapped[last] = async (tx: TransactionSql) => {
              const result = await body(preparedByDefault(tx));
              state.finished = true;
              return result;
            };
            return (value as (...a: unknown[]) => Promise<unknown>).apply(target, wrapped);
          };
          if (!retry || prop !== 'begin') return attempt({ finished: false });
          for (const ms of [...RETRY_PAUSES_MS, null]) {
            const state = { finished: false };
            try {
              return await attempt(state);
            } catch (err) {
              if (!isClosedConnection(err)) throw err;
              if (state.finished) throw new CommitInDoubtError(err);
              if (ms === null) throw err;
              await pause(ms);
            }
          }
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
