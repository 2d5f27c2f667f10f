import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { TILE_SIZE } from '../../core-wasm/constants.ts';
import { tileOfWorld } from '../../core-wasm/geometry.ts';
import { decideMove, freshMoveState, type MoveRules } from './movement.ts';
import { PATH_CHECK_UNITS, walkPath } from './walking.ts';

/** A 40 × 40-tile map around the origin with water on the given tiles. */
function terrain(water: Set<string>): (x: number, y: number) => boolean {
  return (x, y) => !water.has(`${tileOfWorld(x)},${tileOfWorld(y)}`);
}
const waterArb = fc.uniqueArray(fc.tuple(fc.integer({ min: -20, max: 19 }), fc.integer({ min: -20, max: 19 })), {
  maxLength: 120,
});
const pointArb = fc.record({
  x: fc.double({ min: -90, max: 90, noNaN: true }),
  y: fc.double({ min: -90, max: 90, noNaN: true }),
});

describe('the walking-path rule', () => {
  test('checks every half tile: a one-tile river cannot be hopped however long the step', () => {
    expect(PATH_CHECK_UNITS).toBe(TILE_SIZE / 2);
    const river = (x: number) => !(x >= 50 && x < 55);
    expect(walkPath({ x: 0, y: 0 }, { x: 100, y: 0 }, river)).toEqual({ point: { x: 47.5, y: 0 }, blocked: true });
    expect(walkPath({ x: 0, y: 0 }, { x: 45, y: 0 }, river)).toEqual({ point: { x: 45, y: 0 }, blocked: false });
  });

  test('a standing survivor is judged by the ground under it', () => {
    expect(walkPath({ x: 1, y: 1 }, { x: 1, y: 1 }, () => false).blocked).toBe(true);
    expect(walkPath({ x: 1, y: 1 }, { x: 1, y: 1 }, () => true)).toEqual({ point: { x: 1, y: 1 }, blocked: false });
  });

  test('the server accepts exactly the segments the walker can walk to the end (same rule on both sides)', () => {
    fc.assert(
      fc.property(waterArb, pointArb, pointArb, (tiles, from, to) => {
        const passable = terrain(new Set(tiles.map(([x, y]) => `${x},${y}`)));
        const rules: MoveRules = { worldExtent: 1e6, isPassable: passable };
        const walked = walkPath(from, to, passable);
        const judged = decideMove(freshMoveState(from.x, from.y, 0), to, 0, rules);
        // Within the budget (≤ 255 units here, under the 265 cap), the only reason to refuse is the path.
        return judged.accepted === !walked.blocked;
      }),
      { numRuns: 500 },
    );
  });

  test('every point the walker stops at is one the server accepts a move to', () => {
    fc.assert(
      fc.property(waterArb, pointArb, pointArb, (tiles, from, to) => {
        const passable = terrain(new Set(tiles.map(([x, y]) => `${x},${y}`)));
        if (!passable(from.x, from.y)) return true;
        const { point } = walkPath(from, to, passable);
        return decideMove(freshMoveState(from.x, from.y, 0), point, 0, { worldExtent: 1e6, isPassable: passable }).accepted;
      }),
      { numRuns: 500 },
    );
  });
});
