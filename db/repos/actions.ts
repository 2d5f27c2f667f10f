import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { tileKey } from '../../core-wasm/geometry.ts';
import type { Db } from '../client.ts';
import {
  forageCooldowns,
  forageSpots,
  inventoryItems,
  npcSpawnSignals,
  playerEquipment,
  poiStates,
  siteLeftovers,
} from '../schema/index.ts';

export type InventoryRow = typeof inventoryItems.$inferSelect;
export type PoiStateRow = typeof poiStates.$inferSelect;
export type NpcSignalRow = typeof npcSpawnSignals.$inferSelect;
export interface ItemGrant {
  itemName: string;
  quality: number;
  quantity: number;
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a player carries in a world: the pack's stacks and the names of what is worn. */
export interface PackContents {
  carried: { itemName: string; quantity: number }[];
  worn: string[];
}

async function packContents(tx: Tx | Db, userId: string, worldId: string): Promise<PackContents> {
  const [carried, worn] = await Promise.all([
    tx
      .select({ itemName: inventoryItems.itemName, quantity: inventoryItems.quantity })
      .from(inventoryItems)
      .where(and(eq(inventoryItems.userId, userId), eq(inventoryItems.worldId, worldId), gt(inventoryItems.quantity, 0))),
    tx
      .select({ itemName: playerEquipment.itemName })
      .from(playerEquipment)
      .where(and(eq(playerEquipment.userId, userId), eq(playerEquipment.worldId, worldId))),
  ]);
  return { carried, worn: worn.map((w) => w.itemName) };
}

/** Operations valid inside one player-action transaction. */
export function actionOps(tx: Tx | Db) {
  return {
    /** The POI's stored state, created at its starting significance if new, locked until the transaction ends. */
    async lockPoi(worldId: string, poiId: string, startingSignificance: number, now: Date): Promise<PoiStateRow> {
      await tx
        .insert(poiStates)
        .values({ worldId, poiId, currentSignificance: startingSignificance, changedAt: now })
        .onConflictDoNothing({ target: [poiStates.worldId, poiStates.poiId] });
      const rows = await tx
        .select()
        .from(poiStates)
        .where(and(eq(poiStates.worldId, worldId), eq(poiStates.poiId, poiId)))
        .for('update');
      return rows[0]!;
    },

    async setPoiSignificance(worldId: string, poiId: string, currentSignificance: number, now: Date): Promise<void> {
      await tx
        .update(poiStates)
        .set({ currentSignificance, changedAt: now })
        .where(and(eq(poiStates.worldId, worldId), eq(poiStates.poiId, poiId)));
    },

    /** Adds to the player's stacks atomically (the stack row is created or incremented in one statement). */
    async grantItems(userId: string, worldId: string, items: ItemGrant[], now: Date): Promise<void> {
      for (const i of items) {
        await tx
          .insert(inventoryItems)
          .values({ userId, worldId, itemName: i.itemName, quality: i.quality, quantity: i.quantity, updatedAt: now })
          .onConflictDoUpdate({
            target: [inventoryItems.userId, inventoryItems.worldId, inventoryItems.itemName, inventoryItems.quality],
            set: { quantity: sql`${inventoryItems.quantity} + ${i.quantity}`, updatedAt: now },
          });
      }
    },

    /** The names of what the player wears in the world (tools count only when worn: api/game/equipment.ts). */
    async wornItemNames(userId: string, worldId: string): Promise<string[]> {
      const rows = await tx
        .select({ itemName: playerEquipment.itemName })
        .from(playerEquipment)
        .where(and(eq(playerEquipment.userId, userId), eq(playerEquipment.worldId, worldId)));
      return rows.map((r) => r.itemName);
    },

    /**
     * Takes the player's pack for the rest of the transaction (every pickup does, so two at once cannot both fill the
     * same room) and answers what it holds and what is worn. Taken after the other locks of a transaction, never before.
     */
    async lockPack(userId: string, worldId: string): Promise<PackContents> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pack:${userId}:${worldId}`}))`);
      return packContents(tx, userId, worldId);
    },

    /** What earlier searches left at the site (read under the site's lock: lockPoi). */
    async siteLeftovers(worldId: string, poiId: string): Promise<ItemGrant[]> {
      return tx
        .select({ itemName: siteLeftovers.itemName, quality: siteLeftovers.quality, quantity: siteLeftovers.quantity })
        .from(siteLeftovers)
        .where(and(eq(siteLeftovers.worldId, worldId), eq(siteLeftovers.poiId, poiId)))
        .orderBy(asc(siteLeftovers.itemName), desc(siteLeftovers.quality));
    },

    /** Replaces what lies at the site with `items` (under the site's lock). */
    async setSiteLeftovers(worldId: string, poiId: string, items: ItemGrant[]): Promise<void> {
      await tx.delete(siteLeftovers).where(and(eq(siteLeftovers.worldId, worldId), eq(siteLeftovers.poiId, poiId)));
      const rows = new Map<string, ItemGrant>();
      for (const i of items) {
        const key = `${i.itemName}\u0000${i.quality}`;
        const had = rows.get(key);
        rows.set(key, { ...i, quantity: (had?.quantity ?? 0) + i.quantity });
      }
      if (rows.size) await tx.insert(siteLeftovers).values([...rows.values()].map((i) => ({ worldId, poiId, ...i })));
    },

    /** Serialises one player's actions of a kind (e.g. foraging) for the rest of the transaction. */
    async lockPlayerAction(userId: string, worldId: string, action: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${action}:${userId}:${worldId}`}))`);
    },

    /** When each of these tiles was last foraged by the player, keyed by tileKey. */
    async forageTimes(userId: string, worldId: string, tiles: { tileX: number; tileY: number }[]): Promise<Map<string, Date>> {
      const xs = [...new Set(tiles.map((t) => t.tileX))];
      const ys = [...new Set(tiles.map((t) => t.tileY))];
      const rows = await tx
        .select()
        .from(forageCooldowns)
        .where(
          and(
            eq(forageCooldowns.userId, userId),
            eq(forageCooldowns.worldId, worldId),
            inArray(forageCooldowns.tileX, xs),
            inArray(forageCooldowns.tileY, ys),
          ),
        );
      return new Map(rows.map((r) => [tileKey(r.tileX, r.tileY), r.foragedAt]));
    },

    async markForaged(userId: string, worldId: string, tiles: { tileX: number; tileY: number }[], now: Date): Promise<void> {
      if (tiles.length === 0) return;
      await tx
        .insert(forageCooldowns)
        .values(tiles.map((t) => ({ userId, worldId, tileX: t.tileX, tileY: t.tileY, foragedAt: now })))
        .onConflictDoUpdate({
          target: [forageCooldowns.userId, forageCooldowns.worldId, forageCooldowns.tileX, forageCooldowns.tileY],
          set: { foragedAt: now },
        });
    },

    /** The tile of the player's last accepted forage in the world, or null if they never foraged there. */
    async lastForageSpot(userId: string, worldId: string): Promise<{ tileX: number; tileY: number } | null> {
      const rows = await tx
        .select({ tileX: forageSpots.tileX, tileY: forageSpots.tileY })
        .from(forageSpots)
        .where(and(eq(forageSpots.userId, userId), eq(forageSpots.worldId, worldId)));
      return rows[0] ?? null;
    },

    async setForageSpot(userId: string, worldId: string, spot: { tileX: number; tileY: number }, now: Date): Promise<void> {
      await tx
        .insert(forageSpots)
        .values({ userId, worldId, tileX: spot.tileX, tileY: spot.tileY, foragedAt: now })
        .onConflictDoUpdate({
          target: [forageSpots.userId, forageSpots.worldId],
          set: { tileX: spot.tileX, tileY: spot.tileY, foragedAt: now },
        });
    },

    async addNpcSignal(
      signal: Pick<NpcSignalRow, 'userId' | 'worldId' | 'poiId' | 'npcName' | 'npcDescription' | 'npcSkills'> & {
        createdAt: Date;
      },
    ): Promise<void> {
      await tx.insert(npcSpawnSignals).values(signal);
    },
  };
}
export type ActionOps = ReturnType<typeof actionOps>;

export function actionsRepo(db: Db) {
  return {
    /** Runs one player action in one transaction: everything it writes lands together or not at all. */
    transaction<T>(fn: (ops: ActionOps) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(actionOps(tx)));
    },

    /** What the player carries, unlocked (the live path weighs it to set the walking pace). */
    packContents(userId: string, worldId: string): Promise<PackContents> {
      return packContents(db, userId, worldId);
    },

    async inventory(userId: string, worldId: string): Promise<InventoryRow[]> {
      return db
        .select()
        .from(inventoryItems)
        .where(and(eq(inventoryItems.userId, userId), eq(inventoryItems.worldId, worldId), gt(inventoryItems.quantity, 0)))
        .orderBy(asc(inventoryItems.itemName), desc(inventoryItems.quality));
    },

    async poiStates(worldId: string, poiIds: string[]): Promise<PoiStateRow[]> {
      if (poiIds.length === 0) return [];
      return db
        .select()
        .from(poiStates)
        .where(and(eq(poiStates.worldId, worldId), inArray(poiStates.poiId, poiIds)));
    },

    async latestNpcSignal(userId: string, worldId: string, since: Date): Promise<NpcSignalRow | null> {
      const rows = await db
        .select()
        .from(npcSpawnSignals)
        .where(
          and(eq(npcSpawnSignals.userId, userId), eq(npcSpawnSignals.worldId, worldId), gt(npcSpawnSignals.createdAt, since)),
        )
        .orderBy(desc(npcSpawnSignals.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type ActionsRepo = ReturnType<typeof actionsRepo>;
