import type { Sql, TransactionSql } from 'postgres';

/**
 * A postgres.js client whose every parameterised query is a prepared statement, for drizzle.
 *
 * drizzle's postgres-js session runs each query as `unsafe(text, params, { prepare: false })` unless the query was
 * given a name with `.prepare()`. An unprepared query with parameters costs postgres.js two round trips (Parse and
 * Describe first, then Bind and Execute once the parameter types are back), and Postgres parses and plans its text
 * every time. Prepared, a statement is parsed once per connection and each later run is one round trip: on a
 * rush of joins (`bun run bench worlds`) this halves the writes to the database and the server's parse work.
 *
 * postgres.js keeps a connection's statements until the connection ends (its max_lifetime, 30–60 minutes), and
 * retries a statement a schema change made stale. Transactions and savepoints hand drizzle a client of their own,
 * wrapped the same way.
 */
export function preparedByDefault<T extends Sql | TransactionSql>(client: T): T {
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === 'unsafe') {
        return (query: string, params?: unknown[], options?: { prepare?: boolean }) =>
          (target.unsafe as (q: string, p?: unknown[], o?: object) => unknown)(query, params, { ...options, prepare: true });
      }
      if (prop === 'begin' || prop === 'savepoint') {
        return (...args: unknown[]) => {
          const last = args.length - 1;
          const body = args[last] as (tx: TransactionSql) => unknown;
          args[last] = (tx: TransactionSql) => body(preparedByDefault(tx));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
