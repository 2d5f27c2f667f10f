import { expect, test } from 'bun:test';
import { formatCountdown, msUntil } from './countdown.ts';

test('minutes and seconds, rounded up to the whole second, hours past an hour', () => {
  expect(formatCountdown(247_000)).toBe('04:07');
  expect(formatCountdown(246_001)).toBe('04:07');
  expect(formatCountdown(999)).toBe('00:01');
  expect(formatCountdown(59 * 60_000 + 59_500)).toBe('1:00:00');
  expect(formatCountdown(3_729_000)).toBe('1:02:09');
});

test('a moment already come, or no moment at all, reads 00:00', () => {
  expect(formatCountdown(0)).toBe('00:00');
  expect(formatCountdown(-5000)).toBe('00:00');
  expect(formatCountdown(Number.NaN)).toBe('00:00');
});

test('msUntil counts from now to an ISO time', () => {
  const now = Date.parse('2026-01-01T12:00:00.000Z');
  expect(msUntil('2026-01-01T12:01:30.000Z', now)).toBe(90_000);
  expect(msUntil('2026-01-01T11:59:00.000Z', now)).toBe(-60_000);
});
