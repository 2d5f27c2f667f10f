import { expect, test } from 'bun:test';
import { plainView, recordingContext } from '../map/test-canvas.ts';
import { NpcLayer } from './layer.ts';
import { npcView } from './test-npcs.ts';

function setup(opts: { sight?: number; radio?: boolean } = {}) {
  const world = { radio: opts.radio ?? false };
  const sight = opts.sight ?? 50;
  const layer = new NpcLayer({
    sees: (x, y) => Math.hypot(x, y) <= sight,
    radioOn: () => world.radio,
    isOwn: (id) => id === 's1',
  });
  return { layer, world };
}

test('NPCs in sight are drawn; out of sight only radio carriers, and only while the survivor wears a radio', () => {
  const { layer, world } = setup();
  layer.setAll([npcView('1', { x: 10 }), npcView('2', { x: 500, settlementId: 's2' }), npcView('3', { x: 900 })]);
  const shown = () => Object.fromEntries(layer.at(0).map((n) => [n.id, [n.visible, n.byRadio, n.own]]));
  expect(shown()).toEqual({ '1': [true, false, true], '2': [false, false, false], '3': [false, false, true] });
  layer.setRadios(['2']);
  expect(shown()['2']).toEqual([false, false, false]); // no radio of ours
  world.radio = true;
  expect(shown()).toEqual({ '1': [true, false, true], '2': [true, true, false], '3': [false, false, true] });
  // In sight it is simply seen, radio or not.
  layer.setRadios(['1', '2']);
  expect(shown()['1']).toEqual([true, false, true]);
});

test('journeys and arrivals move known NPCs; unknown ones are tracked and reported; the list forgets the gone', () => {
  const { layer } = setup({ sight: 10_000 });
  layer.setAll([npcView('1')]);
  expect(
    layer.journey({ npcId: '1', startX: 0, startY: 0, targetX: 200, targetY: 0, duration: 2000, purpose: 'scavenge' }, 0),
  ).toBe(true);
  expect(layer.at(1000)[0]).toMatchObject({ id: '1', x: 100, moving: true, purpose: 'scavenge' });
  expect(layer.arrival({ npcId: '1', x: 150, y: 3 })).toBe(true);
  expect(layer.at(1100)[0]).toMatchObject({ x: 150, y: 3, moving: false });

  expect(layer.journey({ npcId: '7', startX: 5, startY: 5, targetX: 5, targetY: 105, duration: 100, purpose: 'return' }, 0)).toBe(
    false,
  );
  expect(layer.at(50).find((n) => n.id === '7')).toMatchObject({ name: 'Survivor', y: 55, own: false, settlementId: null });
  expect(layer.arrival({ npcId: '8', x: 1, y: 2 })).toBe(false);
  expect(layer.ids().sort()).toEqual(['1', '7', '8']);

  layer.setAll([npcView('7', { name: 'Rook', x: 5, y: 105 })], 60, Date.now());
  expect(layer.ids()).toEqual(['7']);
  expect(layer.at(60)[0]).toMatchObject({ name: 'Rook', settlementId: 's1', own: true, moving: true }); // the live journey goes on
});

test('draws the visible ones on screen with their names (not when zoomed far out), and minimap dots in their colours', () => {
  const { layer } = setup();
  layer.setAll([npcView('1', { x: 10, name: 'Rook' }), npcView('2', { x: 600 })]);
  const calls: string[] = [];
  const ctx = recordingContext(calls);
  const view = (small: boolean) => plainView(0, { small, me: { x: 500, y: 500 } });
  layer.draw(ctx, view(false));
  // At rest: right of its spot, starting at x 43 (10 px wide here, so centred at 48), vertically centred on it.
  expect(calls.filter((c) => c.startsWith('fillText'))).toEqual(['fillText(Rook,48,7.5)']);
  calls.length = 0;
  layer.draw(ctx, view(true));
  expect(calls.some((c) => c.startsWith('fillText'))).toBe(false);
  expect(calls.some((c) => c.startsWith('arc(32,'))).toBe(true);
  expect(layer.minimapDots(view(false))).toEqual([{ x: 10, y: 0, colour: '#b9dd62' }]);
});

test('needsDraw: a new list, then nothing while they stand; every frame of a visible journey and the frame it ends', () => {
  const { layer } = setup({ sight: 1000 });
  const ctx = recordingContext();
  expect(layer.needsDraw(0)).toBe(true); // never drawn
  layer.draw(ctx, plainView(0));
  expect(layer.needsDraw(16)).toBe(false);
  layer.setAll([npcView('1', { x: 10 })], 20);
  expect(layer.needsDraw(20)).toBe(true);
  layer.draw(ctx, plainView(20));
  expect(layer.needsDraw(36)).toBe(false);
  layer.setAll([npcView('1', { x: 10 })], 40); // the poll says the same: nothing to redraw
  expect(layer.needsDraw(40)).toBe(false);

  layer.journey({ npcId: '1', startX: 10, startY: 0, targetX: 210, targetY: 0, duration: 1000, purpose: 'forage' }, 100);
  const draws: number[] = [];
  for (let t = 100; t < 3000; t += 16) {
    if (!layer.needsDraw(t)) continue;
    layer.draw(ctx, plainView(t));
    draws.push(t);
  }
  expect(draws[0]).toBe(100);
  expect(draws.length).toBe((draws.at(-1)! - 100) / 16 + 1); // every frame, none skipped
  expect(draws.at(-1)!).toBeLessThanOrEqual(1100 + 16);
  expect(layer.at(3000)[0]).toMatchObject({ x: 210, moving: false });
  layer.arrival({ npcId: '1', x: 210, y: 0 });
  expect(layer.needsDraw(3016)).toBe(false); // already drawn there
});

test('needsDraw: what the drawing asks elsewhere counts: sight, the radio, ownership; an unseen journey does not', () => {
  let own = 's1';
  let sight = 50;
  const world = { radio: false };
  const layer = new NpcLayer({
    sees: (x, y) => Math.hypot(x, y) <= sight,
    radioOn: () => world.radio,
    isOwn: (id) => id === own,
  });
  const ctx = recordingContext();
  layer.setAll([npcView('1', { x: 10 }), npcView('2', { x: 500, settlementId: 's2' })]);
  layer.setRadios(['2']);
  layer.draw(ctx, plainView(0));
  expect(layer.needsDraw(16)).toBe(false);
  layer.setRadios(['2']); // the poll's same answer
  expect(layer.needsDraw(16)).toBe(false);

  world.radio = true; // '2' shows by radio now
  expect(layer.needsDraw(32)).toBe(true);
  layer.draw(ctx, plainView(32));
  expect(layer.needsDraw(48)).toBe(false);

  own = 's2'; // '2' became yours, '1' is no longer
  expect(layer.needsDraw(64)).toBe(true);
  layer.draw(ctx, plainView(64));
  expect(layer.needsDraw(80)).toBe(false);

  sight = 5; // '1' went out of sight (the vision changed)
  expect(layer.needsDraw(96)).toBe(true);
  layer.draw(ctx, plainView(96));

  world.radio = false;
  layer.draw(ctx, plainView(112));
  // '2' walks out of sight and without a radio of ours: nothing on the map changes.
  layer.journey({ npcId: '2', startX: 500, startY: 0, targetX: 900, targetY: 0, duration: 1000, purpose: 'scavenge' }, 120);
  expect(layer.needsDraw(600)).toBe(false);
});
