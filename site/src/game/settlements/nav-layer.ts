/**
 * The arrow toward the settlement chosen in Your Settlements ($navTarget): next to the survivor while the
 * settlement is on screen (and a ring around it), at the screen's edge with its name and distance while it is not.
 * The ring pulses, so the map redraws every frame while it shows; the arrow alone moves only with you. A click on the
 * arrow or its caption walks toward the settlement (the walk goes as far as the loaded map lets it, like any click).
 */
import { $navTarget, type NavTarget } from '../../stores/settlements.ts';
import { LayerZ, type MapLayer, type MapView } from '../map/layer.ts';
import { drawArrow, drawLabel, drawTargetRing, labelWidth, SETTLEMENT_COLOURS } from '../map/sprites.ts';
import { distance } from './here.ts';
import { arrowPlacement } from './nav.ts';

const CAPTION_GAP = 28;
/** How close to the arrow's tip a click counts as on it (CSS pixels). */
const ARROW_HIT_PX = 18;

type Box = { x: number; y: number; width: number; height: number };

export class NavArrowLayer implements MapLayer {
  readonly z = LayerZ.settlementArrow;
  /** The target at the last draw (undefined: not drawn yet), and whether its pulsing ring was on screen. */
  private target: NavTarget | null | undefined = undefined;
  private ring = false;
  /** Where the last draw put the arrow and its caption (screen pixels), for clicks. */
  private hit: { arrow: { x: number; y: number }; caption: Box | null } | null = null;

  needsDraw(): boolean {
    return this.ring || $navTarget.get() !== this.target;
  }

  draw(ctx: CanvasRenderingContext2D, view: MapView): void {
    const target = $navTarget.get();
    this.target = target;
    this.ring = false;
    this.hit = null;
    if (!target) return;
    const me = view.toScreen(view.me.x, view.me.y);
    const to = view.toScreen(target.x, target.y);
    this.ring = view.onScreen(to);
    if (this.ring) drawTargetRing(ctx, to.x, to.y, (Math.sin(view.now / 300) + 1) / 2);
    const a = arrowPlacement(me, to, view.camera);
    if (!a) return;
    drawArrow(ctx, a.x, a.y, a.angle);
    this.hit = { arrow: { x: a.x, y: a.y }, caption: null };
    if (!a.atEdge) return;
    const caption = `${target.name} · ${Math.round(distance(view.me, target))}`;
    const half = labelWidth(ctx, caption) / 2 + 4;
    const x = Math.min(Math.max(a.x, half), view.camera.width - half);
    // Under the arrow, or over it at the bottom edge.
    const y = a.y + CAPTION_GAP > view.camera.height - 4 ? a.y - CAPTION_GAP + 12 : a.y + CAPTION_GAP;
    drawLabel(ctx, caption, x, y, SETTLEMENT_COLOURS.own);
    this.hit.caption = { x: x - half, y: y - 17, width: 2 * half, height: 19 };
  }

  /** A click on the arrow or its caption walks toward the settlement it points at, not to the ground under it. */
  targetAt(sx: number, sy: number): { x: number; y: number } | null {
    const target = $navTarget.get();
    const hit = this.hit;
    if (!target || !hit) return null;
    const onArrow = Math.hypot(sx - hit.arrow.x, sy - hit.arrow.y) <= ARROW_HIT_PX;
    const c = hit.caption;
    const onCaption = c !== null && sx >= c.x && sx <= c.x + c.width && sy >= c.y && sy <= c.y + c.height;
    return onArrow || onCaption ? { x: target.x, y: target.y } : null;
  }
}
