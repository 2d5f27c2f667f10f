/**
 * The arrow toward the nearest unsearched site (unsearched.ts): at the screen's edge with the site's name and
 * distance while it is off screen, beside the survivor while it is on screen (a site still under the fog has no
 * marker to find). It points where to walk for loot when the sites around are picked clean; it goes while the
 * survivor stands in reach of one. The map redraws for it when a significance or the worn tools change (the
 * survivor's moves redraw anyway).
 */
import { $tools } from '../../stores/actions.ts';
import { chunkOfWorld, tileIndexInChunk } from '../map/geometry.ts';
import { LayerZ, type MapLayer, type MapView } from '../map/layer.ts';
import { drawArrow, drawLabel, labelWidth } from '../map/sprites.ts';
import { arrowPlacement } from '../settlements/nav.ts';
import type { PoiLayer, PoiSource } from './layer.ts';
import { nearestUnsearched, type Unsearched } from './unsearched.ts';

export const SITE_ARROW_COLOUR = '#e8d9b0';
const CAPTION_GAP = 24;
/**
 * The band along the map's bottom edge where the readout sits (game.css .game-readout: 0.75rem up, about 30 px tall).
 * The arrow keeps above it: at the bottom edge every spot for its caption lay under the readout on a phone, so the
 * caption was hidden.
 */
const READOUT_BAND = 44;

export class SiteArrowLayer implements MapLayer {
  readonly z = LayerZ.siteArrow;
  private dirty = true;
  /** What the last draw pointed at, for tests and the debug hook. */
  target: (Unsearched & { caption: string; atEdge: boolean; at: { x: number; y: number } }) | null = null;

  constructor(
    private readonly source: PoiSource,
    private readonly pois: PoiLayer,
  ) {
    pois.onChange(() => {
      this.dirty = true;
    });
  }

  needsDraw(): boolean {
    return this.dirty || $tools.get() !== this.toolsDrawn;
  }

  private toolsDrawn: unknown = null;

  /** The nearest unsearched site around `me`, from the 3 × 3 chunks whose state the page reads. */
  find(me: { x: number; y: number }): Unsearched | null {
    const cx = chunkOfWorld(me.x);
    const cy = chunkOfWorld(me.y);
    const around = [];
    for (let j = cy - 1; j <= cy + 1; j++) for (let i = cx - 1; i <= cx + 1; i++) around.push(...this.source.poisOf(i, j));
    return nearestUnsearched(around, me, (p) => this.pois.significanceOf(p), $tools.get(), this.pois.nearest(me.x, me.y));
  }

  /** A site's caption: its name once explored, else only that it is there. */
  private nameOf(u: Unsearched): string {
    const bits = this.source.explored.get(u.poi.chunkX, u.poi.chunkY);
    const i = tileIndexInChunk(u.poi.tileX, u.poi.tileY);
    const explored = bits !== undefined && (bits[i >> 3]! & (1 << (i & 7))) !== 0;
    return explored ? u.poi.name : 'Unsearched site';
  }

  draw(ctx: CanvasRenderingContext2D, view: MapView): void {
    this.dirty = false;
    this.toolsDrawn = $tools.get();
    const u = this.find(view.me);
    this.target = null;
    if (!u) return;
    const me = view.toScreen(view.me.x, view.me.y);
    const frame = { width: view.camera.width, height: Math.max(view.camera.height / 2, view.camera.height - READOUT_BAND) };
    const a = arrowPlacement(me, view.toScreen(u.poi.worldX, u.poi.worldY), frame);
    if (!a) return;
    const caption = `${this.nameOf(u)} · ${Math.round(u.distance)}`;
    this.target = { ...u, caption, atEdge: a.atEdge, at: { x: a.x, y: a.y } };
    drawArrow(ctx, a.x, a.y, a.angle, SITE_ARROW_COLOUR, a.atEdge ? 0.85 : 0.6);
    if (!a.atEdge) return;
    // Under the arrow, or over it at the bottom edge; it may move around the arrow if that spot is taken.
    const y = a.y + CAPTION_GAP > frame.height - 4 ? a.y - CAPTION_GAP + 12 : a.y + CAPTION_GAP;
    const half = labelWidth(ctx, caption) / 2 + 4;
    const x = Math.min(Math.max(a.x, half), view.camera.width - half);
    drawLabel(ctx, caption, x, y, SITE_ARROW_COLOUR, { anchor: { x, y: a.y } });
  }
}
