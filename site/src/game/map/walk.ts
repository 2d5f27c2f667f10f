/**
 * The local survivor's walk: toward a clicked target (straight, or along a planned route of waypoints round water
 * and rock: followRoute) or in the direction of the held keys, one frame at a time, stopping at water and mountains. Whoever reports the walk to the server (live/move-reporter.ts) subscribes
 * with track(); whoever shows the position (nearby POIs, the readout) with onPosition().
 */
import { NAV_MARKER_MS, PLAYER_SPEED_UNITS_PER_SECOND } from '../../../../api/game/world.ts';
import { directionFromKeys, stepInDirection, stepToward, type Passable, type Point } from './walker.ts';

/** The survivor's position as onPosition() reports it. */
export interface PositionUpdate {
  x: number;
  y: number;
  walking: boolean;
}

/** Hears every step (`final` on arrival, stop and new target) and the server's corrections. */
export interface WalkTracker {
  report(p: Point, final?: boolean): void;
  reset(p: Point): void;
}

export interface Survivor {
  id: string;
  x: number;
  y: number;
  colour: string;
  name: string;
}

export class Walk {
  readonly me: Survivor;
  private target: Point | null = null;
  /** Waypoints still ahead after `target` on a planned route (empty: `target` is the last). */
  private route: Point[] = [];
  private nav: { x: number; y: number; until: number } | null = null;
  private keyDir: Point = { x: 0, y: 0 };
  private walkingNow = false;
  private enabled = true;
  private readonly trackers = new Set<WalkTracker>();
  private readonly listeners = new Set<(p: PositionUpdate) => void>();
  private positionKey = '';
  /** A share of full speed: what the survivor carries slows it (api/game/carrying.ts paceAt). */
  private pace = 1;

  constructor(me: Survivor) {
    this.me = { ...me };
  }

  /** Walks at this share of full speed from the next frame on (the server judges moves at the same pace). */
  setPace(pace: number): void {
    this.pace = pace > 0 && pace <= 1 ? pace : 1;
  }

  get speedShare(): number {
    return this.pace;
  }

  /** Clicks and keys walk (false while the game is played in another tab). */
  get active(): boolean {
    return this.enabled;
  }

  get walking(): boolean {
    return this.walkingNow;
  }

  /** Where the walk ends (the route's last point). */
  get destination(): Point | null {
    const end = this.route.length > 0 ? this.route[this.route.length - 1]! : this.target;
    return end && { ...end };
  }

  /** Walk toward a world position (click or tap). */
  moveTo(x: number, y: number, now = performance.now()): void {
    this.followRoute([{ x, y }], now);
  }

  /**
   * Walk through `points` one after another (a planned path's waypoints, the first after the survivor's position;
   * the last is the destination). Each waypoint reached is reported at once (final), so the server judges the walk
   * leg by leg, every leg a straight passable line, never a shortcut across a corner of water.
   */
  followRoute(points: readonly Point[], now = performance.now()): void {
    if (!this.enabled || points.length === 0) return;
    const end = points[points.length - 1]!;
    this.target = { x: points[0]!.x, y: points[0]!.y };
    this.route = points.slice(1).map((p) => ({ x: p.x, y: p.y }));
    this.nav = { x: end.x, y: end.y, until: now + NAV_MARKER_MS };
    for (const t of this.trackers) t.report(this.me, true);
  }

  /** What is left of the walk: the next point and every waypoint after it (empty when not walking a target). */
  get remaining(): Point[] {
    return this.target ? [{ ...this.target }, ...this.route.map((p) => ({ ...p }))] : [];
  }

  /** The server's word on where we are (a rejected move): jump there and stop. */
  snapTo(x: number, y: number): void {
    this.me.x = x;
    this.me.y = y;
    this.stop();
    for (const t of this.trackers) t.reset({ x, y });
  }

  stop(): void {
    this.target = null;
    this.route = [];
    this.walkingNow = false;
  }

  /** Off: clicks and keys no longer walk (the game is played in another tab). */
  setEnabled(on: boolean): void {
    this.enabled = on;
    if (on) return;
    this.keyDir = { x: 0, y: 0 };
    this.target = null;
    this.route = [];
  }

  keys(held: ReadonlySet<string>): void {
    this.keyDir = this.enabled ? directionFromKeys(held) : { x: 0, y: 0 };
    if (this.keyDir.x || this.keyDir.y) {
      this.target = null;
      this.route = [];
    }
  }

  /** One frame of walking (dt in seconds). */
  step(dt: number, passable: Passable): void {
    const wasWalking = this.walkingNow;
    if (this.keyDir.x || this.keyDir.y) {
      const step = stepInDirection(
        this.me,
        this.keyDir.x,
        this.keyDir.y,
        dt,
        passable,
        PLAYER_SPEED_UNITS_PER_SECOND * this.pace,
      );
      this.me.x = step.x;
      this.me.y = step.y;
      this.walkingNow = !step.blocked;
    } else if (this.target) {
      const step = stepToward(this.me, this.target, dt, passable, PLAYER_SPEED_UNITS_PER_SECOND * this.pace);
      this.me.x = step.x;
      this.me.y = step.y;
      if (step.arrived && this.route.length > 0) {
        // A waypoint: stand on it exactly (it is under a unit ahead, on this leg) so the next leg is the planned one,
        // say so now (the next report starts the next leg), and walk on.
        this.me.x = this.target.x;
        this.me.y = this.target.y;
        this.target = this.route.shift()!;
        for (const t of this.trackers) t.report(this.me, true);
        this.walkingNow = true;
      } else if (step.arrived || step.blocked) this.stop();
      else this.walkingNow = true;
    } else this.walkingNow = false;
    if (this.walkingNow) for (const t of this.trackers) t.report(this.me);
    else if (wasWalking) for (const t of this.trackers) t.report(this.me, true);
    this.notify();
  }

  /** The navigation marker while it shows (it fades out over its last second). */
  navMarker(now: number): { x: number; y: number; alpha: number } | null {
    if (!this.nav) return null;
    const left = this.nav.until - now;
    if (left <= 0) {
      this.nav = null;
      return null;
    }
    return { x: this.nav.x, y: this.nav.y, alpha: Math.min(1, left / 1000) };
  }

  track(tracker: WalkTracker): () => void {
    tracker.reset(this.me);
    this.trackers.add(tracker);
    return () => this.trackers.delete(tracker);
  }

  /** Calls `fn` now and whenever the rounded position or the walking state changes. */
  onPosition(fn: (p: PositionUpdate) => void): () => void {
    this.listeners.add(fn);
    fn({ x: this.me.x, y: this.me.y, walking: this.walkingNow });
    return () => this.listeners.delete(fn);
  }

  /** Position listeners hear the current position again after the next step (something near it changed). */
  repeatPosition(): void {
    this.positionKey = '';
  }

  private notify(): void {
    if (this.listeners.size === 0) return;
    const key = `${Math.round(this.me.x)},${Math.round(this.me.y)},${this.walkingNow}`;
    if (key === this.positionKey) return;
    this.positionKey = key;
    const p = { x: this.me.x, y: this.me.y, walking: this.walkingNow };
    for (const fn of this.listeners) fn(p);
  }
}
