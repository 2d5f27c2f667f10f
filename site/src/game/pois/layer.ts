/**
 * Points of interest on the map. The core generates every POI with its chunk (map/terrain.ts); this layer keeps
 * what the server has said since about their current significance (poi_updated, our own searches), draws the
 * explored ones, and finds the one within reach of a position. The map redraws for it when a significance or the
 * worn tools change (they grey a POI out); chunks and explored tiles redraw anyway (the engine's terrain version).
 */
import { isPickedClean, type Tools } from '../../../../api/game/actions.ts';
import { nearestPoiInReach } from '../../../../core-wasm/geometry.ts';
import type { Poi } from '../../../../core-wasm/index.ts';
import { $tools } from '../../stores/actions.ts';
import { chunkOfWorld, tileIndexInChunk } from '../map/geometry.ts';
import { LayerZ, type MapLayer, type MapView } from '../map/layer.ts';
import { drawLabel, drawPoi } from '../map/sprites.ts';

/** A POI within reach of a position, with its current significance as this client knows it. */
export type NearbyPoi = Poi & { distance: number; currentSignificance: number };

/** Where the POIs come from: the engine's terrain. */
export interface PoiSource {
  /** A generated chunk's POIs (undefined while it is not generated). */
  loadedPois(cx: number, cy: number): readonly Poi[] | undefined;
  /** A chunk's POIs, generated or not. */
  poisOf(cx: number, cy: number): readonly Poi[];
  readonly explored: { get(cx: number, cy: number): Uint8Array | undefined };
}

/** At the default zoom at most this many sites are named: the nearest to the screen's centre (the survivor). */
export const FEW_POIS = 12;
/** Closer than this, names show (landmarks always; the rest while few). */
const LABEL_ZOOM = 0.8;

export class PoiLayer implements MapLayer {
  readonly z = LayerZ.pois;
  private readonly significance = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private dirty = true;
  /** The worn tools at the last draw (they decide which POIs are greyed). */
  private toolsDrawn: Tools | null = null;

  constructor(private readonly source: PoiSource) {}

  setSignificance(id: string, currentSignificance: number): void {
    if (this.significance.get(id) !== currentSignificance) this.dirty = true;
    this.significance.set(id, currentSignificance);
    for (const fn of this.listeners) fn();
  }

  /** Called whenever a POI's significance changes. */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  significanceOf(poi: Poi): number {
    return this.significance.get(poi.id) ?? poi.significance;
  }

  /**
   * The nearest POI whose reach covers (x, y), by the rule the server and the core use (core-wasm/geometry.ts).
   * Reach is under 100 units, so the 3 × 3 chunks around the position hold every candidate.
   */
  nearest(x: number, y: number): NearbyPoi | null {
    const cx = chunkOfWorld(x);
    const cy = chunkOfWorld(y);
    const candidates: Poi[] = [];
    for (let j = cy - 1; j <= cy + 1; j++) for (let i = cx - 1; i <= cx + 1; i++) candidates.push(...this.source.poisOf(i, j));
    const best = nearestPoiInReach(candidates, x, y);
    return best && { ...best, currentSignificance: this.significanceOf(best) };
  }

  /** The explored POIs on screen this frame, with their screen positions (what draw() marks). */
  private shown(view: MapView): { poi: Poi; x: number; y: number }[] {
    const drawn = view.drawn;
    const shown: { poi: Poi; x: number; y: number }[] = [];
    if (!drawn) return shown;
    for (let cy = drawn.y0; cy <= drawn.y1; cy++) {
      for (let cx = drawn.x0; cx <= drawn.x1; cx++) {
        const pois = this.source.loadedPois(cx, cy);
        const bits = pois && this.source.explored.get(cx, cy);
        if (!pois || !bits) continue;
        for (const poi of pois) {
          const i = tileIndexInChunk(poi.tileX, poi.tileY);
          if ((bits[i >> 3]! & (1 << (i & 7))) === 0) continue;
          const p = view.toScreen(poi.worldX, poi.worldY);
          if (view.onScreen(p)) shown.push({ poi, x: p.x, y: p.y });
        }
      }
    }
    return shown;
  }

  /** A click on a site's marker walks to the site. */
  targetAt(sx: number, sy: number, view: MapView): { x: number; y: number } | null {
    let best: Poi | null = null;
    let bestD = HIT_PX;
    for (const s of this.shown(view)) {
      const d = Math.hypot(s.x - sx, s.y - sy);
      if (d <= bestD) {
        best = s.poi;
        bestD = d;
      }
    }
    return best && { x: best.worldX, y: best.worldY };
  }

  needsDraw(): boolean {
    return this.dirty || !sameTools($tools.get(), this.toolsDrawn);
  }

  draw(ctx: CanvasRenderingContext2D, view: MapView): void {
    const tools = $tools.get();
    this.dirty = false;
    this.toolsDrawn = tools;
    const { small, tactical } = view;
    const zoom = view.camera.zoom;
    const shown = this.shown(view);
    const named = tactical
      ? null
      : zoom >= LABEL_ZOOM
        ? namedNearest(shown, view.camera.width / 2, view.camera.height / 2)
        : new Set<Poi>();
    for (const { poi, x, y } of shown) {
      // Greyed where the Scavenge button is disabled: the shared picked-clean rule with the pack's tools.
      drawPoi(ctx, x, y, poi.landmark, isPickedClean({ currentSignificance: this.significanceOf(poi) }, tools), small);
      if (!named || named.has(poi) || (poi.landmark && zoom >= LABEL_ZOOM))
        drawLabel(ctx, poi.name, x, y - 10, poi.landmark ? '#f5b955' : '#e8d9b0', {
          anchor: { x, y },
          priority: LayerZ.pois + (poi.landmark ? 1 : 0),
        });
    }
  }
}

/** A click this close (CSS px) to a site's marker walks to the site. */
const HIT_PX = 12;

function sameTools(a: Tools, b: Tools | null): boolean {
  return b !== null && a.crowbar === b.crowbar && a.multitool === b.multitool && a.scanner === b.scanner;
}

/**
 * The sites named at the default zoom: the FEW_POIS nearest to (cx, cy), the survivor at the screen's centre, so a
 * crowded screen still names what is close by instead of nothing (the renderer hides any that would overlap).
 */
export function namedNearest<T extends { x: number; y: number; poi: P }, P>(shown: readonly T[], cx: number, cy: number): Set<P> {
  if (shown.length <= FEW_POIS) return new Set(shown.map((s) => s.poi));
  const near = [...shown].sort((a, b) => Math.hypot(a.x - cx, a.y - cy) - Math.hypot(b.x - cx, b.y - cy));
  return new Set(near.slice(0, FEW_POIS).map((s) => s.poi));
}
