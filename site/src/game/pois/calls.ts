/** The POI state around the survivor, from the light read: the page's core already made the terrain and the POIs. */
import type { PoiStates } from '../../../../api/contract/world.ts';
import { api, unwrap } from '../../lib/api.ts';

/** Chunks around the survivor's whose POI state is read on entering a sector: 3 × 3, covering every POI in reach. */
export const POI_STATE_RADIUS = 1;

export type PoiStateRead = (cx: number, cy: number) => Promise<PoiStates['pois']>;

/** GET /api/world/:worldId/poi-state around a chunk: every POI's current significance and shelter (not the chunks call's terrain). */
export function poiStateRead(worldId: string): PoiStateRead {
  const world = api.api.world({ worldId });
  return async (cx, cy) =>
    (await unwrap(world['poi-state'].get({ query: { centerChunkX: cx, centerChunkY: cy, chunkRadius: POI_STATE_RADIUS } }))).pois;
}
