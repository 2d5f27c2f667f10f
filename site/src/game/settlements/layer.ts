/** Settlement markers on the map (the list the settlements wiring polls). */
import { LayerZ, type MapLayer, type MapView } from '../map/layer.ts';
import { drawLabel, drawSettlement } from '../map/sprites.ts';
import type { SettlementMarker } from './markers.ts';

export class SettlementLayer implements MapLayer {
  readonly z = LayerZ.settlements;
  private markers: readonly SettlementMarker[] = [];

  set(markers: readonly SettlementMarker[]): void {
    this.markers = markers;
  }

  draw(ctx: CanvasRenderingContext2D, view: MapView): void {
    for (const st of this.markers) {
      const p = view.toScreen(st.x, st.y);
      if (!view.onScreen(p)) continue;
      drawSettlement(ctx, p.x, p.y);
      if (!view.small) drawLabel(ctx, st.name, p.x, p.y - 18, '#b9dd62');
    }
  }
}
