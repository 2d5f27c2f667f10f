/**
 * Shelters nobody has founded a settlement at yet (a settlement's own marker covers the shelter it stands on):
 * small tents, named (under the tent, as settlements are) only when zoomed in.
 */
import type { ShelterView } from '../../../../api/contract/settlements.ts';
import { LayerZ, type MapLayer, type MapView } from '../map/layer.ts';
import { drawLabel, drawShelter } from '../map/sprites.ts';

export class ShelterLayer implements MapLayer {
  readonly z = LayerZ.shelters;
  private list: readonly ShelterView[] = [];

  set(list: readonly ShelterView[]): void {
    this.list = list.filter((s) => s.settlementId === null);
  }

  draw(ctx: CanvasRenderingContext2D, view: MapView): void {
    for (const s of this.list) {
      const p = view.toScreen(s.x, s.y);
      if (!view.onScreen(p)) continue;
      drawShelter(ctx, p.x, p.y, view.small);
      if (view.tactical) drawLabel(ctx, 'Shelter', p.x, p.y + 20, '#e8a33d');
    }
  }
}
