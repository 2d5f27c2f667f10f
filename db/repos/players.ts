import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { actionOps } from './actions.ts';
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
    async find(userId: string, worldId: string): Promise<PlayerRow | null> {
      const rows = await db
        .select()
        .from(players)
        .where(and(eq(players.userId, userId), eq(players.worldId, worldId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Creates the survivor on first entry, with the starter kit in their pack, in one transaction; an existing one is
     * returned untouched (and gets no kit).
     */
    async createIfMissing(
      player: typeof players.$inferInsert,
      kit: readonly { itemName: string; quality: number; quantity: number }[] = [],
    ): Promise<PlayerRow> {
      await db.transaction(async (tx) => {
        const created = await tx
          .insert(players)
          .values(player)
          .onConflictDoNothing({ target: [players.userId, players.worldId] })
          .returning({ userId: players.userId });
        if (created.length && kit.length) {
          await actionOps(tx).grantItems(player.userId, player.worldId, [...kit], new Date());
        }
      });
      return (await this.find(player.userId, player.worldId))!;
    },

    /**
     * Writes the live layer's positions and online flags back in one statement (an UPDATE … FROM VALUES), so a
     * thousand survivors cost one round trip, not a thousand.
     */
    async savePositions(
      worldId: string,
      rows: { userId: string; x: number; y: number; isOnline: boolean; lastSeenAt: Date }[],
    ): Promise<void> {
      if (rows.length === 0) return;
      const values = sql.join(
        rows.map(
          (r) =>
            sql`(${r.userId}::text, ${r.x}::float8, ${r.y}::float8, ${r.isOnline}::boolean, ${r.lastSeenAt.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      await db.execute(sql`
        update ${players} set x = v.x, y = v.y, is_online = v.online, last_seen_at = v.seen
        from (values ${values}) as v(user_id, x, y, online, seen)
        where ${players.userId} = v.user_id and ${players.worldId} = ${worldId}`);
    },
  };
}

export type PlayersRepo = ReturnType<typeof playersRepo>;
