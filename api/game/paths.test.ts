import { describe, expect, test } from 'bun:test';
import { tileCentre } from '../../core-wasm/index.ts';
import { walkPath } from './walking.ts';
import { pointAlong, restOfWalk, WAYPOINT_UNITS, walkLength, waypointsAlong } from './paths.ts';

describe('walks from tile paths', () => {
  test('waypoints: exact start and target, legs of at most 3 tiles, none through a blocked tile', () => {
    // A tile path that bends round a rock at tile (3, 0): east along y = 1 under it, then back up.
    const rock = (x: number, y: number) => !(Math.floor(x / 5) === 3 && Math.floor(y / 5) === 0);
    const tiles = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 2, y: 1 },
      { x: 3, y: 1 },
      { x: 4, y: 1 },
      { x: 5, y: 0 },
      { x: 6, y: 0 },
      { x: 7, y: 0 },
      { x: 8, y: 0 },
      { x: 9, y: 0 },
      { x: 10, y: 0 },
    ];
    const from = { x: 1.2, y: 3.9 };
    const to = { x: 53.7, y: 0.4 };
    const points = waypointsAlong(tiles, from, to, rock);
    expect(points[0]).toEqual(from);
    expect(points.at(-1)).toEqual(to);
    for (let i = 1; i < points.length; i++) {
      expect(Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y)).toBeLessThanOrEqual(WAYPOINT_UNITS);
      expect(walkPath(points[i - 1]!, points[i]!, rock).blocked).toBe(false);
    }
    // Simplified: far fewer points than tiles, every inner one a tile centre of the path.
    expect(points.length).toBeLessThan(tiles.length);
    for (const p of points.slice(1, -1)) expect(tiles.some((t) => tileCentre(t.x) === p.x && tileCentre(t.y) === p.y)).toBe(true);
    // One tile: straight to the target.
    expect(waypointsAlong([{ x: 0, y: 0 }], from, { x: 4, y: 4 }, rock)).toEqual([from, { x: 4, y: 4 }]);
  });

  test('restOfWalk: where a walker is after a fraction of the walk, and the waypoints still ahead', () => {
    const walk = [
      { x: 0, y: 0 },
      { x: 0, y: 30 },
      { x: 40, y: 30 },
    ];
    expect(walkLength(walk)).toBe(70);
    expect(restOfWalk(walk, 0)).toEqual(walk);
    expect(restOfWalk(walk, 0.5)).toEqual([
      { x: 5, y: 30 },
      { x: 40, y: 30 },
    ]);
    expect(restOfWalk(walk, 1)).toEqual([{ x: 40, y: 30 }]);
    expect(restOfWalk(walk, 7)).toEqual([{ x: 40, y: 30 }]);
    expect(pointAlong(walk, 0.2)).toEqual({ x: 0, y: 14 });
    expect(pointAlong([{ x: 3, y: 4 }], 0.5)).toEqual({ x: 3, y: 4 });
  });
});
