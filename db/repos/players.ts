import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { actionOps } from './actions.ts';
import { lobbyEntries, players } from '../schema/index.ts';

export type PlayerRow = typeof players.$inferSelect;

/** When a live-state lease taken now ends, on the database's clock (the same for every process). */
const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;

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
     * Creates the survivor on first entry, with the starter kit in their pack (one transaction); an existing one is
     * returned untouched (and gets no kit); `owner` takes its live-state lease at
     * once (see claimOwner), which a survivor made by this call needs no claim for. Answers the row and whether this
     * call made it.
     */
    async createIfMissing(
      player: typeof players.$inferInsert,
      kit: readonly { itemName: string; quality: number; quantity: number }[] = [],
      owner?: { processId: string; leaseMs: number },
    ): Promise<{ row: PlayerRow; created: boolean }> {
      const values = owner
        ? {
            ...player,
            ownerProcess: owner.processId,
            ownerUntil: leaseEnd(owner.leaseMs),
          }
        : player;
      const insert = (x: Pick<Db, 'insert'>) =>
        x
          .insert(players)
          .values(values)
          .onConflictDoNothing({ target: [players.userId, players.worldId] })
          .returning();
      let made: PlayerRow | undefined;
      // Without a kit a single statement: no transaction's two extra round trips on every first entry.
      if (kit.length === 0) [made] = await insert(db);
      else
        await db.transaction(async (tx) => {
          [made] = await insert(tx);
          if (made) await actionOps(tx).grantItems(player.userId, player.worldId, [...kit], new Date());
        });
      if (made) return { row: made, created: true };
      return { row: (await this.find(player.userId, player.worldId))!, created: false };
    },

    /**
     * Settles the survivor's colour against the others in its world (those seated there or online there) and stores
     * it: `choose` gets their colours and the survivor's current one and answers the colour to wear. One transaction
     * holding a lock per world, so two survivors entering at once, on one process or two, never both take colours
     * chosen against a world without the other. Answers the colour.
     */
    async settleColour(
      userId: string,
      worldId: string,
      choose: (taken: string[], current: string) => string | Promise<string>,
    ): Promise<string> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`colours:${worldId}`}))`);
        const [mine] = await tx
          .select({ color: players.color })
          .from(players)
          .where(and(eq(players.userId, userId), eq(players.worldId, worldId)));
        if (!mine) throw new Error(`no survivor of ${userId} in world ${worldId}`);
        const others = await tx
          .select({ color: players.color })
          .from(players)
          .where(
            and(
              eq(players.worldId, worldId),
              sql`${players.userId} <> ${userId}`,
              sql`(${players.isOnline} or exists (select 1 from ${lobbyEntries} where ${lobbyEntries.userId} = ${players.userId}
                and ${lobbyEntries.worldId} = ${worldId} and ${lobbyEntries.seatedAt} is not null))`,
            ),
          );
        const color = await choose(
          others.map((o) => o.color),
          mine.color,
        );
        if (color !== mine.color)
          await tx
            .update(players)
            .set({ color })
            .where(and(eq(players.userId, userId), eq(players.worldId, worldId)));
        return color;
      });
    },

    /**
     * Takes the survivor's live state for `processId` unless another process holds it with time left (the lease runs
     * on the database's clock, the same for every process). Answers where it stands, or who holds it.
     */
    async claimOwner(
      userId: string,
      worldId: string,
      processId: string,
      leaseMs: number,
    ): Promise<{ owned: true; x: number; y: number; isOnline: boolean } | { owned: false; owner: string | null }> {
      const [mine] = await db
        .update(players)
        .set({ ownerProcess: processId, ownerUntil: leaseEnd(leaseMs) })
        .where(
          and(
            eq(players.userId, userId),
            eq(players.worldId, worldId),
            sql`(${players.ownerProcess} is null or ${players.ownerProcess} = ${processId} or ${players.ownerUntil} < now())`,
          ),
        )
        .returning({ x: players.x, y: players.y, isOnline: players.isOnline });
      if (mine) return { owned: true, ...mine };
      const [row] = await db
        .select({ owner: players.ownerProcess })
        .from(players)
        .where(and(eq(players.userId, userId), eq(players.worldId, worldId)));
      return { owned: false, owner: row?.owner ?? null };
    },

    /** Hands the survivor from its owner to another process, with where it stands now; false if `from` no longer held it. */
    async handOwner(
      userId: string,
      worldId: string,
      from: string,
      to: string,
      leaseMs: number,
      at: { x: number; y: number },
    ): Promise<boolean> {
      const rows = await db
        .update(players)
        .set({ ownerProcess: to, ownerUntil: leaseEnd(leaseMs), x: at.x, y: at.y })
        .where(and(eq(players.userId, userId), eq(players.worldId, worldId), eq(players.ownerProcess, from)))
        .returning({ userId: players.userId });
      return rows.length === 1;
    },

    /** Extends the process's leases on these survivors; answers those it still holds (another may have taken one). */
    async renewOwned(worldId: string, processId: string, userIds: string[], leaseMs: number): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .update(players)
        .set({ ownerUntil: leaseEnd(leaseMs) })
        .where(and(eq(players.worldId, worldId), eq(players.ownerProcess, processId), inArray(players.userId, userIds)))
        .returning({ userId: players.userId });
      return rows.map((r) => r.userId);
    },

    /**
     * The world's survivors held by a process other than `except` (a lease with time left) and online by their
     * holder's last write-back (WRITE_BACK_INTERVAL_MS), with where it last wrote them. A process that died holds
     * none once its leases lapse.
     */
    async onlineHeldElsewhere(worldId: string, except: string): Promise<{ userId: string; x: number; y: number }[]> {
      return db
        .select({ userId: players.userId, x: players.x, y: players.y })
        .from(players)
        .where(
          and(
            eq(players.worldId, worldId),
            eq(players.isOnline, true),
            sql`${players.ownerProcess} <> ${except} and ${players.ownerUntil} > now()`,
          ),
        );
    },

    /** The process lets these survivors go (their state is written back): the next process to ask takes them at once. */
    async releaseOwned(worldId: string, processId: string, userIds: string[]): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .update(players)
        .set({ ownerProcess: null, ownerUntil: null })
        .where(and(eq(players.worldId, worldId), eq(players.ownerProcess, processId), inArray(players.userId, userIds)));
    },

    /**
     * Writes the live layer's positions and online flags back in one statement (an UPDATE … FROM VALUES), so a
     * thousand survivors cost one round trip, not a thousand. With `owner`, only the survivors that process holds:
     * a process that lost one never writes a stale position over its new owner's.
     */
    async savePositions(
      worldId: string,
      rows: { userId: string; x: number; y: number; isOnline: boolean; lastSeenAt: Date }[],
      owner?: string,
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
        where ${players.userId} = v.user_id and ${players.worldId} = ${worldId}
          ${owner === undefined ? sql`` : sql`and ${players.ownerProcess} = ${owner}`}`);
    },
  };
}

export type PlayersRepo = ReturnType<typeof playersRepo>;
