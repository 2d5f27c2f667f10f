import { describe, expect, test } from 'bun:test';
import { ZOOM_MAX, ZOOM_MIN } from '../../../../api/game/world.ts';
import {
  PHONE_ZOOM,
  chunkScreenRect,
  clampZoom,
  defaultZoom,
  drawnChunks,
  formatReadout,
  screenToWorld,
  visibleChunks,
  wantedChunks,
  worldToScreen,
  zoomAround,
  zoomBySteps,
  zoomForPinch,
  zoomForWheel,
  type Camera,
} from './camera.ts';
import { CHUNK_WORLD } from './geometry.ts';

const cam = (over: Partial<Camera> = {}): Camera => ({ x: 0, y: 0, zoom: 1, width: 800, height: 600, ...over });

describe('camera', () => {
  test('world and screen positions convert both ways around the viewport centre', () => {
    const c = cam({ x: 100, y: -50, zoom: 2 });
    expect(worldToScreen(c, 100, -50)).toEqual({ x: 400, y: 300 });
    expect(worldToScreen(c, 110, -40)).toEqual({ x: 420, y: 320 });
    for (const [sx, sy] of [
      [0, 0],
      [123, 456],
      [800, 600],
    ] as const) {
      const w = screenToWorld(c, sx, sy);
      const back = worldToScreen(c, w.x, w.y);
      expect(back.x).toBeCloseTo(sx, 9);
      expect(back.y).toBeCloseTo(sy, 9);
    }
  });

  test('a click becomes the world point under it (the walk target)', () => {
    const c = cam({ x: 67.5, y: 2.5, zoom: 0.5 });
    expect(screenToWorld(c, 400 + 100, 300 - 50)).toEqual({ x: 267.5, y: -97.5 });
  });

  test('zoom stays within 0.3 and 3, one wheel notch is one step of ×1.1', () => {
    expect(clampZoom(0.1)).toBe(ZOOM_MIN);
    expect(clampZoom(10)).toBe(ZOOM_MAX);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(zoomForWheel(1, 100)).toBeCloseTo(1 / 1.1, 12);
    expect(zoomForWheel(1, -100)).toBeCloseTo(1.1, 12);
    expect(zoomForWheel(1, -3, 1)).toBeCloseTo(1.1 ** (99 / 100), 12); // three lines ≈ one notch
    expect(zoomBySteps(1, 3)).toBeCloseTo(1.331, 12);
    let z = 1;
    for (let i = 0; i < 50; i++) z = zoomForWheel(z, 100);
    expect(z).toBe(ZOOM_MIN);
    for (let i = 0; i < 50; i++) z = zoomForWheel(z, -100);
    expect(z).toBe(ZOOM_MAX);
  });

  test('a pinch scales the starting zoom by the change in finger distance', () => {
    expect(zoomForPinch(1, 100, 200)).toBe(2);
    expect(zoomForPinch(2, 100, 50)).toBe(1);
    expect(zoomForPinch(1, 100, 1000)).toBe(ZOOM_MAX);
    expect(zoomForPinch(1.5, 0, 100)).toBe(1.5);
  });

  test('zooming around a point keeps the world point under it in place', () => {
    const c = cam({ x: 10, y: 20, zoom: 1 });
    const before = screenToWorld(c, 100, 500);
    const centre = zoomAround(c, 2.5, 100, 500);
    const after = screenToWorld({ ...c, ...centre, zoom: 2.5 }, 100, 500);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
    expect(zoomAround(c, 2, 400, 300)).toEqual({ x: 10, y: 20 });
  });

  test('chunk radius follows the spec: 1, +1 below zoom 0.8, +1 wider than 2560 px, at most 2', () => {
    expect(wantedChunks(cam({ zoom: 1 }))).toEqual({ x0: -1, y0: -1, x1: 1, y1: 1 });
    expect(wantedChunks(cam({ zoom: 0.5 }))).toEqual({ x0: -2, y0: -2, x1: 2, y1: 2 });
    expect(wantedChunks(cam({ zoom: 1, width: 3000 }))).toEqual({ x0: -2, y0: -2, x1: 2, y1: 2 });
    expect(wantedChunks(cam({ zoom: 0.3, width: 3000 }))).toEqual({ x0: -2, y0: -2, x1: 2, y1: 2 });
    expect(wantedChunks(cam({ x: CHUNK_WORLD * 3 + 1, y: -1 }))).toEqual({ x0: 2, y0: -2, x1: 4, y1: 0 });
  });

  test('a frame draws at most 25 chunks, only those on screen', () => {
    const wide = cam({ zoom: 0.3, width: 2400, height: 1400 });
    const r = drawnChunks(wide)!;
    expect((r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1)).toBe(25);
    const close = cam({ x: 320, y: 320, zoom: 3, width: 300, height: 300 });
    expect(visibleChunks(close)).toEqual({ x0: 0, y0: 0, x1: 0, y1: 0 });
    expect(drawnChunks(close)).toEqual({ x0: 0, y0: 0, x1: 0, y1: 0 });
    expect(chunkScreenRect(close, 0, 0)).toEqual({ x: 150 - 320 * 3, y: 150 - 320 * 3, size: CHUNK_WORLD * 3 });
  });

  test('the readout shows position and zoom, and Tactical above 1.5', () => {
    expect(formatReadout(12.4, -7.6, 1)).toBe('X 12 · Y -8 · Zoom 1.00x');
    expect(formatReadout(0, 0, 1.5)).toBe('X 0 · Y 0 · Zoom 1.50x');
    expect(formatReadout(0, 0, 1.61)).toBe('X 0 · Y 0 · Zoom 1.61x · Tactical');
  });

  test('a phone-sized viewport opens closer in (not Tactical); anything wider at 1', () => {
    expect(defaultZoom(390)).toBe(PHONE_ZOOM);
    expect(defaultZoom(767)).toBe(PHONE_ZOOM);
    expect(defaultZoom(768)).toBe(1);
    expect(defaultZoom(1280)).toBe(1);
    expect(PHONE_ZOOM).toBeGreaterThan(1);
    expect(formatReadout(0, 0, PHONE_ZOOM)).not.toContain('Tactical');
  });
});
