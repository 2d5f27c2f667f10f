import { type Passable, walkPath } from './walking.ts';
import { MOVE_BURST_SECONDS, MOVE_SLACK_FACTOR, MOVE_SLACK_UNITS, PLAYER_SPEED_UNITS_PER_SECOND } from './world.ts';

/**
 * Where a walker stands and how much ground it may still cover. The budget belongs to the player in a world,
 * not to a report or a connection: it refills with time at the honest speed (plus slack for jitter) up to a
 * small cap, and every accepted step spends its length. Many small reports therefore buy no extra ground, and
 * reconnecting buys none either.
 */
export interface MoveState {
  x: number;
  y: number;
  /** World units the walker may still cover, as of `at`. */
  budget: number;
  /** When `budget` was last brought up to date, in ms. */
  at: number;
}

export interface MoveRules {
  /** Half the world's width in world units: positions must lie in [-extent, extent]. */
  worldExtent: number;
  /** Whether a walker may stand on the tile holding this world position. */
  isPassable: Passable;
}

export type MoveDecision = { accepted: true; state: MoveState } | { accepted: false; reason: string };

/** Ground the budget regains per second: the honest speed with the latency factor. */
export const MOVE_BUDGET_REFILL_PER_SECOND = PLAYER_SPEED_UNITS_PER_SECOND * MOVE_SLACK_FACTOR;
/**
 * The fullest a budget gets: a few seconds of walking plus the fixed slack, so reports held back by a network
 * stall are still accepted when they arrive together, while a long pause never licenses a teleport.
 */
export const MOVE_BUDGET_CAP = MOVE_BUDGET_REFILL_PER_SECOND * MOVE_BURST_SECONDS + MOVE_SLACK_UNITS;

/** A walker that has just appeared (spawned, loaded after a restart) starts with a full budget. */
export function freshMoveState(x: number, y: number, now: number): MoveState {
  return { x, y, budget: MOVE_BUDGET_CAP, at: now };
}

/** The fullest a budget gets at `pace` (a share of full speed: api/game/carrying.ts paceAt); the slack stays whole. */
export function budgetCap(pace = 1): number {
  return MOVE_BUDGET_REFILL_PER_SECOND * pace * MOVE_BURST_SECONDS + MOVE_SLACK_UNITS;
}

/**
 * The budget as of `now`: what was left, plus what the elapsed time refilled at `pace` (a heavy pack walks slower:
 * api/game/carrying.ts), up to the cap.
 */
export function budgetAt(state: MoveState, now: number, pace = 1): number {
  const elapsed = Math.max(0, now - state.at) / 1000;
  return Math.min(budgetCap(pace), state.budget + elapsed * MOVE_BUDGET_REFILL_PER_SECOND * pace);
}

/** The walker's state as of `now` under the pace it has walked at, ready to refill at a new pace from here on. */
export function settledAt(state: MoveState, now: number, pace: number): MoveState {
  return { ...state, budget: budgetAt(state, now, pace), at: Math.max(state.at, now) };
}

/**
 * Decides whether a reported position is one the player could have walked to: inside the world, within the
 * player's distance budget, and along a straight path that never crosses an impassable tile (walkPath, the rule
 * the browser walks by). An accepted move
 * spends its length; a refused one spends nothing and leaves the walker where it was.
 */
export function decideMove(from: MoveState, to: { x: number; y: number }, now: number, rules: MoveRules, pace = 1): MoveDecision {
  if (!Number.isFinite(to.x) || !Number.isFinite(to.y)) return { accepted: false, reason: 'Position must be finite' };
  if (Math.abs(to.x) > rules.worldExtent || Math.abs(to.y) > rules.worldExtent) {
    return { accepted: false, reason: 'That position is outside the world' };
  }
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const distance = Math.hypot(dx, dy);
  const budget = budgetAt(from, now, pace);
  if (distance > budget) return { accepted: false, reason: 'Too far to have walked there' };
  if (walkPath(from, to, rules.isPassable).blocked) {
    return { accepted: false, reason: 'The way is blocked by water or mountains' };
  }
  return { accepted: true, state: { x: to.x, y: to.y, budget: budget - distance, at: now } };
}
