import { describe, expect, test } from 'bun:test';
import {
  budgetAt,
  decideMove,
  freshMoveState,
  MOVE_BUDGET_CAP,
  MOVE_BUDGET_REFILL_PER_SECOND,
  type MoveRules,
  type MoveState,
} from './movement.ts';
import { PLAYER_SPEED_UNITS_PER_SECOND } from '../contract/world.ts';

const open: MoveRules = { worldExtent: 100_000, isPassable: () => true };
const start = freshMoveState(0, 0, 1_000);

/** Reports `n` steps of `step` units along x, `everyMs` apart; answers the accepted distance. */
function walk(from: MoveState, n: number, step: number, everyMs: number): { state: MoveState; covered: number; refused: number } {
  let state = from;
  let covered = 0;
  let refused = 0;
  for (let i = 1; i <= n; i++) {
    const d = decideMove(state, { x: state.x + step, y: 0 }, from.at + i * everyMs, open);
    if (d.accepted) {
      covered += step;
      state = d.state;
    } else refused += 1;
  }
  return { state, covered, refused };
}

describe('server-authoritative movement', () => {
  test('a walk at the spec speed is accepted, becomes the new position and spends its length', () => {
    const d = decideMove(start, { x: 60, y: 0 }, 2_000, open);
    expect(d.accepted).toBe(true);
    if (d.accepted) expect(d.state).toEqual({ x: 60, y: 0, at: 2_000, budget: MOVE_BUDGET_CAP - 60 });
  });

  test('an honest walker at 60 units/s reporting 10 times a second is never refused, for minutes', () => {
    const { covered, refused } = walk(start, 3_000, PLAYER_SPEED_UNITS_PER_SECOND / 10, 100);
    expect(refused).toBe(0);
    expect(covered).toBeCloseTo(18_000);
  });

  test('many tiny reports buy no extra ground: one second of reports covers at most the cap', () => {
    // The probe: 894 reports of 9 units in one second were all accepted (7,897 units where 115 were allowed).
    const { covered } = walk(start, 894, 9, 1);
    expect(covered).toBeLessThanOrEqual(MOVE_BUDGET_CAP + MOVE_BUDGET_REFILL_PER_SECOND);
  });

  test('sustained speed is bounded by the refill rate however the reports are cut', () => {
    const minute = 60_000;
    for (const everyMs of [1, 10, 50, 100, 1000]) {
      const { covered } = walk(start, minute / everyMs, 200, everyMs);
      expect(covered / 60).toBeLessThanOrEqual(MOVE_BUDGET_REFILL_PER_SECOND + MOVE_BUDGET_CAP / 60);
    }
  });

  test('a teleport is rejected and spends nothing', () => {
    const d = decideMove(start, { x: 5_000, y: 0 }, 2_000, open);
    expect(d.accepted).toBe(false);
    if (!d.accepted) expect(d.reason).toMatch(/Too far/);
    expect(decideMove(start, { x: 100, y: 0 }, 2_000, open).accepted).toBe(true);
  });

  test('reports held back by a stall and delivered together still pass', () => {
    // Three seconds of honest walking arrive at once after a stall.
    let state = start;
    for (let i = 1; i <= 30; i++) {
      const d = decideMove(state, { x: i * 6, y: 0 }, start.at + 3_000, open);
      expect(d.accepted).toBe(true);
      if (d.accepted) state = d.state;
    }
  });

  test('idle time refills the budget only up to the cap', () => {
    const spent: MoveState = { x: 0, y: 0, budget: 0, at: 0 };
    expect(budgetAt(spent, 1_000)).toBeCloseTo(MOVE_BUDGET_REFILL_PER_SECOND);
    expect(budgetAt(spent, 3_600_000)).toBe(MOVE_BUDGET_CAP);
    expect(decideMove(spent, { x: MOVE_BUDGET_CAP + 1, y: 0 }, 3_600_000, open).accepted).toBe(false);
    expect(decideMove(spent, { x: MOVE_BUDGET_CAP - 1, y: 0 }, 3_600_000, open).accepted).toBe(true);
  });

  test('positions outside the world and non-finite ones are rejected', () => {
    const small = { ...open, worldExtent: 50 };
    expect(decideMove(freshMoveState(40, 0, 0), { x: 51, y: 0 }, 1_000, small).accepted).toBe(false);
    expect(decideMove(start, { x: Number.NaN, y: 0 }, 2_000, open).accepted).toBe(false);
  });

  test('a path crossing an impassable strip is rejected even when both ends are passable', () => {
    const river: MoveRules = { ...open, isPassable: (x) => !(x >= 20 && x < 25) };
    const d = decideMove(start, { x: 40, y: 0 }, 2_000, river);
    expect(d.accepted).toBe(false);
    if (!d.accepted) expect(d.reason).toMatch(/blocked/);
    expect(decideMove(start, { x: 15, y: 0 }, 2_000, river).accepted).toBe(true);
  });
});
