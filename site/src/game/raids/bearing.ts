/**
 * Which way a settlement lies from the survivor, for the raid banner's arrow: the angle on screen (the map draws
 * world y downwards, so north is up and the angle turns clockwise from east, as CSS rotate() and the canvas do), the
 * compass word for those who do not see the arrow, and how far. Pure.
 */
import type { Point } from '../settlements/here.ts';

export const COMPASS = ['east', 'south-east', 'south', 'south-west', 'west', 'north-west', 'north', 'north-east'] as const;
export type Compass = (typeof COMPASS)[number];

export interface Bearing {
  /** Degrees clockwise from east (screen right), in [0, 360). */
  degrees: number;
  compass: Compass;
  distance: number;
}

/** Null when the survivor stands on the spot (no way to point). */
export function bearing(from: Point, to: Point): Bearing | null {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const distance = Math.hypot(dx, dy);
  if (distance < 1) return null;
  const degrees = ((Math.atan2(dy, dx) * 180) / Math.PI + 360) % 360;
  const compass = COMPASS[Math.round(degrees / 45) % 8] as Compass;
  return { degrees, compass, distance };
}
