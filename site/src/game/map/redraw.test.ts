import { expect, test } from 'bun:test';
import { layersNeedDraw, type MapLayer } from './layer.ts';
import { type FrameInputs, shouldDraw } from './redraw.ts';
import { nightTint } from './renderer.ts';

const inputs = (over: Partial<FrameInputs> = {}): FrameInputs => ({
  canvasWidth: 1600,
  canvasHeight: 1200,
  dpr: 2,
  cameraX: 100,
  cameraY: 200,
  zoom: 1,
  width: 800,
  height: 600,
  meX: 100,
  meY: 200,
  walking: false,
  terrain: 7,
  nightTint: null,
  gear: 'false,0.5',
  ...over,
});
const quiet = () => false;

test('the first frame draws; then nothing changed draws nothing', () => {
  expect(shouldDraw(null, inputs(), false, quiet)).toBe(true);
  expect(shouldDraw(inputs(), inputs(), false, quiet)).toBe(false);
});

test('any change of the engine inputs draws the next frame', () => {
  const changes: Partial<FrameInputs>[] = [
    { canvasWidth: 1602 },
    { canvasHeight: 1000 },
    { dpr: 1 },
    { cameraX: 100.5 },
    { cameraY: 199 },
    { zoom: 1.25 },
    { width: 801 },
    { height: 500 },
    { meX: 101 },
    { meY: 201 },
    { terrain: 8 },
    { nightTint: 'rgb(8 12 34 / 0.100)' },
    { gear: 'true,0.5' },
  ];
  for (const change of changes) expect([change, shouldDraw(inputs(), inputs(change), false, quiet)]).toEqual([change, true]);
});

test('walking draws every frame; an explicit invalidate draws once; a layer that changed draws', () => {
  expect(shouldDraw(inputs({ walking: true }), inputs({ walking: true }), false, quiet)).toBe(true);
  expect(shouldDraw(inputs(), inputs(), true, quiet)).toBe(true);
  expect(shouldDraw(inputs(), inputs(), false, () => true)).toBe(true);
});

test('the layers are only asked when nothing else decided', () => {
  let asked = 0;
  const ask = () => {
    asked++;
    return false;
  };
  shouldDraw(null, inputs(), false, ask);
  shouldDraw(inputs(), inputs({ zoom: 2 }), false, ask);
  shouldDraw(inputs(), inputs(), true, ask);
  expect(asked).toBe(0);
  shouldDraw(inputs(), inputs(), false, ask);
  expect(asked).toBe(1);
});

test('layers: any that needs drawing, or has no needsDraw, makes the frame draw', () => {
  const layer = (needs?: boolean): MapLayer => (needs === undefined ? { draw() {} } : { draw() {}, needsDraw: () => needs });
  expect(layersNeedDraw([], 0)).toBe(false);
  expect(layersNeedDraw([layer(false), layer(false)], 0)).toBe(false);
  expect(layersNeedDraw([layer(false), layer(true)], 0)).toBe(true);
  expect(layersNeedDraw([layer(false), layer()], 0)).toBe(true);
  const seen: number[] = [];
  const asked: MapLayer = {
    draw() {},
    needsDraw(now) {
      seen.push(now);
      return false;
    },
  };
  layersNeedDraw([asked], 1234);
  expect(seen).toEqual([1234]);
});

test('the night tint is what the frame paints: none by day, one colour per visible step at night', () => {
  expect(nightTint(null)).toBeNull();
  expect(nightTint(0.5)).toBeNull(); // noon
  expect(nightTint(0)).toMatch(/^rgb\(10 16 46 \/ 0\.\d{3}\)$/); // midnight
  expect(nightTint(0.001)).toBe(nightTint(0.0011)); // a time update that changes nothing visible draws nothing
});
