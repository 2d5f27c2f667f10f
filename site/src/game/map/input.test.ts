import { expect, test } from 'bun:test';
import { clampZoom, zoomForPinch } from './camera.ts';
import { isTap, pinchGeometry } from './input.ts';

test('a press that moves less than 6 px is a tap', () => {
  expect(isTap(3, 4)).toBe(true);
  expect(isTap(6, 0)).toBe(false);
});

test('two fingers: their spread and midpoint', () => {
  expect(pinchGeometry({ x: 100, y: 200 }, { x: 160, y: 280 })).toEqual({ distance: 100, cx: 130, cy: 240 });
  expect(pinchGeometry({ x: 5, y: 5 }, { x: 5, y: 5 })).toEqual({ distance: 0, cx: 5, cy: 5 });
});

test('spreading the fingers from 100 to 150 px zooms in by 1.5; pinching them together zooms out', () => {
  const start = pinchGeometry({ x: 150, y: 300 }, { x: 250, y: 300 });
  const apart = pinchGeometry({ x: 125, y: 300 }, { x: 275, y: 300 });
  expect(apart.cx).toBe(start.cx);
  expect(zoomForPinch(1, start.distance, apart.distance)).toBe(clampZoom(1.5));
  const together = pinchGeometry({ x: 175, y: 300 }, { x: 225, y: 300 });
  expect(zoomForPinch(1, start.distance, together.distance)).toBe(0.5);
});
