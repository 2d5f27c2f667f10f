/**
 * Camera math, pure: the map's centre in world units, a zoom (CSS pixels per world unit) and the viewport size in
 * CSS pixels. The renderer multiplies by devicePixelRatio itself.
 */
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, chunkRadiusFor } from '../../../../api/game/world.ts';
import { CHUNK_WORLD, chunkOfWorld, intersectRects, squareAround, type ChunkRect } from './geometry.ts';

export interface Camera {
  /** World position at the centre of the viewport. */
  x: number;
  y: number;
  zoom: number;
  /** Viewport size in CSS pixels. */
  width: number;
  height: number;
}

/** Above this zoom the readout says 'Tactical'. */
export const TACTICAL_ZOOM = 1.5;
/** A wheel notch (deltaY 100 px) is one zoom step of ×1.1. */
export const WHEEL_PIXELS_PER_STEP = 100;

/** Narrower than this (CSS px) the map opens closer in: the game's phone layout starts at the same width. */
export const PHONE_MAX_WIDTH = 767;
/**
 * A phone's opening zoom: at 1 the lit circle around the survivor is a small blob on a 390 px screen (about 90 px
 * across at night); at 1.4 it reads at first sight and the day's sight still fills the width.
 */
export const PHONE_ZOOM = 1.4;

/** The zoom a session opens at: closer in on a phone-sized viewport, 1 elsewhere. */
export function defaultZoom(viewportWidth: number): number {
  return viewportWidth <= PHONE_MAX_WIDTH ? PHONE_ZOOM : 1;
}

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
}

/** Zoom after `steps` steps of ×1.1 (negative steps zoom out), clamped to 0.3–3. */
export function zoomBySteps(zoom: number, steps: number): number {
  return clampZoom(zoom * ZOOM_STEP ** steps);
}

/** WheelEvent.deltaMode: 0 pixels, 1 lines, 2 pages. */
export function wheelPixels(deltaY: number, deltaMode: number, pageHeight = 800): number {
  if (deltaMode === 1) return deltaY * 33;
  if (deltaMode === 2) return deltaY * pageHeight;
  return deltaY;
}

/** Zoom after a wheel event: scrolling down (positive deltaY) zooms out, one ×1.1 step per notch. */
export function zoomForWheel(zoom: number, deltaY: number, deltaMode = 0): number {
  return zoomBySteps(zoom, -wheelPixels(deltaY, deltaMode) / WHEEL_PIXELS_PER_STEP);
}

/** Zoom during a two-finger pinch: the zoom at the pinch's start times the change in finger distance. */
export function zoomForPinch(startZoom: number, startDistance: number, distance: number): number {
  if (startDistance <= 0 || distance <= 0) return clampZoom(startZoom);
  return clampZoom(startZoom * (distance / startDistance));
}

export function worldToScreen(cam: Camera, wx: number, wy: number): { x: number; y: number } {
  return { x: (wx - cam.x) * cam.zoom + cam.width / 2, y: (wy - cam.y) * cam.zoom + cam.height / 2 };
}

export function screenToWorld(cam: Camera, sx: number, sy: number): { x: number; y: number } {
  return { x: (sx - cam.width / 2) / cam.zoom + cam.x, y: (sy - cam.height / 2) / cam.zoom + cam.y };
}

/**
 * The camera centre that keeps the world point under screen point (sx, sy) in place while the zoom changes
 * (zooming toward the cursor or the pinch centre).
 */
export function zoomAround(cam: Camera, zoom: number, sx: number, sy: number): { x: number; y: number } {
  const anchor = screenToWorld(cam, sx, sy);
  return { x: anchor.x - (sx - cam.width / 2) / zoom, y: anchor.y - (sy - cam.height / 2) / zoom };
}

/** Chunks the viewport touches. */
export function visibleChunks(cam: Camera): ChunkRect {
  const halfW = cam.width / 2 / cam.zoom;
  const halfH = cam.height / 2 / cam.zoom;
  return {
    x0: chunkOfWorld(cam.x - halfW),
    y0: chunkOfWorld(cam.y - halfH),
    x1: chunkOfWorld(cam.x + halfW),
    y1: chunkOfWorld(cam.y + halfH),
  };
}

/** Chunks the map keeps ready: the camera's chunk ± chunkRadiusFor(zoom, width) (spec section 9). */
export function wantedChunks(cam: Camera): ChunkRect {
  return squareAround(chunkOfWorld(cam.x), chunkOfWorld(cam.y), chunkRadiusFor(cam.zoom, cam.width));
}

/** Chunks drawn this frame: on screen and within the wanted square (at most 5 × 5 = 25). */
export function drawnChunks(cam: Camera): ChunkRect | null {
  return intersectRects(visibleChunks(cam), wantedChunks(cam));
}

/** Where chunk (cx, cy)'s top-left corner lands on screen, and its side in CSS pixels. */
export function chunkScreenRect(cam: Camera, cx: number, cy: number): { x: number; y: number; size: number } {
  const p = worldToScreen(cam, cx * CHUNK_WORLD, cy * CHUNK_WORLD);
  return { x: p.x, y: p.y, size: CHUNK_WORLD * cam.zoom };
}

export const isTactical = (zoom: number) => zoom > TACTICAL_ZOOM;

/** The readout under the map: position in world units and zoom, 'Tactical' when zoomed in. */
export function formatReadout(x: number, y: number, zoom: number): string {
  const base = `X ${Math.round(x)} · Y ${Math.round(y)} · Zoom ${zoom.toFixed(2)}x`;
  return isTactical(zoom) ? `${base} · Tactical` : base;
}
