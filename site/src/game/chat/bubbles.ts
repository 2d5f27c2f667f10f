/**
 * Nearby voice on the map: each nearby message floats as a speech bubble over its sender for CHAT_BUBBLE_MS (the
 * latest one per sender), wherever the map draws them now (the survivors layer's track, or you). A muted sender's
 * say nothing. The bubble list is pure; the layer only draws it.
 */
import type { ChatMessage } from '../../../../api/contract/protocol.ts';
import { CHAT_BUBBLE_MS } from '../../../../api/game/chat.ts';
import { LayerZ, type MapLayer, type MapView } from '../map/layer.ts';
import type { Point } from '../map/walker.ts';

export interface Bubble {
  playerId: string;
  text: string;
  /** performance.now() when it appeared. */
  at: number;
}

/** The bubbles after `m` was heard at `now`: nearby messages only, one per sender (the newest), expired ones dropped. */
export function addBubble(list: readonly Bubble[], m: ChatMessage, now: number): Bubble[] {
  const kept = liveBubbles(list, now);
  if (m.channel !== 'nearby') return kept;
  return [...kept.filter((b) => b.playerId !== m.playerId), { playerId: m.playerId, text: m.message, at: now }];
}

export function liveBubbles(list: readonly Bubble[], now: number): Bubble[] {
  return list.filter((b) => now - b.at < CHAT_BUBBLE_MS);
}

/** At most this many characters per line and lines per bubble: a bubble is a glance, the panel has the rest. */
const LINE_CHARS = 28;
const MAX_LINES = 3;

/** The words of a message in at most MAX_LINES lines of about LINE_CHARS characters, an ellipsis when cut. */
export function bubbleLines(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const pieces = word.match(new RegExp(`.{1,${LINE_CHARS}}`, 'gu')) ?? [word];
    for (const piece of pieces) {
      if (line && line.length + 1 + piece.length > LINE_CHARS) {
        lines.push(line);
        line = piece;
      } else line = line ? `${line} ${piece}` : piece;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= MAX_LINES) return lines;
  const cut = lines.slice(0, MAX_LINES);
  cut[MAX_LINES - 1] = `${(cut[MAX_LINES - 1] as string).slice(0, LINE_CHARS - 1)}…`;
  return cut;
}

const FONT = '12px system-ui, sans-serif';
const LINE_HEIGHT = 15;
const PAD = 6;

export class ChatBubbleLayer implements MapLayer {
  readonly z = LayerZ.self + 1;
  private bubbles: Bubble[] = [];
  private drawnCount = 0;

  constructor(
    private readonly myId: string,
    /** Where the map draws another survivor at `now` (null when it does not). */
    private readonly whereIs: (playerId: string, now: number, me: Point) => Point | null,
  ) {}

  heard(m: ChatMessage, now = performance.now()): void {
    this.bubbles = addBubble(this.bubbles, m, now);
  }

  /** Redraw while a bubble shows (its speaker may walk) and once after the last one went. */
  needsDraw(now: number): boolean {
    return liveBubbles(this.bubbles, now).length > 0 || this.drawnCount > 0;
  }

  draw(ctx: CanvasRenderingContext2D, view: MapView): void {
    this.bubbles = liveBubbles(this.bubbles, view.now);
    this.drawnCount = this.bubbles.length;
    for (const b of this.bubbles) {
      const at = b.playerId === this.myId ? view.me : this.whereIs(b.playerId, view.now, view.me);
      if (!at) continue;
      const p = view.toScreen(at.x, at.y);
      if (!view.onScreen(p)) continue;
      drawBubble(ctx, bubbleLines(b.text), p.x, p.y - 30);
    }
  }
}

/** A pale rounded box with a tail, its bottom at (x, bottom), text dark on it. */
function drawBubble(ctx: CanvasRenderingContext2D, lines: string[], x: number, bottom: number): void {
  ctx.font = FONT;
  const width = Math.max(...lines.map((l) => ctx.measureText(l).width)) + PAD * 2;
  const height = lines.length * LINE_HEIGHT + PAD * 2 - 3;
  const left = x - width / 2;
  const top = bottom - height;
  ctx.beginPath();
  ctx.roundRect(left, top, width, height, 6);
  ctx.moveTo(x - 5, bottom);
  ctx.lineTo(x, bottom + 6);
  ctx.lineTo(x + 5, bottom);
  ctx.fillStyle = 'rgb(250 244 228 / 0.95)';
  ctx.fill();
  ctx.strokeStyle = 'rgb(14 12 10 / 0.7)';
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.fillStyle = '#1d1a16';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (const [i, l] of lines.entries()) ctx.fillText(l, x, top + PAD + i * LINE_HEIGHT - 1);
}
