import { TILE_SIZE } from '../../core-wasm/constants.ts';

/**
 * The walking-path rule, shared by the referee (api/game/movement.ts judges every reported move with it) and the
 * browser (site/src/game walks the survivor with it), so the page never walks a path the server would refuse.
 */

export interface Point {
  x: number;
  y: number;
}

/** Whether a walker may stand at this world position (water and mountains stop it: IMPASSABLE). */
export type Passable = (x: number, y: number) => boolean;

/** A path is checked at every half tile, so no step, however long, can hop over a one-tile river. */
export const PATH_CHECK_UNITS = TILE_SIZE / 2;

/**
 * Walks the straight segment from → to, checking the ground every PATH_CHECK_UNITS and at the end (also when the
 * segment has no length): the farthest checked point that can be reached, and whether the walk stopped short.
 */
export function walkPath(from: Point, to: Point, passable: Passable): { point: Point; blocked: boolean } {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const steps = Math.max(1, Math.ceil(Math.hypot(dx, dy) / PATH_CHECK_UNITS));
  let last = from;
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const p = { x: from.x + dx * t, y: from.y + dy * t };
    if (!passable(p.x, p.y)) return { point: last, blocked: true };
    last = p;
  }
  return { point: last, blocked: false };
}
