import { expect, test } from 'bun:test';
import { NIGHT_TINT_MAX, nightAlpha } from './sprites.ts';

test('night darkens the map, noon does not', () => {
  expect(nightAlpha(0.5)).toBe(0);
  expect(nightAlpha(0)).toBeCloseTo(NIGHT_TINT_MAX, 5);
  expect(NIGHT_TINT_MAX).toBeLessThanOrEqual(0.45); // dims, never blacks out (over a light fog: fog.ts)
  expect(nightAlpha(0.25)).toBeGreaterThan(0);
  expect(nightAlpha(0.25)).toBeLessThan(nightAlpha(0.1));
});
