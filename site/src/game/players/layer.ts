/**
 * Other survivors on the map: each one's last known name, colour and track (positions interpolated between the
 * live layer's reports). The server tells positions only of those in your sight (your vision and a small margin, or
 * radio to radio) and says when one leaves it; of those, only survivors standing where you see now (their tile in sight: vision and line of sight, no fog over it, as for NPCs) are drawn,
 * named, dotted on the minimap and clickable. Sight works both ways: one behind a ridge or past your vision is not
 * shown. (No radio exception as NPCs have: the client is never told which survivors wear a radio.) The map redraws
 * for them while what it would show differs from its last draw (someone moved, glides, came, left, was renamed, came
 * into sight or left it).
 */
import type { LivePlayer } from '../../../../api/contract/protocol.ts';
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
  /** Their position is current: the server tells it while they are in your sight. */
  inRange: boolean;
  /** Drawn: in range, and you see their tile now (survivorVisible). */
  visible: boolean;
}

/** You see the world position (x, y) now: its tile is in sight, no fog over it (GameEngine.sees). */
export type Sees = (x: number, y: number) => boolean;

/**
 * Whether another survivor at (x, y) is shown to you: their position is in range (a current report) and their tile
 * is in your sight now, the same visibility the fog clears. Pure.
 */
export function survivorVisible(inRange: boolean, x: number, y: number, sees: Sees): boolean {
  return inRange && sees(x, y);
}

/** A jump longer than this (world units) is a teleport, not a walk: no sliding across the map. */
const TELEPORT_UNITS = 400;
const UNKNOWN_COLOUR = '#e8d9b0';

export class SurvivorsLayer implements MapLayer {
  readonly z = LayerZ.survivors;
  private readonly others = new Map<string, Other>();
  /** What the last draw showed, and around which position of yours (null: not drawn yet). */
  private drawn: { me: Point; shown: SurvivorNow[] } | null = null;

  constructor(
    private readonly myId: string,
    /** You see this world position now (map/terrain.ts: the fog's visibility). */
    private readonly sees: Sees,
  ) {}

  /** A full list (players_list or a poll): positions only for those in range. */
  setAll(players: readonly LivePlayer[], now = performance.now()): void {
    const seen = new Set<string>();
    for (const p of players) {
      if (p.id === this.myId) continue;
      seen.add(p.id);
      this.upsert(p);
      if (p.x !== undefined && p.y !== undefined) this.moved(p.id, p.x, p.y, now);
      else this.outOfSight(p.id); // out of sight: no position to show
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

  /** The server no longer tells where they stand (out of your sight): nothing of them is drawn. */
  outOfSight(id: string): void {
    const other = this.others.get(id);
    if (other) other.track = new Track();
  }

  left(id: string): void {
    this.others.delete(id);
  }

  /** Everyone with a known position at `now`, and whether they are drawn (`me`: where you stand, for subclasses' use). */
  at(now: number, _me: Point): SurvivorNow[] {
    const out: SurvivorNow[] = [];
    for (const [id, o] of this.others) {
      const p = o.track.at(now);
      if (!p) continue;
      // A position is kept only while the server tells it (outOfSight forgets it), so a known one is current.
      const inRange = true;
      const visible = survivorVisible(inRange, p.x, p.y, this.sees);
      out.push({ id, x: p.x, y: p.y, colour: o.colour, name: o.name, inRange, visible });
    }
    return out;
  }

  /** Those drawn (and on the minimap, and clickable) at `now` around `me`: the ones in sight. */
  private shownAt(now: number, me: Point): SurvivorNow[] {
    return this.at(now, me).filter((o) => o.visible);
  }

  /**
   * Someone would show elsewhere, or differently, than at the last draw, or came into sight or left it (asks sight
   * now, as draw() does, so a change of vision counts whoever made it; your own moves redraw anyway).
   */
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
      if (!view.small) drawLabel(ctx, o.name, p.x, p.y - 10, undefined, { anchor: p });
    }
  }

  /** A click on another survivor in sight walks to where they stand now (one out of sight is not there to click). */
  targetAt(sx: number, sy: number, view: MapView): Point | null {
    for (const o of this.shownAt(view.now, view.me)) {
      const p = view.toScreen(o.x, o.y);
      if (Math.hypot(p.x - sx, p.y - sy) <= 10) return { x: o.x, y: o.y };
    }
    return null;
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
