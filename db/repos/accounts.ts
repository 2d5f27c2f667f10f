import { and, asc, count, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import { nameKey } from '../../api/contract/name-key.ts';
import type { Db } from '../client.ts';
import { loginAttempts, nameClaims, sessions, users } from '../schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Pick<UserRow, 'id' | 'username' | 'usernameKey' | 'passwordHash'> &
  Partial<Pick<UserRow, 'displayName' | 'firstName' | 'email'>>;

/** One counter a sign-in attempt must find room in: `limit` attempts per window under `key`. */
export interface AttemptLimit {
  key: string;
  limit: number;
}
export type AttemptReservation = { ok: true } | { ok: false; key: string; retryAfterMs: number };

/** Which name of a new user, or which new display name, is already someone else's (by its look-alike key). */
export type NameTaken = 'username' | 'similar-username' | 'display';
export type Created = { ok: true; user: UserRow } | { ok: false; taken: NameTaken };
export type Renamed = { ok: true; user: UserRow } | { ok: false; taken: 'display' | 'no-user' };

/** Thrown inside a transaction to roll it back: the name is someone else's. */
class NameIsTaken extends Error {
  constructor(readonly taken: NameTaken) {
    super(`name taken: ${taken}`);
  }
}

/**
 * Claims `key` for `userId` (kind `kind`) inside a transaction: true when the key is now (or already was) the
 * user's, false when another user holds it. The key is the table's primary key, so of two transactions claiming
 * one key at once the second waits for the first and then finds it taken.
 */
async function claimName(tx: Pick<Db, 'insert' | 'select'>, key: string, userId: string, kind: 'username' | 'display') {
  const inserted = await tx.insert(nameClaims).values({ key, userId, kind }).onConflictDoNothing().returning();
  if (inserted.length > 0) return true;
  const [holder] = await tx.select({ userId: nameClaims.userId }).from(nameClaims).where(eq(nameClaims.key, key));
  return holder?.userId === userId;
}

/** Thrown inside the reservation transaction to roll back the counters already taken. */
class NoRoom extends Error {
  constructor(readonly key: string) {
    super(`no room under ${key}`);
  }
}

/** Expired rows removed per write: enough to keep up with any rate the limits let in, small enough to stay cheap. */
const PRUNE_BATCH = 500;

export function accountsRepo(db: Db) {
  /**
   * Removes (a batch of) counters whose window has ended by `now`, skipping rows being written. Each row carries its
   * own window's end, so a sign-up counter's shorter window never cuts a sign-in counter's short.
   */
  async function pruneLoginAttempts(now: Date): Promise<void> {
    const batch = db
      .select({ key: loginAttempts.key })
      .from(loginAttempts)
      .where(lte(loginAttempts.windowEnd, now))
      .orderBy(asc(loginAttempts.windowEnd))
      .limit(PRUNE_BATCH)
      .for('update', { skipLocked: true });
    await db.delete(loginAttempts).where(inArray(loginAttempts.key, batch));
  }

  /**
   * Inserts the user and claims the look-alike keys (nameKey) of their names, all or nothing: refused when the username is
   * taken (unique key), or its key or the display name's is another survivor's name (name_claims).
   */
  async function register(user: NewUser): Promise<Created> {
    const keys = { username: nameKey(user.username), display: user.displayName ? nameKey(user.displayName) : null };
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values(user).onConflictDoNothing({ target: users.usernameKey }).returning();
        if (!row) throw new NameIsTaken('username');
        if (!(await claimName(tx, keys.username, row.id, 'username'))) throw new NameIsTaken('similar-username');
        if (keys.display !== null && !(await claimName(tx, keys.display, row.id, 'display'))) throw new NameIsTaken('display');
        return { ok: true as const, user: row };
      });
    } catch (err) {
      if (err instanceof NameIsTaken) return { ok: false, taken: err.taken };
      throw err;
    }
  }

  return {
    register,

    /** `register` for callers that only need the row: null when any of the names is taken. */
    async createUser(user: NewUser): Promise<UserRow | null> {
      const created = await register(user);
      return created.ok ? created.user : null;
    },

    async findUserByUsernameKey(usernameKey: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.usernameKey, usernameKey)).limit(1);
      return rows[0] ?? null;
    },

    async findUserById(id: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /**
     * Sets the display name and moves the user's display-name claim to its look-alike key, in one transaction:
     * refused (nothing changes) when another survivor's username or display name has that key.
     */
    async updateDisplayName(id: string, displayName: string): Promise<Renamed> {
      const key = nameKey(displayName);
      try {
        return await db.transaction(async (tx) => {
          const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
          if (!locked) return { ok: false as const, taken: 'no-user' as const };
          await tx.delete(nameClaims).where(and(eq(nameClaims.userId, id), eq(nameClaims.kind, 'display')));
          if (!(await claimName(tx, key, id, 'display'))) throw new NameIsTaken('display');
          const [row] = await tx.update(users).set({ displayName }).where(eq(users.id, id)).returning();
          return { ok: true as const, user: row! };
        });
      } catch (err) {
        if (err instanceof NameIsTaken) return { ok: false, taken: 'display' };
        throw err;
      }
    },

    async createSession(tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
      await db.insert(sessions).values({ tokenHash, userId, expiresAt });
    },

    /** The session's user when the session exists and has not expired at `now`. */
    async findSession(tokenHash: string, now: Date): Promise<{ user: UserRow; expiresAt: Date } | null> {
      const rows = await db
        .select({ user: users, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Of these session token hashes, those whose session still exists and has not expired at `now`. */
    async liveSessions(tokenHashes: string[], now: Date): Promise<string[]> {
      if (tokenHashes.length === 0) return [];
      const rows = await db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(and(inArray(sessions.tokenHash, tokenHashes), gt(sessions.expiresAt, now)));
      return rows.map((r) => r.tokenHash);
    },

    async extendSession(tokenHash: string, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },

    /**
     * Takes one attempt from every counter, all or none, before the password is checked: each counter is a row
     * whose increment is conditional (`count < limit`, or the window has passed and it starts again at 1), and the
     * rows are locked in key order inside one transaction, so concurrent attempts cannot all see room (no deadlock
     * either). Refused attempts change nothing. Rows of passed windows are pruned afterwards, without waiting on
     * locked ones. Sign-ups are counted here too (`s:<address>`, with their own window length).
     */
    async reserveLoginAttempt(limits: AttemptLimit[], now: Date, windowMs: number): Promise<AttemptReservation> {
      const since = new Date(now.getTime() - windowMs);
      const end = new Date(now.getTime() + windowMs);
      const ordered = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const expired = sql`${loginAttempts.windowStart} <= ${since.toISOString()}::timestamptz`;
      let refusedKey: string | null = null;
      try {
        await db.transaction(async (tx) => {
          for (const { key, limit } of ordered) {
            const rows = await tx
              .insert(loginAttempts)
              .values({ key, windowStart: now, windowEnd: end, count: 1 })
              .onConflictDoUpdate({
                target: loginAttempts.key,
                set: {
                  count: sql`case when ${expired} then 1 else ${loginAttempts.count} + 1 end`,
                  windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginAttempts.windowStart} end`,
                  windowEnd: sql`case when ${expired} then ${end.toISOString()}::timestamptz else ${loginAttempts.windowEnd} end`,
                },
                setWhere: sql`${expired} or ${loginAttempts.count} < ${limit}`,
              })
              .returning({ key: loginAttempts.key });
            if (rows.length === 0) throw new NoRoom(key);
          }
        });
      } catch (err) {
        if (!(err instanceof NoRoom)) throw err;
        refusedKey = err.key;
      }
      await pruneLoginAttempts(now);
      if (refusedKey === null) return { ok: true };
      const rows = await db
        .select({ windowEnd: loginAttempts.windowEnd })
        .from(loginAttempts)
        .where(eq(loginAttempts.key, refusedKey))
        .limit(1);
      const windowEnd = rows[0]?.windowEnd.getTime() ?? now.getTime() + windowMs;
      return { ok: false, key: refusedKey, retryAfterMs: Math.max(1000, windowEnd - now.getTime()) };
    },

    /**
     * After a successful sign-in: the counters in `clear` start from zero, those in `credit` get this attempt back.
     * One row per statement, so no statement holds one counter while waiting for another.
     */
    async settleLoginSuccess(clear: string[], credit: string[], now: Date, windowMs: number): Promise<void> {
      const since = new Date(now.getTime() - windowMs);
      for (const key of clear) await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
      for (const key of credit) {
        await db
          .update(loginAttempts)
          .set({ count: sql`greatest(${loginAttempts.count} - 1, 0)` })
          .where(and(eq(loginAttempts.key, key), gt(loginAttempts.windowStart, since)));
      }
    },

    pruneLoginAttempts,

    /** Attempts counted under `key` in the window that contains `now` (0 when none or passed). */
    async loginAttemptCount(key: string, now: Date, windowMs: number): Promise<number> {
      const rows = await db
        .select({ count: loginAttempts.count })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.key, key), gt(loginAttempts.windowStart, new Date(now.getTime() - windowMs))))
        .limit(1);
      return rows[0]?.count ?? 0;
    },

    /** Rows in the attempts table: it must stay bounded whatever clients send. */
    async loginAttemptRows(): Promise<number> {
      const rows = await db.select({ n: count() }).from(loginAttempts);
      return Number(rows[0]?.n ?? 0);
    },
  };
}

export type AccountsRepo = ReturnType<typeof accountsRepo>;
