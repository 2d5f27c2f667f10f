import { expect, test } from 'bun:test';
import { Walk } from './walk.ts';

test('a route is walked waypoint by waypoint, each reported on arrival (final), and ends at its last point', () => {
  const walk = new Walk({ id: 'me', x: 0, y: 0, colour: '#fff', name: 'Me' });
  const reports: string[] = [];
  walk.track({ report: (p, final) => void (final && reports.push(`${Math.round(p.x)},${Math.round(p.y)}`)), reset: () => {} });
  walk.followRoute([
    { x: 10, y: 0 },
    { x: 10, y: 10 },
    { x: 20, y: 10 },
  ]);
  expect(walk.destination).toEqual({ x: 20, y: 10 });
  expect(walk.remaining).toHaveLength(3);
  for (let i = 0; i < 120 && (walk.walking || walk.remaining.length > 0); i++) walk.step(1 / 60, () => true);
  expect(Math.hypot(walk.me.x - 20, walk.me.y - 10)).toBeLessThanOrEqual(1); // the arrival threshold
  expect(walk.remaining).toEqual([]);
  // The start, each waypoint as reached, and the arrival: never a shortcut between them.
  expect(reports).toEqual(['0,0', '10,0', '10,10', '19,10']);
});

test('keys or a new click drop the rest of a route', () => {
  const walk = new Walk({ id: 'me', x: 0, y: 0, colour: '#fff', name: 'Me' });
  walk.followRoute([
    { x: 10, y: 0 },
    { x: 10, y: 10 },
  ]);
  walk.keys(new Set(['KeyD']));
  expect(walk.remaining).toEqual([]);
  walk.keys(new Set());
  walk.followRoute([{ x: 5, y: 0 }]);
  expect(walk.remaining).toEqual([{ x: 5, y: 0 }]);
});
