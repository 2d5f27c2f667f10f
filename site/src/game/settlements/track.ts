/**
 * Follows the survivor for the settlement panels: which settlement and free shelter are here ($hereIds, from the
 * exact position each time it changes and each time the lists or the POI in reach change), the position for the
 * lists' distances ($survivorAt, once per tile), a new sector (the region to poll moved), and arrival at the
 * navigation target. Walking to another place withdraws the 'Create Settlement Here Anyway' offer.
 */
import { $nearbyPoi } from '../../stores/actions.ts';
import {
  $hereIds,
  $navTarget,
  $offerCreateAnyway,
  $settlements,
  $shelters,
  $survivorAt,
  type NavTarget,
} from '../../stores/settlements.ts';
import { chunkKey, chunkOfWorld, tileOf } from '../map/geometry.ts';
import type { PositionUpdate } from '../map/walk.ts';
import { type Point, pickHere, sameHere } from './here.ts';
import { arrived } from './nav.ts';

export interface TrackDeps {
  onPosition(fn: (p: PositionUpdate) => void): () => void;
  position(): Point;
  /** The survivor entered another chunk: the polled region should follow. */
  newSector(): void;
  arrived(target: NavTarget): void;
}

export function trackHere(d: TrackDeps): () => void {
  let sector = '';

  const decide = () => {
    const p = d.position();
    const next = pickHere($settlements.get(), $shelters.get(), p, $nearbyPoi.get()?.id ?? null);
    if (sameHere(next, $hereIds.get())) return;
    $hereIds.set(next);
    // 'Create Settlement Here Anyway' answered a refusal at the shelter we just left.
    $offerCreateAnyway.set(false);
  };

  const stopPosition = d.onPosition((p) => {
    decide();
    const tile = { x: tileOf(p.x), y: tileOf(p.y) };
    const last = $survivorAt.get();
    if (!last || tileOf(last.x) !== tile.x || tileOf(last.y) !== tile.y) $survivorAt.set({ x: p.x, y: p.y });
    const key = chunkKey(chunkOfWorld(p.x), chunkOfWorld(p.y));
    if (key !== sector) {
      const first = sector === '';
      sector = key;
      if (!first) d.newSector();
    }
    const target = $navTarget.get();
    if (target && arrived(p, target)) {
      $navTarget.set(null);
      d.arrived(target);
    }
  });
  const stops = [$settlements.listen(decide), $shelters.listen(decide), $nearbyPoi.listen(decide)];

  return () => {
    stopPosition();
    for (const stop of stops) stop();
  };
}
