/**
 * How far a survivor sees, as far as gear and the clock decide it: the server's rule and the map's (the map draws
 * its fog with it before anything else of the game has loaded, so this module imports nothing but the core's
 * constants; api/game/equipment.ts re-exports it with the rest of the gear's rules).
 */
import type { VisionInput } from '../../core-wasm/index.ts';
import { BINOCULARS_MULTIPLIER, VISION_NIGHT_MULTIPLIER } from '../../core-wasm/constants.ts';

/**
 * Night vision (the day/night multiplier at night): 0.5 bare-eyed (the clock's), 0.7 with a Flashlight, 0.9 with
 * Night Vision Goggles; the better one counts when both are worn. By day the clock's multiplier (1) stands.
 */
export const NIGHT_VISION = {
  none: VISION_NIGHT_MULTIPLIER,
  Flashlight: 0.7,
  'Night Vision Goggles': 0.9,
} as const;
/** Binoculars: vision ×2.5 by day while standing still (the core applies it: VisionInput.binoculars). */
export const BINOCULARS_VISION = BINOCULARS_MULTIPLIER;

/** What worn gear changes about vision (api/game/equipment.ts equipmentEffects has it, among the rest). */
export interface VisionGear {
  binoculars: boolean;
  nightVisionMultiplier: number;
}

/**
 * The day/night multiplier a survivor's vision gets: the clock's by day, at night the better of the clock's and
 * the gear's night vision.
 */
export function dayNightVision(
  time: { isDay: boolean; visionMultiplier: number },
  gear: { nightVisionMultiplier: number },
): number {
  const clock = Math.min(1, Math.max(0, time.visionMultiplier));
  return time.isDay ? clock : Math.min(1, Math.max(clock, gear.nightVisionMultiplier));
}

/** The core's vision input for a survivor wearing `gear` (binoculars count only by day and standing still: the core). */
export function visionInput(
  gear: VisionGear,
  time: { isDay: boolean; visionMultiplier: number } | null,
  here: { onHills: boolean; moving: boolean },
): VisionInput {
  return {
    binoculars: gear.binoculars,
    onHills: here.onHills,
    night: time ? !time.isDay : false,
    dayNightMultiplier: time ? dayNightVision(time, gear) : undefined,
    moving: here.moving,
  };
}

/**
 * How far past its vision a survivor is told where others stand, in world units: they are known a few steps before
 * they come into view (their marker glides in instead of popping up), and the page's own fog decides what is drawn.
 */
export const SIGHT_MARGIN_UNITS = 25;

/** What worn gear changes about what a survivor is told of others: vision, and whether a radio is worn. */
export interface SightGear extends VisionGear {
  radio: boolean;
}

/** Nothing worn (the gear is not known yet, or there is none). */
export const NO_SIGHT_GEAR: SightGear = { binoculars: false, nightVisionMultiplier: NIGHT_VISION.none, radio: false };

/** What a survivor is told about others: positions within `range` world units, and radio carriers when `radio`. */
export interface Sight {
  range: number;
  radio: boolean;
}

/** The sight of a survivor whose vision radius is `visionTiles` (the core's visionRadius) and who wears a radio or not. */
export function sightOf(visionTiles: number, tileSize: number, radio: boolean): Sight {
  return { range: visionTiles * tileSize + SIGHT_MARGIN_UNITS, radio };
}

/**
 * Whether a viewer with `sight` standing at `from` is told where `to` stands: within its range, or both carry a
 * radio (a Portable Radio receives the others'). Pure and cheap: the live layer asks it per move and observer.
 */
export function inSight(sight: Sight, from: { x: number; y: number }, to: { x: number; y: number; radio?: boolean }): boolean {
  if (sight.radio && to.radio) return true;
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  return dx * dx + dy * dy <= sight.range * sight.range;
}

/** The nearest distance from `p` to the polyline `path` (a walk), world units. */
export function distanceToPath(p: { x: number; y: number }, path: readonly { x: number; y: number }[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < path.length; i++) {
    const a = path[i]!;
    const b = path[i + 1] ?? a;
    const vx = b.x - a.x;
    const vy = b.y - a.y;
    const len2 = vx * vx + vy * vy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * vx + (p.y - a.y) * vy) / len2));
    best = Math.min(best, Math.hypot(p.x - (a.x + t * vx), p.y - (a.y + t * vy)));
  }
  return best;
}
