/**
 * Vision radius and the line-of-sight budget that goes with it.
 *
 * radius = VISION_BASE_TILES (35)
 *        × BINOCULARS_MULTIPLIER (2.5) when binoculars are equipped and it is day and the viewer is neither
 *          flagged nor moving
 *        × HILLS_MULTIPLIER (2) when the viewer stands on a hills tile
 *        × the day/night multiplier (VISION_DAY_MULTIPLIER 1, VISION_NIGHT_MULTIPLIER 0.5).
 *
 * Budget: the LOS cost limit scales with the same multipliers, LOS_MAX_COST (20) × radius / 35, rounded to tenths.
 * At base vision it is exactly the spec's 20. Why scale: the cheapest terrain costs 0.8 per tile, so with a fixed 20
 * no ray could ever pass 26 tiles and binoculars or hills would change nothing; scaled, binoculars see 2.5× as far
 * through the same terrain, and night halves it. (See core-wasm/RULES.md.)
 */
import {
  BINOCULARS_MULTIPLIER, HILLS_MULTIPLIER, LOS_MAX_COST_TENTHS, VISION_BASE_TILES, VISION_FLAG_BINOCULARS,
  VISION_FLAG_FLAGGED, VISION_FLAG_MOVING, VISION_FLAG_NIGHT, VISION_FLAG_ON_HILLS,
} from '../generated/constants';

export function visionRadius(flags: i32, dayNightMultiplier: f64): f64 {
  let r = <f64>VISION_BASE_TILES;
  const binocularsBlocked = flags & (VISION_FLAG_NIGHT | VISION_FLAG_FLAGGED | VISION_FLAG_MOVING);
  if ((flags & VISION_FLAG_BINOCULARS) && !binocularsBlocked) r *= <f64>BINOCULARS_MULTIPLIER;
  if (flags & VISION_FLAG_ON_HILLS) r *= <f64>HILLS_MULTIPLIER;
  return r * dayNightMultiplier;
}

/** The LOS budget in tenths for a vision radius: round(200 × radius / 35). */
export function losBudgetTenths(radius: f64): i32 {
  return <i32>Math.floor((<f64>LOS_MAX_COST_TENTHS * radius) / <f64>VISION_BASE_TILES + 0.5);
}
