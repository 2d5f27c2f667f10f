/**
 * Settlement markers on the map (the list the settlements wiring polls): yours in one colour, others' in another,
 * with their names at every zoom (placed with the map's other labels so none overlap: map/labels.ts), and the
 * ring within which yours can be managed. The map redraws for it when the list changes what it shows.
 */
import type { SettlementView } from '../../../../api/contract/settlements.ts';
import { SETTLEMENT_REACH } from '../../../../api/game/settlements.ts';
import { LayerZ, type MapLayer, type MapView, type MinimapDot } from '../map/layer.ts';
import { drawLabel, drawReach, drawSettlement, SETTLEMENT_COLOURS } from '../map/sprites.ts';

export class SettlementLayer implements MapLayer {
  readonly z = LayerZ.settlements;
  private list: readonly SettlementView[] = [];
  private dirty = true;

  /** The settlements around (a poll that changes nothing shown does not redraw the map). */
  set(list: readonly SettlementView[]): void {
    if (!sameMarkers(this.list, list)) this.dirty = true;
    this.list = list;
  }

  needsDraw(): boolean {
    return this.dirty;
  }

  draw(ctx: CanvasRenderingContext2D, view: MapView): void {
    this.dirty = false;
    for (const st of this.list) {
      const own = st.status === 'manageable';
      const p = view.toScreen(st.x, st.y);
      const reach = SETTLEMENT_REACH * view.camera.zoom;
      if (own && !view.small && ringOnScreen(p, reach, view.camera)) {
        drawReach(ctx, p.x, p.y, reach, own);
      }
      if (!view.onScreen(p)) continue;
      drawSettlement(ctx, p.x, p.y, own);
      // Under the marker: survivors' names sit above theirs, and a survivor at home stands right on it.
      drawLabel(ctx, st.name, p.x, p.y + 27, own ? SETTLEMENT_COLOURS.own : SETTLEMENT_COLOURS.other, {
        anchor: { x: p.x, y: p.y - 3 }, // the halo's centre: mirrored, the name clears the flag
      });
    }
  }

  /** A click on a settlement's marker (its halo) walks to the settlement. */
  targetAt(sx: number, sy: number, view: MapView): { x: number; y: number } | null {
    for (const st of this.list) {
      const p = view.toScreen(st.x, st.y);
      if (Math.hypot(p.x - sx, p.y - 3 - sy) <= 15) return { x: st.x, y: st.y };
    }
    return null;
  }

  minimapDots(): readonly MinimapDot[] {
    return this.list.map((s) => ({
      x: s.x,
      y: s.y,
      colour: s.status === 'manageable' ? SETTLEMENT_COLOURS.own : SETTLEMENT_COLOURS.other,
    }));
  }
}

/** Whether two lists draw the same markers (what draw() and minimapDots() read of each). */
function sameMarkers(a: readonly SettlementView[], b: readonly SettlementView[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!;
    const q = b[i]!;
    if (p.x !== q.x || p.y !== q.y || p.name !== q.name || p.status !== q.status) return false;
  }
  return true;
}

/** The ring can reach the screen while its centre is off it. */
function ringOnScreen(p: { x: number; y: number }, r: number, screen: { width: number; height: number }): boolean {
  const nx = Math.min(Math.max(p.x, 0), screen.width);
  const ny = Math.min(Math.max(p.y, 0), screen.height);
  return Math.hypot(p.x - nx, p.y - ny) <= r;
}
