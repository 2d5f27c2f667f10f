import { CHUNK_WORLD_UNITS, chunkOfWorld, tileOfWorld } from '../../core-wasm/index.ts';
import type { Db } from '../../db/index.ts';
import { bedAssignments, buildings, npcs, settlements, shelters, storageItems, users, worlds } from '../../db/schema/index.ts';
import { STORAGE_CATEGORIES, type StorageCategory } from '../contract/items.ts';
import type { NpcAssignment } from '../game/npcs.ts';
import { seededRng } from '../game/random.ts';

export interface NpcSeed {
  /** World ids to fill; each is created (with seed 1000 + its index) unless it exists. */
  worldIds: string[];
  settlementsPerWorld: number;
  npcsPerSettlement: number;
  /** Every NPC is resting, its rest ending at a random moment in [start, start + spreadMs): a steady state at once. */
  start: Date;
  spreadMs: number;
  /**
   * Assignment of the n-th NPC (default: alternately scavenge and foraging); `at` tells which settlement (counted over
   * every world, from 0) and which of its NPCs (from 0) it is.
   */
  assignment?: (n: number, at: { settlement: number; k: number }) => NpcAssignment;
  /** Settlements are laid out on a grid this far apart (world units), around the origin. */
  spacing?: number;
  /** NPCs of the s-th settlement (counted over every world, from 0), instead of npcsPerSettlement. */
  npcsIn?: (settlement: number) => number;
  /** When the settlements were founded (default: now, the database's default). */
  foundedAt?: Date;
  /** What the s-th settlement's containers hold, and their reinforcement level, by category (default: empty, level 0). */
  stock?: (settlement: number) => Partial<Record<StorageCategory, StockedContainer>>;
}

export interface StockedContainer {
  level?: number;
  items: { itemName: string; quality: number; quantity: number }[];
}

/**
 * Settlements with a bed per NPC and a container of every category, and their NPCs, written straight into the
 * database (no HTTP): for the simulation's benchmark and the two-process test. Answers the NPC ids.
 */
export async function seedNpcs(db: Db, o: NpcSeed): Promise<number[]> {
  const rng = seededRng(4242);
  const founder = `npc-seed-${crypto.randomUUID()}`;
  await db.insert(users).values({ id: founder, username: founder, usernameKey: founder, passwordHash: 'x' });
  const spacing = o.spacing ?? CHUNK_WORLD_UNITS;
  const side = Math.ceil(Math.sqrt(o.settlementsPerWorld));
  const ids: number[] = [];
  let n = 0;
  let index = 0;
  for (const [w, worldId] of o.worldIds.entries()) {
    await db
      .insert(worlds)
      .values({ id: worldId, name: worldId, seed: 1000 + w })
      .onConflictDoNothing();
    for (let s = 0; s < o.settlementsPerWorld; s++, index++) {
      const settlementIndex = index;
      const x = ((s % side) - side / 2) * spacing + 2.5;
      const y = (Math.floor(s / side) - side / 2) * spacing + 2.5;
      const [sh] = await db
        .insert(shelters)
        .values({ worldId, tileX: tileOfWorld(x), tileY: tileOfWorld(y), x, y, chunkX: chunkOfWorld(x), chunkY: chunkOfWorld(y) })
        .returning({ id: shelters.id });
      const [st] = await db
        .insert(settlements)
        .values({
          worldId,
          name: `${founder}-${worldId}-${s}`,
          shelterId: sh!.id,
          x,
          y,
          chunkX: chunkOfWorld(x),
          chunkY: chunkOfWorld(y),
          biome: 'plains',
          founderId: founder,
          ...(o.foundedAt ? { createdAt: o.foundedAt } : {}),
        })
        .returning({ id: settlements.id });
      const settlementId = st!.id;
      const stock = o.stock?.(settlementIndex) ?? {};
      const containers = await db
        .insert(buildings)
        .values(
          STORAGE_CATEGORIES.map((subtype) => ({
            settlementId,
            type: 'container' as const,
            subtype,
            name: subtype,
            level: stock[subtype]?.level ?? 0,
          })),
        )
        .returning({ id: buildings.id, subtype: buildings.subtype });
      const stored = containers.flatMap((c) =>
        (stock[c.subtype!]?.items ?? []).filter((i) => i.quantity > 0).map((i) => ({ buildingId: c.id, ...i })),
      );
      if (stored.length) await db.insert(storageItems).values(stored);
      const count = o.npcsIn?.(settlementIndex) ?? o.npcsPerSettlement;
      if (count === 0) continue;
      const beds = await db
        .insert(buildings)
        .values(Array.from({ length: count }, () => ({ settlementId, type: 'bed' as const, name: 'Bed' })))
        .returning({ id: buildings.id });
      const rows = await db
        .insert(npcs)
        .values(
          beds.map((b, k) => {
            const ends = o.start.getTime() + Math.floor(rng() * o.spreadMs);
            const assignment = o.assignment?.(n, { settlement: settlementIndex, k }) ?? (n % 2 ? 'foraging' : 'scavenge');
            n += 1;
            return {
              worldId,
              settlementId,
              bedId: b.id,
              name: `Survivor ${n}`,
              description: 'Seeded.',
              assignment,
              x,
              y,
              seed: Math.floor(rng() * 0x7fffffff),
              phase: 'rest',
              status: 'resting' as const,
              phaseStartedAt: new Date(ends - 1000),
              phaseEndsAt: new Date(ends),
            };
          }),
        )
        .returning({ id: npcs.id, bedId: npcs.bedId });
      await db.insert(bedAssignments).values(rows.map((r) => ({ bedId: r.bedId, worldId, settlementId, npcId: r.id })));
      ids.push(...rows.map((r) => r.id));
    }
  }
  return ids;
}
