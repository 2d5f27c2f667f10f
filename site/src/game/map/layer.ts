/**
 * How a feature draws on the map without touching the engine: it keeps its own state (other survivors, POI
 * significance, settlements, later NPCs) in an object with a `draw` method and hands it to engine.addLayer().
 * A frame that draws at all draws the terrain, fog and night tint, then every layer in `z` order (ties: the order
 * they were added), in CSS pixels. The engine only draws when something visible changed (redraw.ts): its own
 * inputs (camera, position, terrain, fog, light), or a layer whose needsDraw() says so.
 */
import type { Camera } from './camera.ts';
import type { ChunkRect } from './geometry.ts';
import type { Point } from './walker.ts';

/** What a layer may know about the frame it draws into. */
export interface MapView {
  readonly camera: Readonly<Camera>;
  /** The chunks on screen this frame (null when none). */
  readonly drawn: ChunkRect | null;
  /** The local survivor, where this frame draws them. */
  readonly me: Point;
  /** The frame's time (performance.now() clock). */
  readonly now: number;
  /** Zoomed far out: small markers, no labels. */
  readonly small: boolean;
  /** Zoomed far in: every label shows. */
  readonly tactical: boolean;
  toScreen(x: number, y: number): Point;
  /** Whether a screen point is on screen or within a marker's width of it. */
  onScreen(p: Point): boolean;
}

export interface MinimapDot {
  x: number;
  y: number;
  colour: string;
}

export interface MapLayer {
  /** Draw order: lower first (see LayerZ). Default 0. */
  readonly z?: number;
  draw(ctx: CanvasRenderingContext2D, view: MapView): void;
  /**
   * Whether the layer would draw differently at `now` than at its last draw: its state changed since, or it animates
   * at `now` (one more draw after an animation ends, to show where it ended). What the engine already watches needs
   * no answer here: the camera, zoom, the survivor's position, vision and fog, terrain. Anything else draw() reads
   * (a store, a callback's answer) must count. Without this method the layer redraws every frame.
   */
  needsDraw?(now: number): boolean;
  /**
   * The world point of this layer's marker under the screen point (sx, sy), if any: a click there walks to the
   * marker itself (a settlement, a site, a survivor) rather than to the ground beside it. Top layers are asked first.
   */
  targetAt?(sx: number, sy: number, view: MapView): Point | null;
  /** Dots for the minimap, in world units (the minimap redraws a few times a second). */
  minimapDots?(view: MapView): readonly MinimapDot[];
}

/** Whether any layer would draw differently at `now` (a layer without needsDraw always would). */
export function layersNeedDraw(layers: readonly MapLayer[], now: number): boolean {
  for (const layer of layers) if (!layer.needsDraw || layer.needsDraw(now)) return true;
  return false;
}

/** Where the layers sit, bottom to top. */
export const LayerZ = {
  pois: 10,
  shelters: 15,
  settlements: 20,
  /** A raid on its way to one of yours: over its settlement's marker. */
  raids: 25,
  navTarget: 30,
  survivors: 40,
  npcs: 45,
  self: 50,
  /** The arrow toward the nearest unsearched site (pois/arrow-layer.ts): at the screen's edge, under the next. */
  siteArrow: 54,
  /** The arrow toward the settlement you navigate to: over everything, it may sit at the screen's edge. */
  settlementArrow: 55,
} as const;

/** A layer list kept sorted by z, stable for equal z. */
export class LayerStack {
  private layers: MapLayer[] = [];

  add(layer: MapLayer): () => void {
    const z = layer.z ?? 0;
    const at = this.layers.findIndex((l) => (l.z ?? 0) > z);
    if (at < 0) this.layers.push(layer);
    else this.layers.splice(at, 0, layer);
    return () => {
      this.layers = this.layers.filter((l) => l !== layer);
    };
  }

  get all(): readonly MapLayer[] {
    return this.layers;
  }
}
