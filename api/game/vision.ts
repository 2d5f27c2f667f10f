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
