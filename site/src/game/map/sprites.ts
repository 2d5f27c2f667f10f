/** Markers drawn over the terrain, in CSS pixels (the renderer has already applied devicePixelRatio). */
type Ctx = CanvasRenderingContext2D;

const LABEL_FONT = '600 12px "IBM Plex Mono", ui-monospace, monospace';

export function drawLabel(ctx: Ctx, text: string, x: number, y: number, colour = '#ece3d0'): void {
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

/** A settlement: a square with a flag. */
export function drawSettlement(ctx: Ctx, x: number, y: number): void {
  ctx.fillStyle = '#b9dd62';
  ctx.strokeStyle = '#1a1408';
  ctx.lineWidth = 1.5;
  ctx.fillRect(x - 6, y - 6, 12, 12);
  ctx.strokeRect(x - 6, y - 6, 12, 12);
  ctx.beginPath();
  ctx.moveTo(x - 6, y - 6);
  ctx.lineTo(x - 6, y - 16);
  ctx.lineTo(x + 3, y - 13);
  ctx.lineTo(x - 6, y - 10);
  ctx.fillStyle = '#ee8a5c';
  ctx.fill();
  ctx.stroke();
}

/** The navigation target: a ring and cross at the target, and an arrow from the survivor toward it. */
export function drawNavTarget(
  ctx: Ctx,
  from: { x: number; y: number },
  to: { x: number; y: number },
  alpha: number,
  pulse: number,
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
  if (d > 30) {
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

/** How dark the night tint is at a point of the day cycle (0 midnight, 0.5 noon): 0 by day, up to 0.42 at midnight. */
export function nightAlpha(cyclePosition: number): number {
  const sun = -Math.cos(2 * Math.PI * cyclePosition); // -1 midnight, +1 noon
  return Math.max(0, Math.min(0.42, (0.15 - sun) * 0.37));
}
