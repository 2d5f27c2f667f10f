import type { TimeInfo } from '../contract/world.ts';
import { seededRng } from './random.ts';
import { DEFAULT_WORLD_ID } from './world.ts';

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

/**
 * Where a world's day starts (ms since the Unix epoch, in [0, cycleMs)): each world runs its own day, its
 * phase drawn from its seed, so two worlds opened together are not both at night. The first world, `default`, keeps
 * the clock it always had (epoch 0): its players see no jump. Every rule about the clock (time_update, vision, meals,
 * raid nights) reads the world's time through this epoch.
 */
export function worldDayEpoch(worldId: string, seed: number, cycleMs: number): number {
  if (worldId === DEFAULT_WORLD_ID) return 0;
  return Math.floor(seededRng(seed ^ 0xd4e1)() * cycleMs);
}
