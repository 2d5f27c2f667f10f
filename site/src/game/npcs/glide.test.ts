import { describe, expect, test } from 'bun:test';
import { NPC_SNAP_UNITS } from '../../../../api/game/npcs.ts';
import { epochOf, legAt, NpcMotion } from './glide.ts';

const out = { startX: 0, startY: 0, targetX: 100, targetY: 0, duration: 1000, purpose: 'scavenge' };

describe('NPC journeys on the map', () => {
  test('a journey is a straight line walked in its duration, snapped onto the target within 5 units', () => {
    const leg = { ...out, t0: 500 };
    expect(legAt(leg, 500)).toEqual({ x: 0, y: 0, done: false });
    expect(legAt(leg, 400)).toEqual({ x: 0, y: 0, done: false }); // not started yet: at the start
    expect(legAt(leg, 1000)).toEqual({ x: 50, y: 0, done: false });
    expect(legAt(leg, 1440)).toEqual({ x: 94, y: 0, done: false });
    // 95 of 100: within NPC_SNAP_UNITS of the target.
    expect(NPC_SNAP_UNITS).toBe(5);
    expect(legAt(leg, 1450)).toEqual({ x: 100, y: 0, done: true });
    expect(legAt(leg, 9999)).toEqual({ x: 100, y: 0, done: true });
    expect(legAt({ ...leg, duration: 0 }, 500)).toEqual({ x: 100, y: 0, done: true });
  });

  test('a journey with waypoints is walked along them at an even pace (round the lake, not across it)', () => {
    // Start (0, 0) → (0, 30) → (40, 30) → target (40, 0): 100 units in 1 s.
    const waypoints = [
      { x: 0, y: 0 },
      { x: 0, y: 30 },
      { x: 40, y: 30 },
      { x: 40, y: 0 },
    ];
    const leg = { startX: 0, startY: 0, targetX: 40, targetY: 0, duration: 1000, purpose: 'scavenge', waypoints, t0: 0 };
    expect(legAt(leg, 150)).toEqual({ x: 0, y: 15, done: false });
    expect(legAt(leg, 500)).toEqual({ x: 20, y: 30, done: false });
    expect(legAt(leg, 800)).toEqual({ x: 40, y: 20, done: false });
    expect(legAt(leg, 1000)).toEqual({ x: 40, y: 0, done: true });
    // An old server's frame (no waypoints) still walks the straight line.
    expect(legAt({ ...leg, waypoints: undefined }, 500)).toEqual({ x: 20, y: 0, done: false });
  });

  test('a journey frame marks it moving; it stays on the target when done; an arrival places and stops it', () => {
    const m = new NpcMotion(0, 0);
    expect(m.at(0)).toEqual({ x: 0, y: 0, moving: false, purpose: null, target: null });
    m.journey(out, 1000);
    expect(m.at(1500)).toEqual({ x: 50, y: 0, moving: true, purpose: 'scavenge', target: { x: 100, y: 0 } });
    expect(m.at(2100)).toEqual({ x: 100, y: 0, moving: false, purpose: null, target: null });
    expect(m.at(5000)).toMatchObject({ x: 100, y: 0, moving: false });
    m.journey({ ...out, startX: 100, targetX: 0, purpose: 'return' }, 6000);
    expect(m.at(6250)).toMatchObject({ x: 75, moving: true, purpose: 'return' });
    m.arrive(40, 7);
    expect(m.at(6300)).toEqual({ x: 40, y: 7, moving: false, purpose: null, target: null });
  });

  test('the list places it on a journey that started at startAt (server time), and never restarts a known one', () => {
    const m = new NpcMotion(0, 0);
    const startAt = new Date(10_000).toISOString();
    m.fromList({ x: 0, y: 0, journey: { ...out, startAt } }, 100_000, 10_250);
    expect(m.at(100_000)).toMatchObject({ x: 25, moving: true });
    // The live frame said the same journey started a little later here: the poll keeps the live one.
    const live = new NpcMotion(0, 0);
    live.journey(out, 50_000);
    live.fromList({ x: 0, y: 0, journey: { ...out, startAt } }, 50_100, 10_900);
    expect(live.at(50_100)).toMatchObject({ x: 10, moving: true });
    // The typed client hands ISO times over as Dates.
    const d = new NpcMotion(0, 0);
    d.fromList({ x: 0, y: 0, journey: { ...out, startAt: new Date(10_000) as unknown as string } }, 0, 10_500);
    expect(d.at(0)).toMatchObject({ x: 50, moving: true });
    expect(epochOf('nonsense')).toBeNaN();
  });

  test('a list without a journey places it, unless a live journey the list has not seen is still under way', () => {
    const m = new NpcMotion(0, 0);
    m.fromList({ x: 30, y: 40, journey: null }, 0, 0);
    expect(m.at(0)).toMatchObject({ x: 30, y: 40, moving: false });
    m.journey(out, 1000);
    m.fromList({ x: 30, y: 40, journey: null }, 1500, 0);
    expect(m.at(1500)).toMatchObject({ x: 50, moving: true });
    m.fromList({ x: 100, y: 0, journey: null }, 3000, 0);
    expect(m.at(3000)).toMatchObject({ x: 100, y: 0, moving: false });
  });
});
