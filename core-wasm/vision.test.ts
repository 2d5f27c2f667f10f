import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  BINOCULARS_MULTIPLIER,
  HILLS_MULTIPLIER,
  LOS_MAX_COST,
  MAX_VISION_RADIUS,
  VISION_BASE_TILES,
  VISION_DAY_MULTIPLIER,
  VISION_NIGHT_MULTIPLIER,
  loadCoreForBun,
} from './index.ts';

const core = await loadCoreForBun();

describe('vision radius', () => {
  test('base 35; binoculars ×2.5 by day when still and unflagged; hills ×2; day/night multiplier', () => {
    expect(core.visionRadius({})).toBe(35);
    expect(core.visionRadius({ binoculars: true })).toBe(87.5);
    expect(core.visionRadius({ onHills: true })).toBe(70);
    expect(core.visionRadius({ binoculars: true, onHills: true })).toBe(175);
    expect(core.visionRadius({ night: true })).toBe(17.5);
    expect(core.visionRadius({ night: true, binoculars: true, onHills: true })).toBe(35);
    expect(core.visionRadius({ binoculars: true, moving: true })).toBe(35);
    expect(core.visionRadius({ binoculars: true, flagged: true })).toBe(35);
  });

  test('follows the multipliers for every combination', () => {
    fc.assert(
      fc.property(
        fc.record({
          binoculars: fc.boolean(),
          onHills: fc.boolean(),
          night: fc.boolean(),
          flagged: fc.boolean(),
          moving: fc.boolean(),
        }),
        fc.option(fc.double({ min: 0.05, max: 1, noNaN: true }), { nil: undefined }),
        (flags, dayNightMultiplier) => {
          const m = dayNightMultiplier ?? (flags.night ? VISION_NIGHT_MULTIPLIER : VISION_DAY_MULTIPLIER);
          const binoculars = flags.binoculars && !flags.night && !flags.flagged && !flags.moving;
          const expected =
            VISION_BASE_TILES * (binoculars ? BINOCULARS_MULTIPLIER : 1) * (flags.onHills ? HILLS_MULTIPLIER : 1) * m;
          const r = core.visionRadius({ ...flags, dayNightMultiplier });
          return Math.abs(r - expected) < 1e-9 && r <= MAX_VISION_RADIUS;
        },
      ),
      { numRuns: 200 },
    );
  });

  test('the LOS budget is 20 at base vision and scales with the radius', () => {
    expect(core.losBudget(VISION_BASE_TILES)).toBe(LOS_MAX_COST);
    expect(core.losBudget(87.5)).toBe(50);
    expect(core.losBudget(175)).toBe(100);
    expect(core.losBudget(17.5)).toBe(10);
    expect(core.losBudget(0)).toBe(0);
  });
});
