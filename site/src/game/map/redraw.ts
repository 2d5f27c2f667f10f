/**
 * Whether the map draws this frame. Without a GPU a full redraw is a long main-thread task, so a map where nothing
 * moves must not draw at all: the engine snapshots what its picture depends on each frame (FrameInputs) and draws
 * only when that differs from the snapshot of its last draw, when the survivor walks, when a layer says it would
 * draw differently (layer.ts needsDraw), or when something asked for it (engine.invalidate()). Pure.
 */

/** What the engine's own part of the picture depends on. Every field is a number, string, boolean or null. */
export interface FrameInputs {
  /** The canvas's backing store, in device pixels, and the pixel ratio. */
  canvasWidth: number;
  canvasHeight: number;
  dpr: number;
  cameraX: number;
  cameraY: number;
  zoom: number;
  /** The view, in CSS pixels. */
  width: number;
  height: number;
  meX: number;
  meY: number;
  walking: boolean;
  /** MapTerrain.version: chunk images, vision (the fog and what layers may show in sight) and explored tiles. */
  terrain: number;
  /** The night tint's colour (renderer.ts nightTint), null by day. */
  nightTint: string | null;
  /** The worn gear that changes vision. */
  gear: string;
}

export function sameInputs(a: FrameInputs, b: FrameInputs): boolean {
  for (const key of Object.keys(b) as (keyof FrameInputs)[]) if (a[key] !== b[key]) return false;
  return true;
}

/**
 * Whether to draw: `drawnWith` is the snapshot of the last draw (null before the first), `now` this frame's,
 * `invalidated` an explicit request since, and `layersChanged` asks the layers (only when nothing else decided).
 */
export function shouldDraw(
  drawnWith: FrameInputs | null,
  now: FrameInputs,
  invalidated: boolean,
  layersChanged: () => boolean,
): boolean {
  if (drawnWith === null || invalidated || now.walking) return true;
  if (!sameInputs(drawnWith, now)) return true;
  return layersChanged();
}
