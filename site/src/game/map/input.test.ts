import { expect, test } from 'bun:test';
import { isTap } from './input.ts';

test('a press that moves less than 6 px is a tap', () => {
  expect(isTap(3, 4)).toBe(true);
  expect(isTap(6, 0)).toBe(false);
});
