/**
 * The nearest site worth a search: among the POIs whose state the page holds (the 3 × 3 chunks around the survivor,
 * read on entering a sector: actions/nearby.ts), the closest one not picked clean for the worn tools (the rule that
 * greys a marker and disables Scavenge). None while the survivor stands in reach of one: the action is right there.
 * Pure.
 */
import { isPickedClean, type Tools } from '../../../../api/game/actions.ts';
import type { Poi } from '../../../../core-wasm/index.ts';

export interface Unsearched {
  poi: Poi;
  distance: number;
}

export function nearestUnsearched(
  pois: readonly Poi[],
  me: { x: number; y: number },
  significanceOf: (poi: Poi) => number,
  tools: Tools,
  inReach: Poi | null,
): Unsearched | null {
  if (inReach && !isPickedClean({ currentSignificance: significanceOf(inReach) }, tools)) return null;
  let best: Unsearched | null = null;
  for (const poi of pois) {
    if (isPickedClean({ currentSignificance: significanceOf(poi) }, tools)) continue;
    const distance = Math.hypot(poi.worldX - me.x, poi.worldY - me.y);
    if (!best || distance < best.distance) best = { poi, distance };
  }
  return best;
}
