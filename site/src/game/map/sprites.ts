/** Markers drawn over the terrain, in CSS pixels (the renderer has already applied devicePixelRatio). */
import type { FrameLabels } from './labels.ts';

type Ctx = CanvasRenderingContext2D;

const LABEL_FONT = '600 12px "IBM Plex Mono", ui-monospace, monospace';

/** A label's width in CSS pixels (to keep one on screen). */
export function labelWidth(ctx: Ctx, text: string): number {
  ctx.font = LABEL_FONT;
  return ctx.measureText(text).width;
}

/** Labels asked for while a frame draws, by the context it draws on (renderer.ts opens and closes it). */
const frameLabels = new WeakMap<Ctx, FrameLabels>();

/** From now until closeLabels(ctx), drawLabel(ctx, …) queues its label in `labels` instead of drawing it. */
export function openLabels(ctx: Ctx, labels: FrameLabels): void {
  frameLabels.set(ctx, labels);
}

export function closeLabels(ctx: Ctx): void {
  frameLabels.delete(ctx);
}

export interface LabelOptions {
  /** The marker's centre: the label may move around it (labels.ts) when its spot is taken. */
  anchor?: { x: number; y: number };
  /** Placement order (higher first); by default the drawing layer's z. */
  priority?: number;
  /** 'left': x is the text's left edge rather than its centre. */
  from?: 'left';
}

/**
 * A label, bottom-centred at (x, y) (or, from the left, starting at x). Inside a frame it is queued and placed with the frame's others so none overlap
 * (labels.ts), on top of the markers; outside one (a layer test) it is drawn at once.
 */
export function drawLabel(ctx: Ctx, text: string, x: number, y: number, colour = '#ece3d0', opts: LabelOptions = {}): void {
  const queue = frameLabels.get(ctx);
  if (queue) {
    queue.add({ text, x, y, colour, anchor: opts.anchor, priority: opts.priority, from: opts.from });
    return;
  }
  paintLabel(ctx, text, opts.from === 'left' ? x + labelWidth(ctx, text) / 2 : x, y, colour);
}

/** Draws a label now, bottom-centred at (x, y). */
export function paintLabel(ctx: Ctx, text: string, x: number, y: number, colour: string): void {
  ctx.font = LABEL_FONT;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  ctx.lineWidth = 3;
  ctx.strokeStyle = 'rgb(14 12 10 / 0.85)';
  ctx.strokeText(text, x, y);
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
}

/** A survivor: a filled disc in their colour; the local one gets a bright ring. */
export function drawSurvivor(ctx: Ctx, x: number, y: number, colour: string, self: boolean, radius = 6): void {
  ctx.beginPath();
  ctx.arc(x, y, radius + (self ? 3 : 2), 0, Math.PI * 2);
  ctx.fillStyle = self ? '#fff4dc' : 'rgb(14 12 10 / 0.9)';
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.fillStyle = colour;
  ctx.fill();
  if (self) {
    ctx.beginPath();
    ctx.arc(x, y, radius + 7, 0, Math.PI * 2);
    ctx.strokeStyle = 'rgb(255 244 220 / 0.35)';
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }
}

/** A point of interest: a diamond, larger and ringed for landmarks; dim when picked clean. */
export function drawPoi(ctx: Ctx, x: number, y: number, landmark: boolean, depleted: boolean, small: boolean): void {
  const r = small ? (landmark ? 3.5 : 2) : landmark ? 7 : 4.5;
  ctx.beginPath();
  ctx.moveTo(x, y - r);
  ctx.lineTo(x + r, y);
  ctx.lineTo(x, y + r);
  ctx.lineTo(x - r, y);
  ctx.closePath();
  ctx.fillStyle = depleted ? '#7a7060' : landmark ? '#f5b955' : '#e8d9b0';
  ctx.fill();
  if (!small) {
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = '#1a1408';
    ctx.stroke();
  }
  if (landmark && !small) {
    ctx.beginPath();
    ctx.arc(x, y, r + 4, 0, Math.PI * 2);
    ctx.strokeStyle = 'rgb(245 185 85 / 0.6)';
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }
}

/** Settlement colours: yours (you manage it) and everyone else's. */
export const SETTLEMENT_COLOURS = { own: '#b9dd62', other: '#7fd3ff' } as const;

/**
 * A settlement: a square with a flag, in your colour or another's. The same size at every zoom (it is a
 * destination, not terrain), on a dark halo so it reads over any biome and under the night tint.
 */
export function drawSettlement(ctx: Ctx, x: number, y: number, own: boolean): void {
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.fillStyle = 'rgb(14 12 10 / 0.55)';
  ctx.beginPath();
  ctx.arc(x, y - 3, 15, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = own ? SETTLEMENT_COLOURS.own : SETTLEMENT_COLOURS.other;
  ctx.strokeStyle = '#1a1408';
  ctx.lineWidth = 1.5;
  ctx.fillRect(x - 6, y - 6, 12, 12);
  ctx.strokeRect(x - 6, y - 6, 12, 12);
  // A door, so the square reads as a building rather than a tile.
  ctx.fillStyle = '#1a1408';
  ctx.fillRect(x - 2, y - 1, 4, 7);
  ctx.beginPath();
  ctx.moveTo(x - 6, y - 6);
  ctx.lineTo(x - 6, y - 17);
  ctx.lineTo(x + 4, y - 14);
  ctx.lineTo(x - 6, y - 11);
  ctx.fillStyle = own ? '#ee8a5c' : '#e8d9b0';
  ctx.fill();
  ctx.stroke();
  ctx.restore();
}

/** The ground a settlement's management reaches (building, storage): a faint dashed ring. */
export function drawReach(ctx: Ctx, x: number, y: number, radius: number, own: boolean): void {
  ctx.save();
  ctx.setLineDash([4, 6]);
  ctx.lineWidth = 1;
  ctx.strokeStyle = own ? 'rgb(185 221 98 / 0.45)' : 'rgb(127 211 255 / 0.35)';
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

/** A shelter nobody has settled yet: a small tent, smaller than a settlement and without a flag. */
export function drawShelter(ctx: Ctx, x: number, y: number, small: boolean): void {
  const s = small ? 0.75 : 1;
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.beginPath();
  ctx.moveTo(x, y - 8 * s);
  ctx.lineTo(x + 8 * s, y + 5 * s);
  ctx.lineTo(x - 8 * s, y + 5 * s);
  ctx.closePath();
  ctx.fillStyle = '#e8a33d';
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = '#1a1408';
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x, y - 2 * s);
  ctx.lineTo(x - 2.5 * s, y + 5 * s);
  ctx.lineTo(x + 2.5 * s, y + 5 * s);
  ctx.closePath();
  ctx.fillStyle = '#1a1408';
  ctx.fill();
  ctx.restore();
}

/** The arrow toward a navigation target: a chevron pointing along `angle`. */
export function drawArrow(
  ctx: Ctx,
  x: number,
  y: number,
  angle: number,
  colour: string = SETTLEMENT_COLOURS.own,
  scale = 1,
): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.scale(scale, scale);
  ctx.beginPath();
  ctx.moveTo(13, 0);
  ctx.lineTo(-8, -10);
  ctx.lineTo(-3, 0);
  ctx.lineTo(-8, 10);
  ctx.closePath();
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#1a1408';
  ctx.stroke();
  ctx.restore();
}

/** A pulsing ring around the settlement you navigate to. */
export function drawTargetRing(ctx: Ctx, x: number, y: number, pulse: number): void {
  ctx.save();
  ctx.lineWidth = 2;
  ctx.strokeStyle = SETTLEMENT_COLOURS.own;
  ctx.globalAlpha = 0.5 + 0.5 * pulse;
  ctx.beginPath();
  ctx.arc(x, y - 3, 20 + 4 * pulse, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

/** A planned walk: a faint line from the survivor through the waypoints still ahead (screen points). */
export function drawRoute(ctx: Ctx, points: readonly { x: number; y: number }[]): void {
  if (points.length < 2) return;
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.setLineDash([2, 5]);
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = 'rgb(245 185 85 / 0.55)';
  ctx.beginPath();
  ctx.moveTo(points[0]!.x, points[0]!.y);
  for (let i = 1; i < points.length; i++) ctx.lineTo(points[i]!.x, points[i]!.y);
  ctx.stroke();
  ctx.restore();
}

/** The navigation target: a ring and cross at the target, and an arrow from the survivor toward it. */
export function drawNavTarget(
  ctx: Ctx,
  from: { x: number; y: number },
  to: { x: number; y: number },
  alpha: number,
  pulse: number,
  /** The dashed line and arrowhead toward it (off when a route line shows the way). */
  line = true,
): void {
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.strokeStyle = '#f5b955';
  ctx.lineWidth = 2;
  const r = 7 + pulse * 3;
  ctx.beginPath();
  ctx.arc(to.x, to.y, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(to.x - 4, to.y - 4);
  ctx.lineTo(to.x + 4, to.y + 4);
  ctx.moveTo(to.x + 4, to.y - 4);
  ctx.lineTo(to.x - 4, to.y + 4);
  ctx.stroke();
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const d = Math.hypot(dx, dy);
  if (line && d > 30) {
    const ux = dx / d;
    const uy = dy / d;
    ctx.setLineDash([6, 6]);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = 'rgb(245 185 85 / 0.55)';
    ctx.beginPath();
    ctx.moveTo(from.x + ux * 16, from.y + uy * 16);
    ctx.lineTo(to.x - ux * (r + 2), to.y - uy * (r + 2));
    ctx.stroke();
    ctx.setLineDash([]);
    // Arrowhead just outside the survivor's marker.
    const ax = from.x + ux * 22;
    const ay = from.y + uy * 22;
    ctx.beginPath();
    ctx.moveTo(ax + ux * 8, ay + uy * 8);
    ctx.lineTo(ax - uy * 6, ay + ux * 6);
    ctx.lineTo(ax + uy * 6, ay - ux * 6);
    ctx.closePath();
    ctx.fillStyle = '#f5b955';
    ctx.fill();
  }
  ctx.restore();
}

/**
 * The night tint's strongest (midnight), over land out of sight (renderer.ts lifts it inside the survivor's sight).
 * Night is told by the halved sight and a blue dark around the lit circle; the fog is a light haze (fog.ts), so
 * at 0.42 the map still averages over 45/255 at midnight (site/e2e/map-light.spec.ts).
 */
export const NIGHT_TINT_MAX = 0.42;

/** How dark the night tint is at a point of the day cycle (0 midnight, 0.5 noon): 0 by day, up to NIGHT_TINT_MAX. */
export function nightAlpha(cyclePosition: number): number {
  const sun = -Math.cos(2 * Math.PI * cyclePosition); // -1 midnight, +1 noon
  return Math.max(0, Math.min(NIGHT_TINT_MAX, (0.15 - sun) * 0.37));
}
