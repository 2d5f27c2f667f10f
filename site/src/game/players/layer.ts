/**
 * Other survivors on the map: each one's last known name, colour and track (positions interpolated between the
 * live layer's reports). Only those within the 3 × 3 chunks around you are drawn, as the server only sends
 * positions from there.
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

  draw(ctx: CanvasRenderingContext2D, view: MapView): void {
    for (const o of this.at(view.now, view.me)) {
      if (!o.inRange) continue;
      const p = view.toScreen(o.x, o.y);
      if (!view.onScreen(p)) continue;
      drawSurvivor(ctx, p.x, p.y, o.colour, false);
      if (!view.small) drawLabel(ctx, o.name, p.x, p.y - 10);
    }
  }

  minimapDots(view: MapView): MinimapDot[] {
    return this.at(view.now, view.me).filter((o) => o.inRange);
  }
}
