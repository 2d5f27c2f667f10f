/**
 * Draws one frame: at most 25 chunk images (terrain with its fog already composited), then the night tint, then
 * every layer in z order (POIs, settlements, the navigation target, survivors, you), then the labels the layers
 * asked for, placed so none overlap (labels.ts). Chunk edges are snapped to device pixels so no seams show between
 * neighbours.
 */
import { chunkScreenRect, isTactical, worldToScreen, type Camera } from './camera.ts';
import type { ChunkEntry } from './chunk-cache.ts';
import { FOG_UNKNOWN_CSS } from './fog.ts';
import type { ChunkRect } from './geometry.ts';
import type { MapLayer, MapView } from './layer.ts';
import { FrameLabels, type PlacedLabel, placeLabels, type Rect } from './labels.ts';
import { closeLabels, labelWidth, nightAlpha, openLabels, paintLabel } from './sprites.ts';
import type { Point } from './walker.ts';

export interface Scene {
  camera: Camera;
  dpr: number;
  drawn: ChunkRect | null;
  /** A chunk's up-to-date image, if generated. */
  chunkImage(cx: number, cy: number): ChunkEntry | undefined;
  layers: readonly MapLayer[];
  me: Point;
  cyclePosition: number | null;
  /** How far the survivor sees now, in CSS pixels (null: not known yet): the night tint lifts inside it. */
  lightRadius?: number | null;
  /** Screen rectangles (CSS px) the map's overlays cover: no label is placed there. */
  reserved?: readonly Rect[];
  now: number;
}

/** A drawn frame: its view, and the labels placed on it (and how many had no room). */
export interface DrawnFrame {
  view: MapView;
  labels: PlacedLabel[];
  hiddenLabels: number;
}

/** Markers this far off screen (CSS px) are still drawn, so they slide in rather than pop. */
const MARGIN = 40;
/** Below this zoom, markers shrink and labels go. */
const SMALL_ZOOM = 0.6;

export function mapView(cam: Camera, drawn: ChunkRect | null, me: Point, now: number): MapView {
  return {
    camera: cam,
    drawn,
    me,
    now,
    small: cam.zoom < SMALL_ZOOM,
    tactical: isTactical(cam.zoom),
    toScreen: (x, y) => worldToScreen(cam, x, y),
    onScreen: (p) => p.x > -MARGIN && p.y > -MARGIN && p.x < cam.width + MARGIN && p.y < cam.height + MARGIN,
  };
}

/** The night tint over the map at this point of the day (null: none), as the frame paints it. */
export function nightTint(cyclePosition: number | null): string | null {
  if (cyclePosition === null) return null;
  const a = nightAlpha(cyclePosition);
  return a > 0.005 ? tintAt(a) : null;
}

const tintAt = (alpha: number) => `rgb(10 16 46 / ${alpha.toFixed(3)})`;
/** Inside the survivor's sight the night tint keeps this share of its strength: what you see reads as lit. */
export const LANTERN_TINT = 0.25;

/**
 * The night tint: full over the land out of sight, lifted to LANTERN_TINT inside the survivor's sight (a soft edge
 * at the vision radius), so at night the lit circle stands out of a blue dark instead of the whole map dimming.
 */
function paintNight(ctx: CanvasRenderingContext2D, s: Scene, cam: Camera): void {
  if (s.cyclePosition === null) return;
  const a = nightAlpha(s.cyclePosition);
  if (a <= 0.005) return;
  const r = s.lightRadius ?? 0;
  if (r > 1) {
    const me = worldToScreen(cam, s.me.x, s.me.y);
    const g = ctx.createRadialGradient(me.x, me.y, 0, me.x, me.y, r * 1.1);
    g.addColorStop(0, tintAt(a * LANTERN_TINT));
    g.addColorStop(0.7, tintAt(a * LANTERN_TINT));
    g.addColorStop(1, tintAt(a));
    ctx.fillStyle = g;
  } else ctx.fillStyle = tintAt(a);
  ctx.fillRect(0, 0, cam.width, cam.height);
}

export function renderFrame(ctx: CanvasRenderingContext2D, s: Scene): DrawnFrame {
  const { camera: cam, dpr } = s;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = FOG_UNKNOWN_CSS;
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);

  // Terrain + fog: one image per chunk, in device pixels. Sharp tiles when a tile spans 2+ pixels.
  ctx.imageSmoothingEnabled = cam.zoom * dpr * 5 < 2;
  if (s.drawn) {
    for (let cy = s.drawn.y0; cy <= s.drawn.y1; cy++) {
      for (let cx = s.drawn.x0; cx <= s.drawn.x1; cx++) {
        const entry = s.chunkImage(cx, cy);
        if (!entry) continue;
        const r = chunkScreenRect(cam, cx, cy);
        const x0 = Math.round(r.x * dpr);
        const y0 = Math.round(r.y * dpr);
        const x1 = Math.round((r.x + r.size) * dpr);
        const y1 = Math.round((r.y + r.size) * dpr);
        ctx.drawImage(entry.image, x0, y0, x1 - x0, y1 - y0);
      }
    }
  }

  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  paintNight(ctx, s, cam);

  const view = mapView(cam, s.drawn, s.me, s.now);
  const labels = new FrameLabels();
  openLabels(ctx, labels);
  try {
    for (const layer of s.layers) {
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0); // a layer that changed the transform does not move the next one
      labels.priority = layer.z ?? 0;
      layer.draw(ctx, view);
    }
  } finally {
    closeLabels(ctx);
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.globalAlpha = 1;
  const { placed, hidden } = placeLabels(labels.requests, (t) => labelWidth(ctx, t), s.reserved, cam.width);
  for (const l of placed) paintLabel(ctx, l.text, l.x, l.y, l.colour);
  return { view, labels: placed, hiddenLabels: hidden };
}
