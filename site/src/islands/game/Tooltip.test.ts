import { expect, test } from 'bun:test';
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, tooltipDelay } from './Tooltip.tsx';

test('a tooltip waits 700 ms, or opens at once when another closed less than 300 ms before', () => {
  expect(TOOLTIP_OPEN_DELAY_MS).toBe(700);
  expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  expect(tooltipDelay(10_000, Number.NEGATIVE_INFINITY)).toBe(700);
  expect(tooltipDelay(10_000, 9_800)).toBe(0);
  expect(tooltipDelay(10_000, 9_700)).toBe(700);
});
