import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { chunkKey } from '../../core-wasm/geometry.ts';
import type { Db } from '../client.ts';
import { exploredChunks, worldEvents, worlds } from '../schema/index.ts';

export type WorldRow = typeof worlds.$inferSelect;
export type WorldEventRow = typeof worldEvents.$inferSelect;
export type ExploredChunk = { chunkX: number; chunkY: number; bits: Uint8Array };

export const EXPLORED_BITS_BYTES = 2048;

/** Bitwise OR of two fog bitsets. */
export function mergeBits(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(EXPLORED_BITS_BYTES);
  for (let i = 0; i < EXPLORED_BITS_BYTES; i++) out[i] = (a[i] ?? 0) | (b[i] ?? 0);
  return out;
}

export function worldRepo(db: Db) {
  return {
    /** The world, created with `seed` if it does not exist yet; concurrent callers all get the same row. */
    async ensureWorld(id: string, name: string, seed: number): Promise<WorldRow> {
      await db.insert(worlds).values({ id, name, seed }).onConflictDoNothing({ target: worlds.id });
      const rows = await db.select().from(worlds).where(eq(worlds.id, id)).limit(1);
      return rows[0]!;
    },

    async findWorld(id: string): Promise<WorldRow | null> {
      const rows = await db.select().from(worlds).where(eq(worlds.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** The world with this id, else the one with this name (compared case-insensitively), else null. */
    async findWorldByIdOrName(idOrName: string): Promise<WorldRow | null> {
      const rows = await db
        .select()
        .from(worlds)
        .where(sql`${worlds.id} = ${idOrName} or lower(${worlds.name}) = lower(${idOrName})`)
        .orderBy(sql`${worlds.id} = ${idOrName} desc`, worlds.createdAt)
        .limit(1);
      return rows[0] ?? null;
    },

    /** Renames a world; answers the row after, or null for an unknown id. */
    async renameWorld(id: string, name: string): Promise<WorldRow | null> {
      const rows = await db.update(worlds).set({ name }).where(eq(worlds.id, id)).returning();
      return rows[0] ?? null;
    },

    async addEvent(
      event: Pick<WorldEventRow, 'worldId' | 'type' | 'playerId' | 'message'> & { createdAt?: Date },
    ): Promise<WorldEventRow> {
      const rows = await db.insert(worldEvents).values(event).returning();
      return rows[0]!;
    },

    /** The type of the player's newest entered/left line in the world, or null. */
    async lastPresenceEvent(worldId: string, playerId: string): Promise<'join' | 'leave' | null> {
      const rows = await db
        .select({ type: worldEvents.type })
        .from(worldEvents)
        .where(
          and(eq(worldEvents.worldId, worldId), eq(worldEvents.playerId, playerId), inArray(worldEvents.type, ['join', 'leave'])),
        )
        .orderBy(desc(worldEvents.id))
        .limit(1);
      return (rows[0]?.type as 'join' | 'leave' | undefined) ?? null;
    },

    /** The newest events, oldest first. */
    async recentEvents(worldId: string, limit: number): Promise<WorldEventRow[]> {
      const rows = await db
        .select()
        .from(worldEvents)
        .where(eq(worldEvents.worldId, worldId))
        .orderBy(desc(worldEvents.id))
        .limit(limit);
      return rows.reverse();
    },

    async exploredChunks(userId: string, worldId: string): Promise<ExploredChunk[]> {
      return db
        .select({ chunkX: exploredChunks.chunkX, chunkY: exploredChunks.chunkY, bits: exploredChunks.bits })
        .from(exploredChunks)
        .where(and(eq(exploredChunks.userId, userId), eq(exploredChunks.worldId, worldId)));
    },

    async hasExplored(userId: string, worldId: string, chunkX: number, chunkY: number): Promise<boolean> {
      const rows = await db
        .select({ x: exploredChunks.chunkX })
        .from(exploredChunks)
        .where(
          and(
            eq(exploredChunks.userId, userId),
            eq(exploredChunks.worldId, worldId),
            eq(exploredChunks.chunkX, chunkX),
            eq(exploredChunks.chunkY, chunkY),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /**
     * ORs the given bitsets into the stored ones. One transaction holding a per-player advisory lock, so two
     * saves at once (a timer and an unload beacon) never overwrite each other's bits. Answers false, writing
     * nothing, when the new sectors would take the player past `maxChunks` in this world.
     */
    async mergeExplored(userId: string, worldId: string, chunks: ExploredChunk[], maxChunks = Infinity): Promise<boolean> {
      if (chunks.length === 0) return true;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`explored:${userId}:${worldId}`}))`);
        const keys = chunks.map((c) => chunkKey(c.chunkX, c.chunkY));
        const existing = await tx
          .select()
          .from(exploredChunks)
          .where(
            and(
              eq(exploredChunks.userId, userId),
              eq(exploredChunks.worldId, worldId),
              // chunkKey's "cx,cy", spelt in SQL.
              inArray(sql`${exploredChunks.chunkX} || ',' || ${exploredChunks.chunkY}`, keys),
            ),
          );
        const byKey = new Map(existing.map((r) => [chunkKey(r.chunkX, r.chunkY), r.bits]));
        const added = new Set(keys.filter((k) => !byKey.has(k))).size;
        if (added > 0) {
          const [stored] = await tx
            .select({ n: count() })
            .from(exploredChunks)
            .where(and(eq(exploredChunks.userId, userId), eq(exploredChunks.worldId, worldId)));
          if (Number(stored?.n ?? 0) + added > maxChunks) return false;
        }
        for (const c of chunks) {
          const key = chunkKey(c.chunkX, c.chunkY);
          const merged = mergeBits(byKey.get(key) ?? new Uint8Array(EXPLORED_BITS_BYTES), c.bits);
          byKey.set(key, merged);
          await tx
            .insert(exploredChunks)
            .values({ userId, worldId, chunkX: c.chunkX, chunkY: c.chunkY, bits: merged })
            .onConflictDoUpdate({
              target: [exploredChunks.userId, exploredChunks.worldId, exploredChunks.chunkX, exploredChunks.chunkY],
              set: { bits: merged, updatedAt: new Date() },
            });
        }
        return true;
      });
    },
  };
}

export type WorldRepo = ReturnType<typeof worldRepo>;
