/**
 * The Character panel's gear effects, each with whether it works right now (Binoculars at night or while
 * walking do nothing, and the panel says so). The rules and numbers are the server's (api/game/equipment.ts). Pure.
 */
import { BINOCULARS_VISION, type EquipmentEffects, NIGHT_VISION, visionGearActive } from '../../../../api/game/equipment.ts';

export interface EffectLine {
  text: string;
  active: boolean;
  /** Why it does nothing now, in a few words; empty when active. */
  why: string;
}

/** `now` is null before the clock is known: the vision gear then counts as working (the map assumes day too). */
export function gearEffectLines(gear: EquipmentEffects, now: { isDay: boolean; moving: boolean } | null): EffectLine[] {
  const at = now ?? { isDay: true, moving: false };
  const on = visionGearActive(gear, at);
  const lines: EffectLine[] = [];
  const add = (text: string, active: boolean, why = '') => lines.push({ text, active, why: active ? '' : why });
  if (gear.binoculars) {
    add(`Vision ×${BINOCULARS_VISION} by day while standing still`, on.binoculars, at.isDay ? 'walking' : 'night');
  }
  if (gear.nightVisionMultiplier > NIGHT_VISION.none) {
    add(`Night vision ×${gear.nightVisionMultiplier} (bare eyes ×${NIGHT_VISION.none})`, on.nightVision, 'daytime');
  }
  if (gear.tools.multitool) add('Search down to −5', true);
  else if (gear.tools.crowbar) add('Search down to −3', true);
  if (gear.tools.scanner) add('Better loot quality', true);
  if (gear.radio) add('Radio on', true);
  return lines;
}

/** The state as read out after the effect: "active now" or "inactive now: night". */
export const effectState = (l: EffectLine): string => (l.active ? 'active now' : `inactive now: ${l.why}`);
