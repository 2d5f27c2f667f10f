/**
 * Keeps $nearbyPoi and $playerTile in step with the survivor. The engine knows the POIs (from the core) and the
 * significance changes it has heard (poi_updated, our own searches); the server's current significance comes in
 * two ways: the POIs of the 3 × 3 chunks around the survivor on entering a sector (the poi-state read), and, while
 * the survivor stands still within reach of a POI, terrain-info every 5 s (spec section 7; not again within 2 s
 * on the same tile).
 */
import { $exhausted, $nearbyPoi, $playerTile, type NearbyPoiView } from '../../stores/actions.ts';
import { realTimers, type Timers } from './auto.ts';
import type { PositionUpdate } from '../map/walk.ts';
import type { NearbyPoi } from '../pois/layer.ts';
import { chunkKey, chunkOfWorld, tileKey, tileOf } from '../map/geometry.ts';

export const TERRAIN_POLL_MS = 5000;
export const TERRAIN_STALE_MS = 2000;

export interface NearbySource {
  onPosition(fn: (p: PositionUpdate) => void): () => void;
  nearestPoi(x: number, y: number): NearbyPoi | null;
  setPoiSignificance(id: string, currentSignificance: number): void;
}

export interface PoiState {
  id: string;
  currentSignificance: number;
}

export interface NearbyDeps {
  engine: NearbySource;
  /** GET terrain-info at a position: the POI covering it, if any. */
  terrainPoi(x: number, y: number): Promise<PoiState | null>;
  /** GET poi-state around a chunk: every POI's current significance. */
  regionPois(cx: number, cy: number): Promise<PoiState[]>;
  onError(err: unknown): void;
  timers?: Timers;
}

const view = (p: NearbyPoi): NearbyPoiView => ({
  id: p.id,
  name: p.name,
  type: p.type,
  biome: p.biome,
  landmark: p.landmark,
  significance: p.significance,
  currentSignificance: p.currentSignificance,
});

export function trackNearby(d: NearbyDeps): () => void {
  const timers = d.timers ?? realTimers;
  let here: PositionUpdate | null = null;
  let sector = '';
  let lastLook = { tile: '', at: -Infinity };
  let timer: unknown = null;
  let stopped = false;

  const apply = (states: PoiState[]) => {
    if (!stopped) for (const s of states) d.engine.setPoiSignificance(s.id, s.currentSignificance);
  };

  const look = async () => {
    if (!here || here.walking || !d.engine.nearestPoi(here.x, here.y)) return;
    const tile = tileKey(tileOf(here.x), tileOf(here.y));
    const now = timers.now();
    if (tile === lastLook.tile && now - lastLook.at < TERRAIN_STALE_MS) return;
    lastLook = { tile, at: now };
    try {
      const poi = await d.terrainPoi(here.x, here.y);
      if (poi) apply([poi]);
    } catch (err) {
      d.onError(err);
    }
  };

  const poll = () => {
    timer = timers.set(() => {
      void look();
      poll();
    }, TERRAIN_POLL_MS);
  };

  const unsubscribe = d.engine.onPosition((p) => {
    const wasWalking = here?.walking ?? true;
    here = p;
    const tile = { tileX: tileOf(p.x), tileY: tileOf(p.y) };
    const prevTile = $playerTile.get();
    if (!prevTile || prevTile.tileX !== tile.tileX || prevTile.tileY !== tile.tileY) $playerTile.set(tile);

    const poi = d.engine.nearestPoi(p.x, p.y);
    const prev = $nearbyPoi.get();
    if (prev?.id !== poi?.id) $exhausted.set(null);
    if (!poi) {
      if (prev) $nearbyPoi.set(null);
    } else if (!prev || prev.id !== poi.id || prev.currentSignificance !== poi.currentSignificance) {
      $nearbyPoi.set(view(poi));
    }

    const key = chunkKey(chunkOfWorld(p.x), chunkOfWorld(p.y));
    if (key !== sector) {
      sector = key;
      d.regionPois(chunkOfWorld(p.x), chunkOfWorld(p.y)).then(apply, d.onError);
    }
    if ((wasWalking && !p.walking) || (!p.walking && prev?.id !== poi?.id)) void look();
  });
  poll();

  return () => {
    stopped = true;
    unsubscribe();
    if (timer !== null) timers.clear(timer);
  };
}
