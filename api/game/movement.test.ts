import { describe, expect, test } from 'bun:test';
import { decideMove, MAX_ELAPSED_CREDIT_MS, reachableDistance, type MoveRules } from './movement.ts';

const open: MoveRules = { worldExtent: 10_000, tileSize: 5, isPassable: () => true };
const start = { x: 0, y: 0, at: 1_000 };

describe('server-authoritative movement', () => {
  test('a walk at the spec speed is accepted and becomes the new position', () => {
    const d = decideMove(start, { x: 60, y: 0 }, 2_000, open);
    expect(d).toEqual({ accepted: true, position: { x: 60, y: 0, at: 2_000 } });
  });

  test('a teleport is rejected', () => {
    const d = decideMove(start, { x: 5_000, y: 0 }, 2_000, open);
    expect(d.accepted).toBe(false);
    if (!d.accepted) expect(d.reason).toMatch(/Too far/);
  });

  test('slack covers latency but not much more', () => {
    const allowed = reachableDistance(start.at, 2_000);
    expect(decideMove(start, { x: allowed - 0.01, y: 0 }, 2_000, open).accepted).toBe(true);
    expect(decideMove(start, { x: allowed + 0.01, y: 0 }, 2_000, open).accepted).toBe(false);
  });

  test('idle time is credited only up to the cap', () => {
    const afterAnHour = start.at + 3_600_000;
    expect(reachableDistance(start.at, afterAnHour)).toBe(reachableDistance(start.at, start.at + MAX_ELAPSED_CREDIT_MS));
    expect(decideMove(start, { x: 5_000, y: 0 }, afterAnHour, open).accepted).toBe(false);
  });

  test('positions outside the world and non-finite ones are rejected', () => {
    const small = { ...open, worldExtent: 50 };
    expect(decideMove({ x: 40, y: 0, at: 0 }, { x: 51, y: 0 }, 1_000, small).accepted).toBe(false);
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
