/**
 * Shelters nobody has founded a settlement at yet (a settlement's own marker covers the shelter it stands on):
 * small tents, named (under the tent, as settlements are) only when zoomed in. The map redraws for it when the
 * list changes where tents stand.
 */
import type { ShelterView } from '../../../../api/contract/settlements.ts';
import { LayerZ, type MapLayer, type MapView } from '../map/layer.ts';
import { drawLabel, drawShelter } from '../map/sprites.ts';

export class ShelterLayer implements MapLayer {
  readonly z = LayerZ.shelters;
  private list: readonly ShelterView[] = [];
  private dirty = true;

  set(list: readonly ShelterView[]): void {
    const open = list.filter((s) => s.settlementId === null);
    const same = open.length === this.list.length && open.every((s, i) => s.x === this.list[i]!.x && s.y === this.list[i]!.y);
    if (!same) this.dirty = true;
    this.list = open;
  }

  needsDraw(): boolean {
    return this.dirty;
  }

  draw(ctx: CanvasRenderingContext2D, view: MapView): void {
    this.dirty = false;
    for (const s of this.list) {
      const p = view.toScreen(s.x, s.y);
      if (!view.onScreen(p)) continue;
      drawShelter(ctx, p.x, p.y, view.small);
      if (view.tactical) drawLabel(ctx, 'Shelter', p.x, p.y + 20, '#e8a33d', { anchor: p });
    }
  }
}
