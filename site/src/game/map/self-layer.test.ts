import { expect, test } from 'bun:test';
import { NAV_MARKER_MS } from '../../../../api/game/world.ts';
import { navTargetLayer, selfLayer } from './self-layer.ts';
import { plainView, recordingContext } from './test-canvas.ts';
import { Walk } from './walk.ts';

const survivor = () => new Walk({ id: 'me', x: 0, y: 0, colour: '#ff0000', name: 'Ash' });

test('you: drawn once, then only when your colour or name changes (your position is the engine’s)', () => {
  const walk = survivor();
  const layer = selfLayer(walk);
  const ctx = recordingContext();
  expect(layer.needsDraw!(0)).toBe(true);
  layer.draw(ctx, plainView(0));
  expect(layer.needsDraw!(16)).toBe(false);
  expect(layer.needsDraw!(60_000)).toBe(false);
  walk.me.name = 'Ash Walker';
  expect(layer.needsDraw!(60_016)).toBe(true);
  layer.draw(ctx, plainView(60_016));
  expect(layer.needsDraw!(60_032)).toBe(false);
  walk.me.colour = '#00ff00';
  expect(layer.needsDraw!(60_048)).toBe(true);
});

test('the navigation marker pulses while it shows, needs one draw to clear it, then rests', () => {
  const walk = survivor();
  const layer = navTargetLayer(walk);
  const ctx = recordingContext();
  layer.draw(ctx, plainView(0));
  expect(layer.needsDraw!(16)).toBe(false); // nothing clicked
  walk.moveTo(100, 0, 1000);
  expect(layer.needsDraw!(1000)).toBe(true);
  for (const t of [1016, 5000, 1000 + NAV_MARKER_MS - 10]) {
    layer.draw(ctx, plainView(t));
    expect(layer.needsDraw!(t + 16)).toBe(true); // pulsing, fading
  }
  // Gone at its end: the last draw showed it, so one more clears it.
  expect(layer.needsDraw!(1000 + NAV_MARKER_MS + 1)).toBe(true);
  layer.draw(ctx, plainView(1000 + NAV_MARKER_MS + 1));
  expect(layer.needsDraw!(1000 + NAV_MARKER_MS + 17)).toBe(false);
  expect(layer.needsDraw!(1000 + NAV_MARKER_MS + 60_000)).toBe(false);
});
