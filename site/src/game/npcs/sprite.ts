/**
 * An NPC on the map: a little figure (head and shoulders) in its settlement's colour — yours or another's, as the
 * settlement flags are — so it never reads as a survivor (a plain disc in the player's colour). A radio-tracked NPC
 * seen beyond your sight gets a dashed ring. In CSS pixels.
 */
import { SETTLEMENT_COLOURS } from '../map/sprites.ts';

export const NPC_COLOURS = SETTLEMENT_COLOURS;

export function drawNpc(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  own: boolean,
  small: boolean,
  byRadio: boolean,
): void {
  const s = small ? 0.7 : 1;
  ctx.save();
  ctx.lineJoin = 'round';
  // Halo, so it reads over any biome and under the night tint.
  ctx.fillStyle = 'rgb(14 12 10 / 0.7)';
  ctx.beginPath();
  ctx.arc(x, y, 9 * s, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = own ? NPC_COLOURS.own : NPC_COLOURS.other;
  ctx.strokeStyle = '#1a1408';
  ctx.lineWidth = 1.2;
  // Shoulders.
  ctx.beginPath();
  ctx.moveTo(x - 5.5 * s, y + 6 * s);
  ctx.quadraticCurveTo(x - 5.5 * s, y - 0.5 * s, x, y - 0.5 * s);
  ctx.quadraticCurveTo(x + 5.5 * s, y - 0.5 * s, x + 5.5 * s, y + 6 * s);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  // Head.
  ctx.beginPath();
  ctx.arc(x, y - 4 * s, 3 * s, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  if (byRadio) {
    ctx.setLineDash([2, 3]);
    ctx.strokeStyle = own ? NPC_COLOURS.own : NPC_COLOURS.other;
    ctx.lineWidth = 1.2;
    ctx.beginPath();
    ctx.arc(x, y, 12 * s, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
}
