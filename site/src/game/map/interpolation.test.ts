import { describe, expect, test } from 'bun:test';
import { INTERPOLATION_DELAY_MS, RESUME_SPAN_MS, Track } from './interpolation.ts';

describe('interpolation of other survivors', () => {
  test('draws between the two reports around now − delay', () => {
    const t = new Track();
    t.push(1000, 0, 0);
    t.push(1100, 10, 0);
    t.push(1200, 20, 10);
    expect(t.at(1050 + INTERPOLATION_DELAY_MS)).toEqual({ x: 5, y: 0 });
    expect(t.at(1150 + INTERPOLATION_DELAY_MS)).toEqual({ x: 15, y: 5 });
  });

  test('holds the first report before it and the last one after it (no guessing ahead)', () => {
    const t = new Track();
    expect(t.at(0)).toBeUndefined();
    t.push(1000, 3, 4);
    expect(t.at(0)).toEqual({ x: 3, y: 4 });
    t.push(1100, 6, 8);
    expect(t.at(10_000)).toEqual({ x: 6, y: 8 });
    expect(t.latest).toEqual({ x: 6, y: 8 });
  });

  test('after standing still, a new walk starts from the old spot just before the new report', () => {
    const t = new Track();
    t.push(0, 0, 0);
    t.push(5000, 10, 0);
    // Halfway through the short resume span, not 1/50 of the way through the 5 s pause.
    expect(t.at(5000 - RESUME_SPAN_MS / 2 + INTERPOLATION_DELAY_MS)).toEqual({ x: 5, y: 0 });
    expect(t.at(4000 + INTERPOLATION_DELAY_MS)).toEqual({ x: 0, y: 0 });
  });

  test('reset jumps without gliding; out-of-order times never go backwards', () => {
    const t = new Track();
    t.push(0, 0, 0);
    t.reset(100, 500, 500);
    expect(t.at(100)).toEqual({ x: 500, y: 500 });
    t.push(90, 510, 500);
    expect(t.at(1000)).toEqual({ x: 510, y: 500 });
  });
});
