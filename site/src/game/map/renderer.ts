/**
 * Draws one frame: at most 25 chunk images (terrain with its fog already composited), then the night tint, then
 * every layer in z order (POIs, settlements, the navigation target, survivors, you). Chunk edges are snapped to
 * device pixels so no seams show between neighbours.
 */
import { chunkScreenRect, isTactical, worldToScreen, type Camera } from './camera.ts';
import type { ChunkEntry } from './chunk-cache.ts';
import { FOG_UNKNOWN_CSS } from './fog.ts';
import type { ChunkRect } from './geometry.ts';
import type { MapLayer, MapView } from './layer.ts';
import { nightAlpha } from './sprites.ts';
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
  now: number;
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
  return a > 0.005 ? `rgb(8 12 34 / ${a.toFixed(3)})` : null;
}

export function renderFrame(ctx: CanvasRenderingContext2D, s: Scene): MapView {
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
  const tint = nightTint(s.cyclePosition);
  if (tint) {
    ctx.fillStyle = tint;
    ctx.fillRect(0, 0, cam.width, cam.height);
  }

  const view = mapView(cam, s.drawn, s.me, s.now);
  for (const layer of s.layers) {
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0); // a layer that changed the transform does not move the next one
    layer.draw(ctx, view);
  }
  return view;
}
