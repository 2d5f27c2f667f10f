import { and, asc, count, desc, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { chatMessages, playerMutes, users } from '../schema/index.ts';

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type NewChatMessage = Pick<ChatMessageRow, 'worldId' | 'userId' | 'displayName' | 'message' | 'createdAt' | 'channel'>;
export interface MutedRow {
  userId: string;
  name: string;
}

/** What a send is told: the stored row, or how long its sender must wait (slow mode). */
export type SendOutcome = { ok: true; row: ChatMessageRow } | { ok: false; waitMs: number };

export function chatRepo(db: Db) {
  const mutedBy = (userId: string) =>
    db.select({ id: playerMutes.mutedId }).from(playerMutes).where(eq(playerMutes.muterId, userId));

  return {
    /**
     * Stores a message unless its sender is over the slow mode. The sender's recent send times are read and the row
     * written under one lock per sender, so concurrent sends (on any process: the lock is the database's) are
     * counted one after another and a burst cannot slip past the limit.
     */
    async send(
      row: NewChatMessage,
      windowMs: number,
      waitFor: (recentSends: number[], now: number) => number,
    ): Promise<SendOutcome> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat:${row.userId}`}))`);
        const since = new Date(row.createdAt.getTime() - windowMs);
        const recent = await tx
          .select({ at: chatMessages.createdAt })
          .from(chatMessages)
          .where(and(eq(chatMessages.userId, row.userId), gt(chatMessages.createdAt, since)));
        const waitMs = waitFor(
          recent.map((r) => r.at.getTime()),
          row.createdAt.getTime(),
        );
        if (waitMs > 0) return { ok: false, waitMs };
        const [stored] = await tx.insert(chatMessages).values(row).returning();
        return { ok: true, row: stored! };
      });
    },

    /** The world's latest `limit` radio messages, oldest first, leaving out senders `viewerId` muted. */
    async history(worldId: string, viewerId: string, limit: number): Promise<ChatMessageRow[]> {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.worldId, worldId),
            eq(chatMessages.channel, 'radio'),
            notInArray(chatMessages.userId, mutedBy(viewerId)),
          ),
        )
        .orderBy(desc(chatMessages.id))
        .limit(limit);
      return rows.reverse();
    },

    /** The players `userId` muted, with the name they show now (display name, else username), oldest mute first. */
    async mutes(userId: string): Promise<MutedRow[]> {
      return db
        .select({ userId: users.id, name: sql<string>`coalesce(${users.displayName}, ${users.username})` })
        .from(playerMutes)
        .innerJoin(users, eq(users.id, playerMutes.mutedId))
        .where(eq(playerMutes.muterId, userId))
        .orderBy(asc(playerMutes.createdAt), asc(playerMutes.mutedId));
    },

    /**
     * Mutes `mutedId` for `muterId` unless they already hold `limit` mutes ('full'); muting again changes nothing.
     * One lock per muter keeps two concurrent mutes from both passing the count.
     */
    async mute(muterId: string, mutedId: string, limit: number, now: Date): Promise<'muted' | 'full'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mutes:${muterId}`}))`);
        const [held] = await tx.select({ n: count() }).from(playerMutes).where(eq(playerMutes.muterId, muterId));
        const already = await tx
          .select({ id: playerMutes.mutedId })
          .from(playerMutes)
          .where(and(eq(playerMutes.muterId, muterId), eq(playerMutes.mutedId, mutedId)));
        if (already.length) return 'muted';
        if ((held?.n ?? 0) >= limit) return 'full';
        await tx.insert(playerMutes).values({ muterId, mutedId, createdAt: now }).onConflictDoNothing();
        return 'muted';
      });
    },

    async unmute(muterId: string, mutedId: string): Promise<void> {
      await db.delete(playerMutes).where(and(eq(playerMutes.muterId, muterId), eq(playerMutes.mutedId, mutedId)));
    },
  };
}
export type ChatRepo = ReturnType<typeof chatRepo>;
