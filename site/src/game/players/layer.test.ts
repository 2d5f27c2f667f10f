import { expect, test } from 'bun:test';
import type { LivePlayer } from '../../../../api/contract/protocol.ts';
import { INTERPOLATION_DELAY_MS } from '../map/interpolation.ts';
import { plainView, recordingContext } from '../map/test-canvas.ts';
import { type Sees, SurvivorsLayer, survivorVisible } from './layer.ts';

const player = (id: string, x?: number, y?: number): LivePlayer => ({ id, name: id, displayName: null, color: '#abc', x, y });

/** Sight over everything (the tests of tracks and redraws); the sight tests below narrow it. */
const everywhere: Sees = () => true;

function drawn(layer: SurvivorsLayer, now: number, me = { x: 0, y: 0 }): void {
  layer.draw(recordingContext(), plainView(now, { me }));
}

test('survivors: a new list needs a draw; drawn and idle it does not; a report with the same place changes nothing', () => {
  const layer = new SurvivorsLayer('me', everywhere);
  expect(layer.needsDraw(0)).toBe(true); // never drawn
  drawn(layer, 0);
  expect(layer.needsDraw(16)).toBe(false); // nobody around
  layer.setAll([player('me', 5, 5), player('a', 100, 100)], 20);
  expect(layer.needsDraw(20)).toBe(true);
  drawn(layer, 20);
  expect(layer.needsDraw(36)).toBe(false);
  expect(layer.needsDraw(10_000)).toBe(false);
  layer.moved('a', 100, 100, 10_000);
  expect(layer.needsDraw(10_016)).toBe(false);
  layer.moved('me', 300, 300, 10_020); // your own reports are not drawn here
  expect(layer.needsDraw(10_036)).toBe(false);
});

test('survivors: glides need a draw every frame until the marker settles, then one more, then none', () => {
  const layer = new SurvivorsLayer('me', everywhere);
  layer.setAll([player('a', 100, 100)], 0);
  drawn(layer, 1000);
  expect(layer.needsDraw(1016)).toBe(false);
  layer.moved('a', 110, 100, 1100);
  layer.moved('a', 120, 100, 1200);
  const draws: number[] = [];
  for (let t = 1100; t < 3100; t += 16) {
    if (!layer.needsDraw(t)) continue;
    drawn(layer, t);
    draws.push(t);
  }
  // Drawn a little in the past: the glide shows from 120 ms after the first new report to 120 ms after the last,
  // every frame of it, plus the frame that puts it where it stopped; nothing after.
  const first = draws[0]!;
  const last = draws.at(-1)!;
  expect(first).toBeGreaterThan(1100 + INTERPOLATION_DELAY_MS - 100);
  expect(first).toBeLessThanOrEqual(1100 + INTERPOLATION_DELAY_MS + 16);
  expect(last).toBeGreaterThanOrEqual(1200 + INTERPOLATION_DELAY_MS);
  expect(last).toBeLessThan(1200 + INTERPOLATION_DELAY_MS + 32);
  expect(draws.length).toBe((last - first) / 16 + 1);
  expect(layer.at(last, { x: 0, y: 0 })[0]).toMatchObject({ x: 120, y: 100 });
  const t = last;
  expect(layer.needsDraw(t + 5000)).toBe(false);
});

test('survivors: leaving, a new name or colour, or coming into range around you need a draw', () => {
  const layer = new SurvivorsLayer('me', everywhere);
  layer.setAll([player('a', 100, 100), player('b', 5000, 5000)], 0);
  drawn(layer, 1000);
  expect(layer.needsDraw(1016)).toBe(false);
  layer.upsert({ ...player('a'), displayName: 'Ash' });
  expect(layer.needsDraw(1032)).toBe(true);
  drawn(layer, 1032);
  layer.upsert({ ...player('a'), color: '#def', displayName: 'Ash' });
  expect(layer.needsDraw(1048)).toBe(true);
  drawn(layer, 1048);
  layer.left('a');
  expect(layer.needsDraw(1064)).toBe(true);
  drawn(layer, 1064);
  expect(layer.needsDraw(1080)).toBe(false);
  // 'b' is out of range of you at (0, 0): walking there is the engine's redraw, and 'b' then shows.
  drawn(layer, 1096, { x: 4900, y: 4900 });
  expect(layer.minimapDots(plainView(1096, { me: { x: 4900, y: 4900 } }))).toHaveLength(1);
  expect(layer.needsDraw(1112)).toBe(false);
});

/**
 * You see what lies within `radius` units of `me.at` with no part of `ridge` (a band of rock from x0 to x1) between
 * you and it: the fog's vision and line of sight, in small.
 */
function sight(me: { at: { x: number; y: number } }, radius: number, ridge = { x0: 0, x1: 0 }): Sees {
  return (x, y) => {
    const blocked = Math.min(me.at.x, x) < ridge.x1 && Math.max(me.at.x, x) >= ridge.x0;
    return Math.hypot(x - me.at.x, y - me.at.y) <= radius && !blocked;
  };
}

test('survivorVisible: shown only in range and in sight', () => {
  const sees: Sees = (x) => x < 100;
  expect(survivorVisible(true, 50, 0, sees)).toBe(true);
  expect(survivorVisible(true, 150, 0, sees)).toBe(false); // out of sight
  expect(survivorVisible(false, 50, 0, sees)).toBe(false); // no current position
});

test('survivors out of sight are not drawn, named, dotted or clickable; walking into sight shows them', () => {
  const me = { at: { x: 0, y: 0 } };
  const layer = new SurvivorsLayer('me', sight(me, 175, { x0: 60, x1: 90 }));
  // 'near' in the open, 'behind' past the ridge, 'far' beyond vision (still in range: the server sent them).
  layer.setAll([player('near', 40, 0), player('behind', 100, 0), player('far', 400, 0)], 0);
  const view = plainView(1000, { me: me.at });
  const shown = (now = 1000) => Object.fromEntries(layer.at(now, me.at).map((o) => [o.id, [o.inRange, o.visible]]));
  expect(shown()).toEqual({ near: [true, true], behind: [true, false], far: [true, false] });

  const calls: string[] = [];
  layer.draw(recordingContext(calls), view);
  expect(calls.filter((c) => c.startsWith('fillText'))).toEqual(['fillText(near,40,-10)']);
  expect(layer.minimapDots(view).map((d) => [d.x, d.y])).toEqual([[40, 0]]);
  expect(layer.targetAt(40, 0, view)).toEqual({ x: 40, y: 0 });
  expect(layer.targetAt(100, 0, view)).toBeNull(); // a click where a hidden survivor stands walks nowhere
  expect(layer.targetAt(400, 0, view)).toBeNull();
  expect(layer.needsDraw(1016)).toBe(false);

  // 'far' walks up to you: in sight, drawn, clickable; the change needs a draw.
  layer.moved('far', 120, 50, 1100);
  layer.moved('far', 30, 20, 1200);
  expect(layer.needsDraw(5000)).toBe(true);
  expect(shown(5000).far).toEqual([true, true]);
  expect(layer.targetAt(30, 20, plainView(5000, { me: me.at }))).toEqual({ x: 30, y: 20 });

  // Your sight moves (you walked past the ridge): 'behind' shows, and the change of sight alone needs a draw.
  drawn(layer, 5000, me.at);
  expect(layer.needsDraw(5016)).toBe(false);
  me.at = { x: 200, y: 0 };
  expect(layer.needsDraw(5032)).toBe(true);
  expect(shown(5032).behind).toEqual([true, true]);
});
