import {
  CHUNK_WORLD_UNITS,
  MAX_CHUNK_COORD,
  chunkKey,
  chunkOfTile,
  pathWindow,
  tileCentre,
  tileIndexInChunk,
  tileOfWorld,
  type Core,
  type Poi,
} from '../../../core-wasm/index.ts';
import { Biome, TILE_SIZE } from '../../../core-wasm/constants.ts';
import type { TimeInfo } from '../../contract/world.ts';
import { type Sight, type SightGear, sightOf, visionInput } from '../../game/vision.ts';
import type { MoveRules } from '../../game/movement.ts';
import { type PathPlan, planPath } from '../../game/paths.ts';
import { IMPASSABLE } from '../../contract/world.ts';
import type { SpawnSite, WorldTerrain } from '../../live/room.ts';
import { SPAWN_GROUND, SPAWN_RULES } from '../../game/spawn.ts';
import type { GenerationQueue } from './generation-queue.ts';

type ChunkAt = { x: number; y: number };

const CHUNK_CACHE_SIZE = 512;
export const WORLD_EXTENT_UNITS = MAX_CHUNK_COORD * CHUNK_WORLD_UNITS;

/** A Map as an LRU: a hit moves the key to the back, the front goes beyond `capacity`. */
export function remembered<V>(cache: Map<string, V>, key: string, capacity: number, make: () => V): V {
  let value = cache.get(key);
  if (value !== undefined) {
    cache.delete(key);
  } else {
    value = make();
    if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, value);
  return value;
}

/**
 * One world's terrain over the WASM core, with the chunks and POIs it has generated kept in small LRUs (each costs
 * the core about a millisecond a chunk).
 */
export class CoreTerrain implements WorldTerrain {
  readonly moveRules: MoveRules;
  /**
   * The chunks last asked for, one per slot by their position modulo 4: a move's path is checked every half tile and a
   * world's survivors walk a few neighbouring chunks, so nearly every check skips the key and the LRU's reordering.
   */
  private readonly near: ({ cx: number; cy: number; biomes: Uint8Array } | undefined)[] = new Array(16);
  private readonly chunks = new Map<string, Uint8Array>();
  private readonly chunkPois = new Map<string, Poi[]>();
  /** Chunks being made through a queue (prepare), so two reads wanting one chunk make it once. */
  private readonly making = new Map<string, Promise<unknown>>();

  constructor(
    private readonly core: Core,
    readonly seed: number,
  ) {
    this.moveRules = {
      worldExtent: WORLD_EXTENT_UNITS,
      isPassable: (x, y) => !IMPASSABLE.has(this.biomeAtWorld(x, y)),
    };
  }

  /**
   * A chunk's biomes from their cache; on a miss the generation (~2 ms in the core) gives its POIs too, and the POI
   * cache keeps them.
   */
  chunkBiomes(cx: number, cy: number): Uint8Array {
    const key = chunkKey(cx, cy);
    const hit = this.chunks.get(key);
    if (hit !== undefined) return remembered(this.chunks, key, CHUNK_CACHE_SIZE, () => hit);
    const chunk = this.core.generateChunk(this.seed, cx, cy);
    remembered(this.chunkPois, key, CHUNK_CACHE_SIZE, () => chunk.pois);
    return remembered(this.chunks, key, CHUNK_CACHE_SIZE, () => chunk.biomes);
  }

  biomeAtTile(tx: number, ty: number): number {
    const cx = chunkOfTile(tx);
    const cy = chunkOfTile(ty);
    const slot = (cx & 3) | ((cy & 3) << 2);
    let near = this.near[slot];
    if (!near || near.cx !== cx || near.cy !== cy) near = this.near[slot] = { cx, cy, biomes: this.chunkBiomes(cx, cy) };
    return near.biomes[tileIndexInChunk(tx, ty)]!;
  }

  biomeAtWorld(x: number, y: number): number {
    return this.biomeAtTile(tileOfWorld(x), tileOfWorld(y));
  }

  sight(at: { x: number; y: number }, gear: SightGear, time: TimeInfo | null): Sight {
    const onHills = this.biomeAtWorld(at.x, at.y) === Biome.hills;
    return sightOf(this.core.visionRadius(visionInput(gear, time, { onHills, moving: false })), TILE_SIZE, gear.radio);
  }

  /** The walk between two world positions round water and mountains (api/game/paths.ts), over the cached chunks. */
  walk(from: { x: number; y: number }, to: { x: number; y: number }): PathPlan {
    return planPath(this.core, this.seed, from, to, {
      chunks: (cx, cy) => this.chunkBiomes(cx, cy),
      passable: this.moveRules.isPassable,
    });
  }

  /**
   * Makes each of these chunks that is not cached yet (its biomes, or only its POIs) through `queue`, a bounded amount
   * per turn of the event loop; resolves once all are cached, after which reading them costs nothing. Chunks beyond
   * the world's edge are skipped.
   */
  async prepare(chunks: readonly ChunkAt[], queue: GenerationQueue, what: 'biomes' | 'pois' = 'biomes'): Promise<void> {
    const cache = what === 'biomes' ? this.chunks : this.chunkPois;
    const waits: Promise<unknown>[] = [];
    for (const { x, y } of chunks) {
      if (Math.max(Math.abs(x), Math.abs(y)) > MAX_CHUNK_COORD) continue;
      const key = chunkKey(x, y);
      if (cache.has(key)) continue;
      const id = `${what}:${key}`;
      let made = this.making.get(id);
      if (!made) {
        made = queue.run(() => (what === 'biomes' ? this.chunkBiomes(x, y) : this.pois(x, y)));
        this.making.set(id, made);
        void made.then(
          () => this.making.delete(id),
          () => this.making.delete(id),
        );
      }
      waits.push(made);
    }
    await Promise.all(waits);
  }

  /** The chunks the search of a walk from `from` to `to` reads (core-wasm pathWindow); none when it would not search. */
  walkChunks(from: ChunkAt, to: ChunkAt): ChunkAt[] {
    const win = pathWindow(tileOfWorld(from.x), tileOfWorld(from.y), tileOfWorld(to.x), tileOfWorld(to.y));
    if (!win) return [];
    const out: ChunkAt[] = [];
    for (let cy = chunkOfTile(win.y0); cy <= chunkOfTile(win.y0 + win.h - 1); cy++)
      for (let cx = chunkOfTile(win.x0); cx <= chunkOfTile(win.x0 + win.w - 1); cx++) out.push({ x: cx, y: cy });
    return out;
  }

  /** Shared with every caller: read, never change. Throws beyond the world's edge (nothing is cached then). */
  pois(cx: number, cy: number): Poi[] {
    // On a miss, the core's POI-only generation: a spawn search reads 9 chunks' POIs and walks few of their tiles.
    return remembered(this.chunkPois, chunkKey(cx, cy), CHUNK_CACHE_SIZE, () => this.core.pois(this.seed, cx, cy));
  }

  /** The nearest safe tile to a point near the origin chosen by `salt`, searched in growing squares. */
  spawnPoint(salt: number): { x: number; y: number } {
    const startX = (salt % 41) - 20;
    const startY = ((salt >>> 8) % 41) - 20;
    for (let r = 0; r < 2000; r++) {
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
          const tx = startX + dx;
          const ty = startY + dy;
          if (SPAWN_GROUND.has(this.biomeAtTile(tx, ty))) return { x: tileCentre(tx), y: tileCentre(ty) };
        }
      }
    }
    return { x: tileCentre(0), y: tileCentre(0) };
  }

  /**
   * The sites a newcomer whose usual spot is `around` may be moved to (api/game/spawn.ts): those in its chunk and
   * `rings` rings of chunks round it (SPAWN_RULES.searchChunks: the whole search), each with the biome of its tile,
   * and `covered`, the distance from `around` to the nearest edge of those chunks. Chunks beyond the world's edge
   * have none.
   */
  spawnSites(
    around: { x: number; y: number },
    rings: number = SPAWN_RULES.searchChunks,
  ): { sites: SpawnSite[]; covered: number } {
    const cx = chunkOfTile(tileOfWorld(around.x));
    const cy = chunkOfTile(tileOfWorld(around.y));
    const r = rings;
    const covered = Math.min(
      around.x - (cx - r) * CHUNK_WORLD_UNITS,
      (cx + r + 1) * CHUNK_WORLD_UNITS - around.x,
      around.y - (cy - r) * CHUNK_WORLD_UNITS,
      (cy + r + 1) * CHUNK_WORLD_UNITS - around.y,
    );
    const sites: SpawnSite[] = [];
    for (let j = cy - r; j <= cy + r; j++) {
      for (let i = cx - r; i <= cx + r; i++) {
        if (Math.max(Math.abs(i), Math.abs(j)) > MAX_CHUNK_COORD) continue;
        // A POI carries the biome of its own tile: the chunks' biomes are not needed for the search.
        for (const p of this.pois(i, j)) sites.push({ poi: p, ground: Biome[p.biome] });
      }
    }
    return { sites, covered };
  }
}
