/**
 * Where the navigation arrow goes (Your Settlements' navigate toggle). With the settlement on screen the arrow
 * sits just off the survivor, pointing at it; with the settlement off screen it sits at the screen's edge where
 * the line from the survivor leaves the screen, so it always shows which way to walk. Pure, in screen pixels.
 */
import { SETTLEMENT_REACH } from '../../../../api/game/settlements.ts';
import { distance, type Point } from './here.ts';

/** Pixels kept clear of the screen's edge (the arrow and its caption fit inside). */
export const EDGE_MARGIN = 36;
/** Pixels from the survivor's centre to the arrow when the target is on screen. */
export const NEAR_OFFSET = 34;

export interface ArrowPlacement {
  x: number;
  y: number;
  /** Radians, 0 pointing right, clockwise (canvas). */
  angle: number;
  /** The target is off screen: the arrow sits at the edge (and says how far). */
  atEdge: boolean;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function arrowPlacement(me: Point, target: Point, size: { width: number; height: number }): ArrowPlacement | null {
  const dx = target.x - me.x;
  const dy = target.y - me.y;
  const len = Math.hypot(dx, dy);
  if (len < 1) return null;
  const angle = Math.atan2(dy, dx);
  const lo = { x: EDGE_MARGIN, y: EDGE_MARGIN };
  const hi = { x: Math.max(lo.x, size.width - EDGE_MARGIN), y: Math.max(lo.y, size.height - EDGE_MARGIN) };
  const inside = target.x >= lo.x && target.x <= hi.x && target.y >= lo.y && target.y <= hi.y;
  if (inside) {
    if (len <= NEAR_OFFSET * 1.5) return null; // the survivor stands on it: the ring says enough
    return { x: me.x + (dx / len) * NEAR_OFFSET, y: me.y + (dy / len) * NEAR_OFFSET, angle, atEdge: false };
  }
  // From the survivor (or the nearest point of the inner frame when the map is panned away) to the frame's edge.
  const from = { x: clamp(me.x, lo.x, hi.x), y: clamp(me.y, lo.y, hi.y) };
  const fx = target.x - from.x;
  const fy = target.y - from.y;
  let t = 1;
  if (fx > 0) t = Math.min(t, (hi.x - from.x) / fx);
  if (fx < 0) t = Math.min(t, (lo.x - from.x) / fx);
  if (fy > 0) t = Math.min(t, (hi.y - from.y) / fy);
  if (fy < 0) t = Math.min(t, (lo.y - from.y) / fy);
  return { x: from.x + fx * t, y: from.y + fy * t, angle: Math.atan2(fy, fx), atEdge: true };
}

/** Navigation ends on arrival: within the reach where the settlement can be managed. */
export const arrived = (at: Point, target: Point): boolean => distance(at, target) <= SETTLEMENT_REACH;
