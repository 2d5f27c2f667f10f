/**
 * The raid marker: while raiders are on their way to one of your settlements, a pulsing red ring around it, a warning
 * badge on its marker and the countdown over it, and a red dot on the minimap. It pulses, so the map redraws every
 * frame while a marker is on screen; off screen, once a second for the countdown it would show.
 */
import { $raidWarnings, type RaidWarning } from '../../stores/raids.ts';
import { LayerZ, type MapLayer, type MapView, type MinimapDot } from '../map/layer.ts';
import { drawLabel } from '../map/sprites.ts';
import { formatCountdown } from './countdown.ts';
import { pending } from './warnings.ts';

export const RAID_COLOUR = '#ff5a46';

export class RaidLayer implements MapLayer {
  readonly z = LayerZ.raids;
  private drawnList: readonly RaidWarning[] | null = null;
  private drawnSecond = -1;
  private pulsing = false;

  /** `clock`: the wall clock the warnings' arrival times are on (the map's own `now` is performance.now()). */
  constructor(private readonly clock: () => number = Date.now) {}

  needsDraw(): boolean {
    const list = $raidWarnings.get();
    if (list !== this.drawnList) return true;
    if (list.length === 0) return false;
    return this.pulsing || Math.floor(this.clock() / 1000) !== this.drawnSecond;
  }

  draw(ctx: CanvasRenderingContext2D, view: MapView): void {
    const list = $raidWarnings.get();
    const now = this.clock();
    this.drawnList = list;
    this.drawnSecond = Math.floor(now / 1000);
    this.pulsing = false;
    for (const w of pending(list, now)) {
      const p = view.toScreen(w.x, w.y);
      if (!view.onScreen(p)) continue;
      this.pulsing = true;
      drawRaidMarker(ctx, p.x, p.y, (Math.sin(view.now / 220) + 1) / 2);
      // Above the survivors' names: a member at home stands on the marker.
      drawLabel(ctx, `Raiders ${formatCountdown(w.arriveAt - now)}`, p.x, p.y - 46, RAID_COLOUR);
    }
  }

  minimapDots(): readonly MinimapDot[] {
    return pending($raidWarnings.get(), this.clock()).map((w) => ({ x: w.x, y: w.y, colour: RAID_COLOUR }));
  }
}

/** Two red rings around the settlement (the outer one pulsing) and a '!' badge on its flag's side. */
function drawRaidMarker(ctx: CanvasRenderingContext2D, x: number, y: number, pulse: number): void {
  ctx.save();
  ctx.strokeStyle = RAID_COLOUR;
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  ctx.arc(x, y - 3, 19, 0, Math.PI * 2);
  ctx.stroke();
  ctx.globalAlpha = 0.35 + 0.65 * (1 - pulse);
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(x, y - 3, 23 + 9 * pulse, 0, Math.PI * 2);
  ctx.stroke();
  ctx.globalAlpha = 1;
  ctx.fillStyle = RAID_COLOUR;
  ctx.strokeStyle = '#1a1408';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.arc(x + 13, y - 15, 7, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = '#1a1408';
  ctx.fillRect(x + 12, y - 19.5, 2, 5);
  ctx.fillRect(x + 12, y - 13, 2, 2);
  ctx.restore();
}
