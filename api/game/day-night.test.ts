import { describe, expect, test } from 'bun:test';
import { timeOfDay, worldDayEpoch } from './day-night.ts';

const cycle = 20 * 60 * 1000;
const vision = { day: 1, night: 0.5 };

describe('day/night cycle', () => {
  test('the cycle starts at midnight, noon is half way, and it wraps', () => {
    expect(timeOfDay(0, cycle, vision)).toEqual({ isDay: false, timeString: '00:00', visionMultiplier: 0.5, cyclePosition: 0 });
    expect(timeOfDay(cycle / 2, cycle, vision)).toMatchObject({ isDay: true, timeString: '12:00', visionMultiplier: 1 });
    expect(timeOfDay(cycle + cycle / 2, cycle, vision).timeString).toBe('12:00');
  });

  test('dawn at 06:00 and dusk at 18:00 flip the vision multiplier', () => {
    const at = (h: number) => timeOfDay((h / 24) * cycle, cycle, vision);
    expect(at(5.99).isDay).toBe(false);
    expect(at(6).isDay).toBe(true);
    expect(at(17.99).isDay).toBe(true);
    expect(at(18).isDay).toBe(false);
    expect(at(18).visionMultiplier).toBe(0.5);
  });

  test('times before the epoch still land inside the day', () => {
    const t = timeOfDay(-cycle / 4, cycle, vision);
    expect(t.timeString).toBe('18:00');
    expect(t.cyclePosition).toBeCloseTo(0.75);
  });
});

describe('each world runs its own day', () => {
  test('the default world keeps epoch 0; another world takes a phase from its seed, the same every time', () => {
    expect(worldDayEpoch('default', 123, cycle)).toBe(0);
    const e = worldDayEpoch('w-ash', 123, cycle);
    expect(e).toBe(worldDayEpoch('w-ash', 123, cycle));
    expect(e).toBeGreaterThanOrEqual(0);
    expect(e).toBeLessThan(cycle);
    expect(Number.isInteger(e)).toBe(true);
  });

  test('at one instant, worlds of different seeds stand at different hours: some by day, some by night', () => {
    const now = 1_790_000_000_000;
    const clocks = Array.from({ length: 200 }, (_, seed) =>
      timeOfDay(now, cycle, vision, worldDayEpoch(`w-${seed}`, seed, cycle)),
    );
    const night = clocks.filter((t) => !t.isDay).length;
    expect(night).toBeGreaterThan(60);
    expect(night).toBeLessThan(140);
    expect(new Set(clocks.map((t) => t.timeString.slice(0, 2))).size).toBe(24);
  });
});
