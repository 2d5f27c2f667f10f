/**
 * How an NPC moves on the map (spec section 4, "NPC movement"): a journey sets its start, target and duration and
 * marks it moving; the map draws it along the journey's waypoints (the walk round water and mountains; the straight
 * line between start and target when a frame has none) at the elapsed fraction of the duration, and
 * puts it on the target once within NPC_SNAP_UNITS of it (or when the time is up); an arrival places it and stops it.
 * Journeys come from the live frames (duration from now) or from the NPC list (started at `startAt`, server time).
 * Pure: times are passed in (performance.now() for the frame clock, Date.now() for the server's ISO times).
 */
import { NPC_SNAP_UNITS } from '../../../../api/game/npcs.ts';
import { pointAlong } from '../../../../api/game/paths.ts';

export interface JourneyInput {
  startX: number;
  startY: number;
  targetX: number;
  targetY: number;
  /** Milliseconds. */
  duration: number;
  purpose: string;
  /** The walk from start to target, both included (npc_movement_journey from a server that plans walks). */
  waypoints?: { x: number; y: number }[];
}

interface Leg extends JourneyInput {
  /** When the journey started, on the frame clock (ms). */
  t0: number;
}

export interface NpcPlace {
  x: number;
  y: number;
  moving: boolean;
  /** The journey's purpose while moving ('scavenge', 'forage', 'return'). */
  purpose: string | null;
  /** Where the journey ends, while moving. */
  target: { x: number; y: number } | null;
}

/**
 * The position along a leg at `now`: an even pace along its waypoints (or the straight line), on the target within
 * the snap distance or when time is up.
 */
export function legAt(leg: Leg, now: number): { x: number; y: number; done: boolean } {
  const k = leg.duration > 0 ? (now - leg.t0) / leg.duration : 1;
  if (k >= 1) return { x: leg.targetX, y: leg.targetY, done: true };
  const t = Math.max(0, k);
  const along = leg.waypoints && leg.waypoints.length >= 2 ? pointAlong(leg.waypoints, t) : null;
  const x = along ? along.x : leg.startX + (leg.targetX - leg.startX) * t;
  const y = along ? along.y : leg.startY + (leg.targetY - leg.startY) * t;
  if (Math.hypot(leg.targetX - x, leg.targetY - y) <= NPC_SNAP_UNITS) return { x: leg.targetX, y: leg.targetY, done: true };
  return { x, y, done: false };
}

/** Epoch ms of an ISO time; the typed client may already have turned it into a Date (Eden parses ISO strings). */
export function epochOf(t: unknown): number {
  if (t instanceof Date) return t.getTime();
  return typeof t === 'string' ? Date.parse(t) : Number.NaN;
}

export class NpcMotion {
  private leg: Leg | null = null;

  constructor(
    private x: number,
    private y: number,
  ) {}

  /** A journey starts now (npc_movement_journey). */
  journey(j: JourneyInput, now: number): void {
    this.leg = { ...j, t0: now };
  }

  /**
   * The NPC list's view: a journey that started at `startAt` (ISO, server time; `epochNow` is Date.now()), or a
   * place. A journey the live frames already gave (same start and target) is kept, so a poll never makes it jump.
   */
  fromList(
    v: { x: number; y: number; journey: (JourneyInput & { startAt: string }) | null },
    now: number,
    epochNow: number,
  ): void {
    const j = v.journey;
    if (!j) {
      // The list says it stands still; a journey of ours that the list has not caught up with yet goes on.
      if (this.leg && !legAt(this.leg, now).done) return;
      this.leg = null;
      this.x = v.x;
      this.y = v.y;
      return;
    }
    const same =
      this.leg &&
      this.leg.startX === j.startX &&
      this.leg.startY === j.startY &&
      this.leg.targetX === j.targetX &&
      this.leg.targetY === j.targetY;
    if (same) return;
    const started = epochOf(j.startAt);
    const elapsed = Number.isFinite(started) ? Math.max(0, epochNow - started) : 0;
    this.leg = {
      startX: j.startX,
      startY: j.startY,
      targetX: j.targetX,
      targetY: j.targetY,
      duration: j.duration,
      purpose: j.purpose,
      t0: now - elapsed,
    };
  }

  /** The journey ended here (npc_arrival). */
  arrive(x: number, y: number): void {
    this.leg = null;
    this.x = x;
    this.y = y;
  }

  at(now: number): NpcPlace {
    const leg = this.leg;
    if (leg) {
      const p = legAt(leg, now);
      if (!p.done) return { x: p.x, y: p.y, moving: true, purpose: leg.purpose, target: { x: leg.targetX, y: leg.targetY } };
      // Arrived (snapped): it stays there until told otherwise.
      this.leg = null;
      this.x = p.x;
      this.y = p.y;
    }
    return { x: this.x, y: this.y, moving: false, purpose: null, target: null };
  }
}
