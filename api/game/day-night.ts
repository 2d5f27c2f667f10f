import type { TimeInfo } from '../contract/world.ts';

/** Daylight runs from 06:00 to 18:00 of the in-game clock; one full day takes `cycleMs` of real time. */
export const DAWN_HOUR = 6;
export const DUSK_HOUR = 18;

export interface VisionMultipliers {
  day: number;
  night: number;
}

/**
 * The world clock at `nowMs`. Pure: the cycle starts at `epochMs` (midnight), so every server and client
 * that agrees on the epoch and cycle length agrees on the time.
 */
export function timeOfDay(nowMs: number, cycleMs: number, vision: VisionMultipliers, epochMs = 0): TimeInfo {
  const elapsed = (((nowMs - epochMs) % cycleMs) + cycleMs) % cycleMs;
  const cyclePosition = elapsed / cycleMs;
  const minutesOfDay = Math.floor(cyclePosition * 24 * 60);
  const hours = Math.floor(minutesOfDay / 60);
  const minutes = minutesOfDay % 60;
  const isDay = hours >= DAWN_HOUR && hours < DUSK_HOUR;
  return {
    isDay,
    timeString: `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`,
    visionMultiplier: isDay ? vision.day : vision.night,
    cyclePosition,
  };
}
