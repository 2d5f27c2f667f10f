import { expect, test } from 'bun:test';
import { nightAlpha } from './sprites.ts';

test('night darkens the map, noon does not', () => {
  expect(nightAlpha(0.5)).toBe(0);
  expect(nightAlpha(0)).toBeCloseTo(0.42, 5);
  expect(nightAlpha(0.25)).toBeGreaterThan(0);
  expect(nightAlpha(0.25)).toBeLessThan(nightAlpha(0.1));
});
