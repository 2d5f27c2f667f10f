import { expect, test } from 'bun:test';
import { SETTLEMENT_REACH } from '../../../../api/game/settlements.ts';
import { arrived, arrowPlacement, EDGE_MARGIN, NEAR_OFFSET } from './nav.ts';

const screen = { width: 800, height: 600 };
const centre = { x: 400, y: 300 };

test('a target on screen: the arrow sits next to the survivor, pointing at it', () => {
  const a = arrowPlacement(centre, { x: 600, y: 300 }, screen)!;
  expect(a).toEqual({ x: 400 + NEAR_OFFSET, y: 300, angle: 0, atEdge: false });
  const down = arrowPlacement(centre, { x: 400, y: 500 }, screen)!;
  expect(down.angle).toBeCloseTo(Math.PI / 2);
  expect(down.y).toBeCloseTo(300 + NEAR_OFFSET);
  // Standing on it: no arrow.
  expect(arrowPlacement(centre, { x: 410, y: 300 }, screen)).toBeNull();
});

test('a target off screen: the arrow sits on the inner frame where the line to it leaves the screen', () => {
  const right = arrowPlacement(centre, { x: 5000, y: 300 }, screen)!;
  expect(right).toEqual({ x: 800 - EDGE_MARGIN, y: 300, angle: 0, atEdge: true });
  const upLeft = arrowPlacement(centre, { x: -2000, y: -2000 }, screen)!;
  expect(upLeft.atEdge).toBe(true);
  expect(upLeft.y).toBeCloseTo(EDGE_MARGIN);
  expect(upLeft.x).toBeGreaterThanOrEqual(EDGE_MARGIN);
  expect(upLeft.x).toBeLessThan(400);
  // The point lies on the line from the survivor to the target.
  const slope = (300 - -2000) / (400 - -2000);
  expect((300 - upLeft.y) / (400 - upLeft.x)).toBeCloseTo(slope);
});

test('the map panned away from the survivor: the arrow still lands inside the frame', () => {
  const a = arrowPlacement({ x: -900, y: 300 }, { x: 3000, y: 3000 }, screen)!;
  expect(a.atEdge).toBe(true);
  for (const [v, max] of [
    [a.x, screen.width],
    [a.y, screen.height],
  ] as const) {
    expect(v).toBeGreaterThanOrEqual(EDGE_MARGIN);
    expect(v).toBeLessThanOrEqual(max - EDGE_MARGIN);
  }
});

test('arrival: within the settlement reach', () => {
  expect(arrived({ x: 0, y: 0 }, { x: SETTLEMENT_REACH, y: 0 })).toBe(true);
  expect(arrived({ x: 0, y: 0 }, { x: SETTLEMENT_REACH + 1, y: 0 })).toBe(false);
});
