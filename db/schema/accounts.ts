import { doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  username: text('username').notNull(),
  /** Lower-cased username: sign-in is case-insensitive and 'Rex' cannot shadow 'rex'. */
  usernameKey: text('username_key').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  displayName: text('display_name'),
  firstName: text('first_name'),
  email: text('email'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Every name a survivor is known by, as its look-alike key (api/contract/name-key.ts: NFKC, case-folded, the Unicode
 * confusables skeleton): a username and, when set, a display name. The key is the primary key, so no two
 * survivors can be called alike, whether by username or display name, even by requests in flight at the same time.
 * A display name whose key is the survivor's own username key needs no row of its own. Usernames older than this
 * table that look like an earlier one have no row (they still sign in; an invitation by such a name is refused as
 * ambiguous).
 */
export const nameClaims = pgTable(
  'name_claims',
  {
    key: text('key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['username', 'display'] }).notNull(),
  },
  (t) => [index('name_claims_user_idx').on(t.userId, t.kind)],
);

/**
 * One-time data steps that run after the SQL migrations (db/data-steps.ts), each recorded here once done, so that
 * a step computed in TypeScript (a Unicode skeleton, say) fills the rows of an older database exactly once.
 */
export const dataSteps = pgTable('data_steps', {
  name: text('name').primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a leaked table cannot be replayed as cookies. */
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Attempts per key inside a fixed window: sign-ins (the key is `a:<address>`, `p:<address>|<username>` or
 * `u:<username>`, 15-minute windows) and sign-ups (`s:<address>`, 10-minute windows). One row per key, so the table
 * holds at most one row per address, username and pair seen in the last window, and rows whose window has ended
 * (`window_end`, whatever its length) are pruned on later writes. An attempt is counted before its password is hashed
 * or checked, which is what makes the limit hold against concurrent requests, on every process of the database.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    /** When this key's window ends: pruning reads it, so counters with windows of different lengths share the table. */
    windowEnd: timestamp('window_end', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('login_attempts_window_end_idx').on(t.windowEnd)],
);

/**
 * Token buckets shared by every process on the database (api/http/shared-limits.ts): write limits, REST moves,
 * explored-land saves and live-socket frames, each under its own key prefix. A bucket is kept as GCRA's theoretical
 * arrival time (`tat`, ms since the epoch): it is full when `tat` is not after now, each token spent moves `tat` on
 * by 1/rate seconds, and a spend is refused when that would put `tat` more than burst/rate seconds ahead of now. So
 * one conditional UPSERT both checks and spends, atomically under the row's lock. A full bucket carries no
 * information: rows whose `tat` has passed are pruned in batches.
 */
export const rateBuckets = pgTable(
  'rate_buckets',
  {
    key: text('key').primaryKey(),
    tat: doublePrecision('tat').notNull(),
  },
  (t) => [index('rate_buckets_tat_idx').on(t.tat)],
);
