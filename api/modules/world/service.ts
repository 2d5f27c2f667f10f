import {
  BIOME_NAMES,
  chunkOfTile,
  MAX_CHUNK_COORD,
  TILE_SIZE,
  VISION_DAY_MULTIPLIER,
  VISION_NIGHT_MULTIPLIER,
  type Core,
  type Poi,
} from '../../../core-wasm/index.ts';
import { UNKNOWN_WORLD } from '../../contract/http.ts';
import type { PoiStates, PoiView, Region, TerrainInfo, TimeInfo, WorldInfo } from '../../contract/world.ts';
import { DEFAULT_WORLD_ID } from '../../contract/world.ts';
import { newWorldSeed } from '../../game/world.ts';
import { timeOfDay, worldDayEpoch } from '../../game/day-night.ts';
import { DEFAULT_WORLD_NAME } from '../../game/worlds.ts';
import type { PathPlan } from '../../game/paths.ts';
import { recoveredSignificance } from '../../game/scavenge.ts';
import { HttpError } from '../../http/errors.ts';
import { JsonParts } from '../../http/gzip-parts.ts';
import type { Services } from '../../services.ts';
import { type ChunkRange, ChunkWireCache, chunksOf, encodeRegion } from './chunk-wire.ts';
import { GenerationQueue } from './generation-queue.ts';
import { CoreTerrain, WORLD_EXTENT_UNITS } from './terrain.ts';

/** The shape of every POI id: `poi_<seed>_<tileX>_<tileY>`. */
export const POI_ID = /^poi_(\d+)_(-?\d+)_(-?\d+)$/;

export { DEFAULT_WORLD_NAME } from '../../game/worlds.ts';

export type { PoiView };

/** The chunks of a region that exist: the world ends at ±MAX_CHUNK_COORD. */
export function regionRange(cx: number, cy: number, radius: number): ChunkRange {
  const lo = (c: number) => Math.max(-MAX_CHUNK_COORD, c - radius);
  const hi = (c: number) => Math.min(MAX_CHUNK_COORD, c + radius);
  return { cx0: lo(cx), cx1: hi(cx), cy0: lo(cy), cy1: hi(cy) };
}

/** Worlds, their terrain over the WASM core, and the world clock. */
export class WorldService {
  private readonly worlds = new Map<string, Promise<{ info: WorldInfo; terrain: CoreTerrain } | null>>();
  /** Null when the chunks call builds every answer afresh (a capacity of 0: the bench's before). */
  readonly wires: ChunkWireCache | null;
  /** Terrain the reads need and nobody made yet is made here, a bounded amount per turn of the event loop. */
  readonly generation = new GenerationQueue();

  constructor(
    private readonly services: Services,
    private readonly core: Core,
  ) {
    const size = services.config.chunkWireCacheSize;
    this.wires = size > 0 ? new ChunkWireCache(size) : null;
  }

  async ensureDefault(): Promise<WorldInfo> {
    return (await this.info(DEFAULT_WORLD_ID))!;
  }

  /**
   * What GET /api/world/:worldId answers, or null for an unknown world. The seed and terrain are cached (they never
   * change), the name is read afresh: an operator may rename a world (`bun run worlds rename`, the admin routes) from
   * any process, and the game header shows the new name on its next load, no restart needed.
   */
  async info(worldId: string): Promise<WorldInfo | null> {
    const w = await this.world(worldId);
    if (!w) return null;
    const row = await this.services.repos.world.findWorld(worldId);
    return row ? { ...w.info, name: row.name } : null;
  }

  /**
   * The world and its terrain, or null when no such world exists (a miss is not cached). The default world
   * is created, with its seed, the first time anyone asks for it.
   */
  world(worldId: string): Promise<{ info: WorldInfo; terrain: CoreTerrain } | null> {
    let w = this.worlds.get(worldId);
    if (!w) {
      const repo = this.services.repos.world;
      const row =
        worldId === DEFAULT_WORLD_ID
          ? repo.ensureWorld(DEFAULT_WORLD_ID, DEFAULT_WORLD_NAME, newWorldSeed(this.services.config.worldSeed))
          : repo.findWorld(worldId);
      w = row.then((r) =>
        r
          ? { info: { id: r.id, name: r.name, tileSize: TILE_SIZE, seed: r.seed }, terrain: new CoreTerrain(this.core, r.seed) }
          : null,
      );
      this.worlds.set(worldId, w);
      void w.then(
        (found) => {
          if (!found) this.worlds.delete(worldId);
        },
        () => this.worlds.delete(worldId),
      );
    }
    return w;
  }

  /**
   * The generated POI with this id in this world, or null: a malformed id, another world's seed, coordinates outside
   * the world or no POI there (ids are `poi_<seed>_<tileX>_<tileY>`).
   */
  async findPoi(worldId: string, poiId: string): Promise<Poi | null> {
    const w = await this.world(worldId);
    const m = POI_ID.exec(poiId);
    if (!w || !m || Number(m[1]) !== w.info.seed) return null;
    try {
      return w.terrain.pois(chunkOfTile(Number(m[2])), chunkOfTile(Number(m[3]))).find((p) => p.id === poiId) ?? null;
    } catch {
      return null; // coordinates outside the world
    }
  }

  /** For the live layer: every known world has terrain; the default one is created on demand. */
  async terrainFor(worldId: string): Promise<CoreTerrain> {
    const w = await this.world(worldId);
    if (!w) throw new HttpError(404, UNKNOWN_WORLD);
    return w.terrain;
  }

  /** The world's clock now (each world runs its own day: worldDayEpoch), or null for an unknown world. */
  async time(worldId: string = DEFAULT_WORLD_ID): Promise<TimeInfo | null> {
    const epochMs = await this.dayEpoch(worldId);
    return epochMs === null ? null : this.clockAt(epochMs);
  }

  /** Where the world's day starts (api/game/day-night.ts), or null for an unknown world. */
  async dayEpoch(worldId: string): Promise<number | null> {
    const w = await this.world(worldId);
    return w ? worldDayEpoch(w.info.id, w.info.seed, this.services.config.dayCycleMs) : null;
  }

  /** The clock now of a world whose day starts at `epochMs` (a live room asks every tick: no lookup). */
  clockAt(epochMs: number): TimeInfo {
    return timeOfDay(
      this.services.now().getTime(),
      this.services.config.dayCycleMs,
      { day: VISION_DAY_MULTIPLIER, night: VISION_NIGHT_MULTIPLIER },
      epochMs,
    );
  }

  poiView(p: Poi, state?: { currentSignificance: number; hasShelter: boolean; changedAt: Date }): PoiView {
    const current = state
      ? recoveredSignificance(state.currentSignificance, p.significance, state.changedAt.getTime(), this.services.now().getTime())
      : p.significance;
    return { ...p, x: p.worldX, y: p.worldY, currentSignificance: current, hasShelter: state?.hasShelter ?? false };
  }

  /** What players have done to these POIs, by id (POIs never touched have no state). */
  private async statesOf(worldId: string, pois: readonly Poi[]) {
    const rows = await this.services.repos.actions.poiStates(
      worldId,
      pois.map((p) => p.id),
    );
    return new Map(rows.map((s) => [s.poiId, s]));
  }

  /** The generated POIs with what players have done to them applied. */
  async poiViews(worldId: string, pois: Poi[]): Promise<PoiView[]> {
    const states = await this.statesOf(worldId, pois);
    return pois.map((p) => this.poiView(p, states.get(p.id)));
  }

  private async settlementsAndShelters(worldId: string, range: ChunkRange) {
    const [settlements, shelters] = await Promise.all([
      this.services.repos.settlements.settlementsInChunks(worldId, range),
      this.services.repos.settlements.sheltersInChunks(worldId, range),
    ]);
    return {
      settlements: settlements.map((st) => ({ id: String(st.id), worldId: st.worldId, name: st.name, x: st.x, y: st.y })),
      shelters: shelters.map((sh) => ({ id: String(sh.id), x: sh.x, y: sh.y })),
    };
  }

  /** The chunks call's answer built afresh: the reference the cached answer (regionBody) must equal. */
  async region(worldId: string, cx: number, cy: number, radius: number): Promise<Region | null> {
    const w = await this.world(worldId);
    if (!w) return null;
    const range = regionRange(cx, cy, radius);
    await w.terrain.prepare(chunksOf(range), this.generation);
    const chunks: Region['chunks'] = [];
    const pois: Poi[] = [];
    for (const { x, y } of chunksOf(range)) {
      chunks.push({ x, y, tiles: Buffer.from(w.terrain.chunkBiomes(x, y)).toString('base64') });
      pois.push(...w.terrain.pois(x, y));
    }
    const [poiViews, placed] = await Promise.all([this.poiViews(worldId, pois), this.settlementsAndShelters(worldId, range)]);
    return { chunks, legend: [...BIOME_NAMES], pois: poiViews, ...placed };
  }

  /**
   * The chunks call's answer from each chunk's encoded pieces (chunk-wire.ts), ready to send as JSON or gzip. With
   * the cache off, the whole text is built and compressed on every call, as before the cache.
   */
  async regionBody(worldId: string, cx: number, cy: number, radius: number): Promise<JsonParts | null> {
    if (!this.wires) {
      const region = await this.region(worldId, cx, cy, radius);
      return region && new JsonParts().text(JSON.stringify(region));
    }
    const wires = this.wires;
    const w = await this.world(worldId);
    if (!w) return null;
    const range = regionRange(cx, cy, radius);
    const view = this.poiView.bind(this);
    // A chunk not encoded yet is made and encoded in a turn of its own (a few ms each); the rest are read at once.
    const wanted = chunksOf(range);
    await Promise.all(
      wanted
        .filter(({ x, y }) => !wires.has(w.terrain.seed, x, y))
        .map(({ x, y }) => this.generation.run(() => wires.chunk(w.terrain, x, y, view))),
    );
    const chunks = wanted.map(({ x, y }) => wires.chunk(w.terrain, x, y, view));
    const [states, placed] = await Promise.all([
      this.statesOf(
        worldId,
        chunks.flatMap((c) => c.pois),
      ),
      this.settlementsAndShelters(worldId, range),
    ]);
    return encodeRegion(chunks, states, view, placed.settlements, placed.shelters);
  }

  /** The light read: every POI of the region with its current significance and shelter, nothing the core makes. */
  async poiStates(worldId: string, cx: number, cy: number, radius: number): Promise<PoiStates | null> {
    const w = await this.world(worldId);
    if (!w) return null;
    const wanted = chunksOf(regionRange(cx, cy, radius));
    await w.terrain.prepare(wanted, this.generation, 'pois');
    const pois = wanted.flatMap(({ x, y }) => w.terrain.pois(x, y));
    return {
      pois: (await this.poiViews(worldId, pois)).map((p) => ({
        id: p.id,
        currentSignificance: p.currentSignificance,
        hasShelter: p.hasShelter,
      })),
    };
  }

  async terrainInfo(worldId: string, x: number, y: number): Promise<TerrainInfo | 'unknown-world' | 'outside'> {
    const w = await this.world(worldId);
    if (!w) return 'unknown-world' as const;
    if (Math.abs(x) > WORLD_EXTENT_UNITS || Math.abs(y) > WORLD_EXTENT_UNITS) return 'outside' as const;
    const info = this.core.terrainInfo(w.info.seed, x, y);
    const poi = info.poi ? { ...(await this.poiViews(worldId, [info.poi]))[0]!, distance: info.poi.distance } : null;
    return { ...info, poi };
  }

  /** Whether a walk between these positions can be asked of this world at all: it exists, both lie inside it. */
  async checkPath(
    worldId: string,
    from: { x: number; y: number },
    to: { x: number; y: number },
  ): Promise<'ok' | 'unknown-world' | 'outside'> {
    if (!(await this.world(worldId))) return 'unknown-world';
    if ([from.x, from.y, to.x, to.y].some((v) => !Number.isFinite(v) || Math.abs(v) > WORLD_EXTENT_UNITS)) return 'outside';
    return 'ok';
  }

  /**
   * The walk between two world positions (api/game/paths.ts) over this world's cached chunks; the chunks its search
   * reads that nobody made yet are made first, and the search is run, a bounded amount per turn (GenerationQueue).
   */
  async path(
    worldId: string,
    from: { x: number; y: number },
    to: { x: number; y: number },
  ): Promise<PathPlan | 'unknown-world' | 'outside'> {
    const checked = await this.checkPath(worldId, from, to);
    if (checked !== 'ok') return checked;
    const w = (await this.world(worldId))!;
    await w.terrain.prepare(w.terrain.walkChunks(from, to), this.generation);
    // The search itself is a job too: callers waiting on the same chunks all resume at once, and their searches
    // one after another would hold the loop as long as the chunks did.
    return this.generation.run(() => w.terrain.walk(from, to));
  }
}
