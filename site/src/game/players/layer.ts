/**
 * Other survivors on the map: each one's last known name, colour and track (positions interpolated between the
 * live layer's reports). Only those within the 3 × 3 chunks around you are drawn, as the server only sends
 * positions from there. The map redraws for them while what it would show differs from its last draw (someone moved,
 * glides, came, left, was renamed).
 */
import type { LivePlayer } from '../../../../api/contract/protocol.ts';
import { chunkOfWorld } from '../map/geometry.ts';
import { Track } from '../map/interpolation.ts';
import { LayerZ, type MapLayer, type MapView, type MinimapDot } from '../map/layer.ts';
import { drawLabel, drawSurvivor } from '../map/sprites.ts';
import type { Point } from '../map/walker.ts';

interface Other {
  track: Track;
  colour: string;
  name: string;
}

export interface SurvivorNow {
  id: string;
  x: number;
  y: number;
  colour: string;
  name: string;
  inRange: boolean;
}

/** A jump longer than this (world units) is a teleport, not a walk: no sliding across the map. */
const TELEPORT_UNITS = 400;
const UNKNOWN_COLOUR = '#e8d9b0';

export class SurvivorsLayer implements MapLayer {
  readonly z = LayerZ.survivors;
  private readonly others = new Map<string, Other>();
  /** What the last draw showed, and around which position of yours (null: not drawn yet). */
  private drawn: { me: Point; shown: SurvivorNow[] } | null = null;

  constructor(private readonly myId: string) {}

  /** A full list (players_list or a poll): positions only for those in range. */
  setAll(players: readonly LivePlayer[], now = performance.now()): void {
    const seen = new Set<string>();
    for (const p of players) {
      if (p.id === this.myId) continue;
      seen.add(p.id);
      this.upsert(p);
      if (p.x !== undefined && p.y !== undefined) this.moved(p.id, p.x, p.y, now);
      else this.others.get(p.id)!.track = new Track(); // out of range: no position to show
    }
    for (const id of this.others.keys()) if (!seen.has(id)) this.others.delete(id);
  }

  upsert(p: LivePlayer): void {
    if (p.id === this.myId) return;
    const existing = this.others.get(p.id);
    const name = p.displayName || p.name;
    if (existing) {
      existing.name = name;
      existing.colour = p.color;
    } else {
      this.others.set(p.id, { track: new Track(), colour: p.color, name });
    }
  }

  moved(id: string, x: number, y: number, now = performance.now()): void {
    if (id === this.myId) return;
    let other = this.others.get(id);
    if (!other) this.others.set(id, (other = { track: new Track(), colour: UNKNOWN_COLOUR, name: 'Survivor' }));
    const last = other.track.latest;
    if (!last || Math.hypot(last.x - x, last.y - y) > TELEPORT_UNITS) other.track.reset(now, x, y);
    else other.track.push(now, x, y);
  }

  left(id: string): void {
    this.others.delete(id);
  }

  /** Everyone with a known position at `now`, and whether they are within a chunk of `me`. */
  at(now: number, me: Point): SurvivorNow[] {
    const out: SurvivorNow[] = [];
    const mcx = chunkOfWorld(me.x);
    const mcy = chunkOfWorld(me.y);
    for (const [id, o] of this.others) {
      const p = o.track.at(now);
      if (!p) continue;
      const inRange = Math.abs(chunkOfWorld(p.x) - mcx) <= 1 && Math.abs(chunkOfWorld(p.y) - mcy) <= 1;
      out.push({ id, x: p.x, y: p.y, colour: o.colour, name: o.name, inRange });
    }
    return out;
  }

  /** Those drawn (and on the minimap) at `now` around `me`. */
  private shownAt(now: number, me: Point): SurvivorNow[] {
    return this.at(now, me).filter((o) => o.inRange);
  }

  /** Someone would show elsewhere, or differently, than at the last draw (your own moves redraw anyway). */
  needsDraw(now: number): boolean {
    const d = this.drawn;
    return d === null || !sameSurvivors(d.shown, this.shownAt(now, d.me));
  }

  draw(ctx: CanvasRenderingContext2D, view: MapView): void {
    const shown = this.shownAt(view.now, view.me);
    this.drawn = { me: { x: view.me.x, y: view.me.y }, shown };
    for (const o of shown) {
      const p = view.toScreen(o.x, o.y);
      if (!view.onScreen(p)) continue;
      drawSurvivor(ctx, p.x, p.y, o.colour, false);
      if (!view.small) drawLabel(ctx, o.name, p.x, p.y - 10);
    }
  }

  minimapDots(view: MapView): MinimapDot[] {
    return this.shownAt(view.now, view.me);
  }
}

function sameSurvivors(a: readonly SurvivorNow[], b: readonly SurvivorNow[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!;
    const q = b[i]!;
    if (p.id !== q.id || p.x !== q.x || p.y !== q.y || p.colour !== q.colour || p.name !== q.name) return false;
  }
  return true;
}
