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
import type { PoiView, Region, TerrainInfo, TimeInfo, WorldInfo } from '../../contract/world.ts';
import { DEFAULT_WORLD_ID } from '../../contract/world.ts';
import { timeOfDay } from '../../game/day-night.ts';
import { recoveredSignificance } from '../../game/scavenge.ts';
import { HttpError } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { CoreTerrain, WORLD_EXTENT_UNITS } from './terrain.ts';

/** The shape of every POI id: `poi_<seed>_<tileX>_<tileY>`. */
export const POI_ID = /^poi_(\d+)_(-?\d+)_(-?\d+)$/;

export const DEFAULT_WORLD_NAME = 'The Wasteland';

export type { PoiView };

/** Worlds, their terrain over the WASM core, and the world clock. */
export class WorldService {
  private readonly worlds = new Map<string, Promise<{ info: WorldInfo; terrain: CoreTerrain } | null>>();

  constructor(
    private readonly services: Services,
    private readonly core: Core,
  ) {}

  private newSeed(): number {
    if (this.services.config.worldSeed !== undefined) return this.services.config.worldSeed;
    return crypto.getRandomValues(new Uint32Array(1))[0]! >>> 1;
  }

  async ensureDefault(): Promise<WorldInfo> {
    return (await this.world(DEFAULT_WORLD_ID))!.info;
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
          ? repo.ensureWorld(DEFAULT_WORLD_ID, DEFAULT_WORLD_NAME, this.newSeed())
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

  time(): TimeInfo {
    return timeOfDay(this.services.now().getTime(), this.services.config.dayCycleMs, {
      day: VISION_DAY_MULTIPLIER,
      night: VISION_NIGHT_MULTIPLIER,
    });
  }

  poiView(p: Poi, state?: { currentSignificance: number; hasShelter: boolean; changedAt: Date }): PoiView {
    const current = state
      ? recoveredSignificance(state.currentSignificance, p.significance, state.changedAt.getTime(), this.services.now().getTime())
      : p.significance;
    return { ...p, x: p.worldX, y: p.worldY, currentSignificance: current, hasShelter: state?.hasShelter ?? false };
  }

  /** The generated POIs with what players have done to them applied. */
  async poiViews(worldId: string, pois: Poi[]): Promise<PoiView[]> {
    const states = new Map(
      (
        await this.services.repos.actions.poiStates(
          worldId,
          pois.map((p) => p.id),
        )
      ).map((s) => [s.poiId, s]),
    );
    return pois.map((p) => this.poiView(p, states.get(p.id)));
  }

  async region(worldId: string, cx: number, cy: number, radius: number): Promise<Region | null> {
    const w = await this.world(worldId);
    if (!w) return null;
    const chunks: Region['chunks'] = [];
    const pois: Poi[] = [];
    // The world ends at ±MAX_CHUNK_COORD: a region reaching past the edge holds only the chunks that exist.
    const lo = (c: number) => Math.max(-MAX_CHUNK_COORD, c - radius);
    const hi = (c: number) => Math.min(MAX_CHUNK_COORD, c + radius);
    for (let y = lo(cy); y <= hi(cy); y++) {
      for (let x = lo(cx); x <= hi(cx); x++) {
        chunks.push({ x, y, tiles: Buffer.from(w.terrain.chunkBiomes(x, y)).toString('base64') });
        pois.push(...w.terrain.pois(x, y));
      }
    }
    const range = { cx0: lo(cx), cx1: hi(cx), cy0: lo(cy), cy1: hi(cy) };
    const [poiViews, settlements, shelters] = await Promise.all([
      this.poiViews(worldId, pois),
      this.services.repos.settlements.settlementsInChunks(worldId, range),
      this.services.repos.settlements.sheltersInChunks(worldId, range),
    ]);
    return {
      chunks,
      legend: [...BIOME_NAMES],
      pois: poiViews,
      settlements: settlements.map((st) => ({ id: String(st.id), worldId: st.worldId, name: st.name, x: st.x, y: st.y })),
      shelters: shelters.map((sh) => ({ id: String(sh.id), x: sh.x, y: sh.y })),
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
}
