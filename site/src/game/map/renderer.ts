/**
 * Draws one frame: at most 25 chunk images (terrain with its fog already composited), then the night tint, then
 * POIs, settlements, the navigation target and survivors. Chunk edges are snapped to device pixels so no seams
 * show between neighbours.
 */
import { chunkScreenRect, isTactical, worldToScreen, type Camera } from './camera.ts';
import type { ChunkEntry } from './chunk-cache.ts';
import { FOG_UNKNOWN_CSS } from './fog.ts';
import type { ChunkRect } from './geometry.ts';
import { drawLabel, drawNavTarget, drawPoi, drawSettlement, drawSurvivor, nightAlpha } from './sprites.ts';

export interface SceneSurvivor {
  id: string;
  x: number;
  y: number;
  colour: string;
  name: string;
}

export interface ScenePoi {
  x: number;
  y: number;
  name: string;
  landmark: boolean;
  depleted: boolean;
}

export interface Scene {
  camera: Camera;
  dpr: number;
  drawn: ChunkRect | null;
  /** A chunk's up-to-date image, if generated. */
  chunkImage(cx: number, cy: number): ChunkEntry | undefined;
  pois: ScenePoi[];
  settlements: { x: number; y: number; name: string }[];
  others: SceneSurvivor[];
  me: SceneSurvivor;
  nav: { x: number; y: number; alpha: number } | null;
  cyclePosition: number | null;
  now: number;
}

export function renderFrame(ctx: CanvasRenderingContext2D, s: Scene): void {
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
  if (s.cyclePosition !== null) {
    const a = nightAlpha(s.cyclePosition);
    if (a > 0.005) {
      ctx.fillStyle = `rgb(8 12 34 / ${a.toFixed(3)})`;
      ctx.fillRect(0, 0, cam.width, cam.height);
    }
  }

  const tactical = isTactical(cam.zoom);
  const small = cam.zoom < 0.6;
  const margin = 40;
  const onScreen = (p: { x: number; y: number }) =>
    p.x > -margin && p.y > -margin && p.x < cam.width + margin && p.y < cam.height + margin;

  for (const poi of s.pois) {
    const p = worldToScreen(cam, poi.x, poi.y);
    if (!onScreen(p)) continue;
    drawPoi(ctx, p.x, p.y, poi.landmark, poi.depleted, small);
    if (tactical || (poi.landmark && cam.zoom >= 0.8))
      drawLabel(ctx, poi.name, p.x, p.y - 10, poi.landmark ? '#f5b955' : '#e8d9b0');
  }
  for (const st of s.settlements) {
    const p = worldToScreen(cam, st.x, st.y);
    if (!onScreen(p)) continue;
    drawSettlement(ctx, p.x, p.y);
    if (!small) drawLabel(ctx, st.name, p.x, p.y - 18, '#b9dd62');
  }

  const me = worldToScreen(cam, s.me.x, s.me.y);
  if (s.nav) drawNavTarget(ctx, me, worldToScreen(cam, s.nav.x, s.nav.y), s.nav.alpha, (Math.sin(s.now / 250) + 1) / 2);

  for (const o of s.others) {
    const p = worldToScreen(cam, o.x, o.y);
    if (!onScreen(p)) continue;
    drawSurvivor(ctx, p.x, p.y, o.colour, false);
    if (!small) drawLabel(ctx, o.name, p.x, p.y - 10);
  }
  drawSurvivor(ctx, me.x, me.y, s.me.colour, true);
  if (!small) drawLabel(ctx, s.me.name, me.x, me.y - 14, '#fff4dc');
}
