import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { loginFailures, sessions, users } from '../schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Pick<UserRow, 'id' | 'username' | 'usernameKey' | 'passwordHash'> &
  Partial<Pick<UserRow, 'displayName' | 'firstName' | 'email'>>;

export function accountsRepo(db: Db) {
  return {
    /** Inserts the user; answers null when the username is taken (unique key), without throwing. */
    async createUser(user: NewUser): Promise<UserRow | null> {
      const rows = await db.insert(users).values(user).onConflictDoNothing({ target: users.usernameKey }).returning();
      return rows[0] ?? null;
    },

    async findUserByUsernameKey(usernameKey: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.usernameKey, usernameKey)).limit(1);
      return rows[0] ?? null;
    },

    async findUserById(id: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async updateDisplayName(id: string, displayName: string): Promise<UserRow | null> {
      const rows = await db.update(users).set({ displayName }).where(eq(users.id, id)).returning();
      return rows[0] ?? null;
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

    async recordLoginFailure(usernameKey: string, at: Date): Promise<void> {
      await db.insert(loginFailures).values({ usernameKey, failedAt: at });
    },

    async countLoginFailuresSince(usernameKey: string, since: Date): Promise<number> {
      const rows = await db
        .select({ n: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.usernameKey, usernameKey), gt(loginFailures.failedAt, since)));
      return Number(rows[0]?.n ?? 0);
    },

    async clearLoginFailures(usernameKey: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.usernameKey, usernameKey));
    },
  };
}

export type AccountsRepo = ReturnType<typeof accountsRepo>;
