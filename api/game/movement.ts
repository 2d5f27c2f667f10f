import { MOVE_SLACK_FACTOR, MOVE_SLACK_UNITS, PLAYER_SPEED_UNITS_PER_SECOND } from '../contract/world.ts';

export interface TimedPosition {
  x: number;
  y: number;
  /** When this position was accepted, in ms. */
  at: number;
}

export interface MoveRules {
  /** Half the world's width in world units: positions must lie in [-extent, extent]. */
  worldExtent: number;
  /** Tile edge in world units: the path is checked at least once per half tile. */
  tileSize: number;
  /** Whether a walker may stand on the tile holding this world position. */
  isPassable(x: number, y: number): boolean;
}

export type MoveDecision = { accepted: true; position: TimedPosition } | { accepted: false; reason: string };

/** An idle walker does not bank travel time beyond this: a long pause never licenses a teleport. */
export const MAX_ELAPSED_CREDIT_MS = 10_000;

/** The farthest an honest client can have walked since `from`, with slack for latency and jitter. */
export function reachableDistance(fromAt: number, now: number): number {
  const elapsed = Math.min(Math.max(0, now - fromAt), MAX_ELAPSED_CREDIT_MS) / 1000;
  return PLAYER_SPEED_UNITS_PER_SECOND * elapsed * MOVE_SLACK_FACTOR + MOVE_SLACK_UNITS;
}

/**
 * Decides whether a reported position is one the player could have walked to: inside the world, within
 * reach in the elapsed time, and along a straight path that never crosses an impassable tile.
 */
export function decideMove(from: TimedPosition, to: { x: number; y: number }, now: number, rules: MoveRules): MoveDecision {
  if (!Number.isFinite(to.x) || !Number.isFinite(to.y)) return { accepted: false, reason: 'Position must be finite' };
  if (Math.abs(to.x) > rules.worldExtent || Math.abs(to.y) > rules.worldExtent) {
    return { accepted: false, reason: 'That position is outside the world' };
  }
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const distance = Math.hypot(dx, dy);
  if (distance > reachableDistance(from.at, now)) {
    return { accepted: false, reason: 'Too far to have walked there' };
  }
  const steps = Math.ceil(distance / (rules.tileSize / 2));
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    if (!rules.isPassable(from.x + dx * t, from.y + dy * t)) {
      return { accepted: false, reason: 'The way is blocked by water or mountains' };
    }
  }
  return { accepted: true, position: { x: to.x, y: to.y, at: now } };
}
