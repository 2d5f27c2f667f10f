import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { players } from '../schema/index.ts';

export type PlayerRow = typeof players.$inferSelect;

export function playersRepo(db: Db) {
  return {
    async listForUser(userId: string): Promise<PlayerRow[]> {
      return db.select().from(players).where(eq(players.userId, userId));
    },

    async upsert(player: typeof players.$inferInsert): Promise<PlayerRow> {
      const rows = await db
        .insert(players)
        .values(player)
        .onConflictDoUpdate({
          target: [players.userId, players.worldId],
          set: { x: player.x, y: player.y, isOnline: player.isOnline, lastSeenAt: new Date() },
        })
        .returning();
      return rows[0]!;
    },

    /** Marks every survivor of the user offline (the user left the game). */
    async markOffline(userId: string): Promise<number> {
      const rows = await db
        .update(players)
        .set({ isOnline: false, lastSeenAt: new Date() })
        .where(eq(players.userId, userId))
        .returning({ worldId: players.worldId });
      return rows.length;
    },
  };
}

export type PlayersRepo = ReturnType<typeof playersRepo>;
