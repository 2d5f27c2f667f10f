import { expect, test } from 'bun:test';
import type { ShelterView } from '../../../../api/contract/settlements.ts';
import { $navTarget } from '../../stores/settlements.ts';
import { plainView, recordingContext } from '../map/test-canvas.ts';
import { SettlementLayer } from './layer.ts';
import { NavArrowLayer } from './nav-layer.ts';
import { ShelterLayer } from './shelter-layer.ts';
import { settlementView } from './test-settlements.ts';

const HAVEN = settlementView();
const shelter = (id: string, x: number, settlementId: string | null = null): ShelterView => ({
  id,
  x,
  y: 50,
  tileX: Math.floor(x / 5),
  tileY: 10,
  poiId: null,
  settlementId,
  builtBy: null,
});

test('settlements: a list that changes a marker redraws; drawn, or polled unchanged, it does not', () => {
  const layer = new SettlementLayer();
  const ctx = recordingContext();
  expect(layer.needsDraw()).toBe(true);
  layer.draw(ctx, plainView(0));
  expect(layer.needsDraw()).toBe(false);
  layer.set([HAVEN]);
  expect(layer.needsDraw()).toBe(true);
  layer.draw(ctx, plainView(16));
  expect(layer.needsDraw()).toBe(false);
  layer.set([{ ...HAVEN, emptyBeds: 2, beds: 2 }]); // nothing the map shows
  expect(layer.needsDraw()).toBe(false);
  for (const change of [{ name: 'New Haven' }, { status: 'visible' as const }, { x: 101 }, { y: 99 }]) {
    layer.set([{ ...HAVEN, ...change }]);
    expect([change, layer.needsDraw()]).toEqual([change, true]);
    layer.draw(ctx, plainView(32));
    layer.set([HAVEN]);
    layer.draw(ctx, plainView(48));
  }
  layer.set([]);
  expect(layer.needsDraw()).toBe(true);
});

test('shelters: a tent put up or taken by a settlement redraws; the same list does not', () => {
  const layer = new ShelterLayer();
  const ctx = recordingContext();
  layer.set([shelter('1', 10)]);
  layer.draw(ctx, plainView(0));
  expect(layer.needsDraw()).toBe(false);
  layer.set([shelter('1', 10), shelter('2', 20, 's9')]); // founded on: its settlement's marker shows instead
  expect(layer.needsDraw()).toBe(false);
  layer.set([shelter('1', 10), shelter('2', 20)]);
  expect(layer.needsDraw()).toBe(true);
  layer.draw(ctx, plainView(16));
  layer.set([shelter('1', 10, 's1'), shelter('2', 20)]);
  expect(layer.needsDraw()).toBe(true);
});

test('the arrow: a new target redraws; its ring pulses every frame while on screen; off screen it rests', () => {
  $navTarget.set(null);
  const layer = new NavArrowLayer();
  const ctx = recordingContext();
  expect(layer.needsDraw()).toBe(true);
  layer.draw(ctx, plainView(0));
  expect(layer.needsDraw()).toBe(false);
  $navTarget.set({ id: '7', name: 'Haven', x: 100, y: 100 });
  expect(layer.needsDraw()).toBe(true);
  layer.draw(ctx, plainView(16));
  expect(layer.needsDraw()).toBe(true); // the ring pulses
  layer.draw(ctx, plainView(32, { onScreen: () => false })); // you walked away: only the arrow at the edge
  expect(layer.needsDraw()).toBe(false);
  $navTarget.set(null);
  expect(layer.needsDraw()).toBe(true);
  layer.draw(ctx, plainView(48));
  expect(layer.needsDraw()).toBe(false);
});

test('a click on the arrow or its caption at the screen edge walks toward the settlement; elsewhere it does not', () => {
  $navTarget.set({ id: '7', name: 'Haven', x: 5000, y: 300 });
  const layer = new NavArrowLayer();
  const calls: string[] = [];
  // The survivor at the screen's centre, the settlement far to the right: the arrow at the right edge, captioned.
  const view = plainView(0, { me: { x: 400, y: 300 }, onScreen: (p) => p.x >= 0 && p.x <= 800 && p.y >= 0 && p.y <= 600 });
  layer.draw(recordingContext(calls), view);
  const caption = calls.find((c) => c.startsWith('fillText(Haven'));
  expect(caption).toBeDefined();
  const [, cx, cy] = caption!.replace(/\)$/, '').split(',').map(Number);
  expect(layer.targetAt(cx!, cy! - 6)).toEqual({ x: 5000, y: 300 }); // on the caption's text
  expect(layer.targetAt(800 - 24, 300)).toEqual({ x: 5000, y: 300 }); // on the arrow
  expect(layer.targetAt(400, 300)).toBeNull(); // the ground by the survivor
  $navTarget.set(null);
  expect(layer.targetAt(cx!, cy! - 6)).toBeNull();
});
