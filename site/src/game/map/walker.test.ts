import { describe, expect, test } from 'bun:test';
import { ARRIVAL_THRESHOLD, PLAYER_SPEED_UNITS_PER_SECOND } from '../../../../api/game/world.ts';
import { directionFromKeys, stepInDirection, stepToward, walkable } from './walker.ts';

const open = () => true;
/** Water from x ≥ 100 (world units). */
const shoreAt100 = (x: number) => x < 100;

describe('walking', () => {
  test('walks toward the target at 60 units a second (1 unit per 60 Hz frame)', () => {
    const s = stepToward({ x: 0, y: 0 }, { x: 100, y: 0 }, 1 / 60, open);
    expect(s.x).toBeCloseTo(1, 9);
    expect(s).toMatchObject({ y: 0, arrived: false, blocked: false });
    const second = stepToward({ x: 0, y: 0 }, { x: 300, y: 400 }, 1, open);
    expect(second.x).toBeCloseTo(36, 9);
    expect(second.y).toBeCloseTo(48, 9);
    expect(PLAYER_SPEED_UNITS_PER_SECOND).toBe(60);
  });

  test('arrives within the threshold and never overshoots', () => {
    const s = stepToward({ x: 0, y: 0 }, { x: 10, y: 0 }, 1, open);
    expect(s).toEqual({ x: 10, y: 0, arrived: true, blocked: false });
    expect(stepToward({ x: 0, y: 0 }, { x: ARRIVAL_THRESHOLD / 2, y: 0 }, 1, open)).toMatchObject({ x: 0, arrived: true });
  });

  test('stops at the edge of water or mountains instead of walking in', () => {
    let p = { x: 90, y: 0 };
    let blocked = false;
    for (let i = 0; i < 120 && !blocked; i++) {
      const s = stepToward(p, { x: 200, y: 0 }, 1 / 60, (x) => shoreAt100(x));
      p = { x: s.x, y: s.y };
      blocked = s.blocked;
    }
    expect(blocked).toBe(true);
    expect(p.x).toBeLessThan(100);
    expect(p.x).toBeGreaterThan(97);
  });

  test('checks the path every half tile, so a fast step cannot hop over a thin river', () => {
    const river = (x: number) => !(x >= 50 && x < 55);
    expect(walkable({ x: 0, y: 0 }, { x: 100, y: 0 }, river)).toEqual({ point: { x: 47.5, y: 0 }, blocked: true });
  });

  test('keys give a direction; opposite keys cancel', () => {
    expect(directionFromKeys(new Set(['KeyW']))).toEqual({ x: 0, y: -1 });
    expect(directionFromKeys(new Set(['ArrowRight', 'KeyS']))).toEqual({ x: 1, y: 1 });
    expect(directionFromKeys(new Set(['KeyA', 'KeyD']))).toEqual({ x: 0, y: 0 });
  });

  test('keyboard walking is normalised diagonally and slides along a shore', () => {
    const d = stepInDirection({ x: 0, y: 0 }, 1, 1, 1, open);
    expect(Math.hypot(d.x, d.y)).toBeCloseTo(60, 9);
    const slide = stepInDirection({ x: 99.5, y: 0 }, 1, 1, 1 / 60, (x) => shoreAt100(x));
    expect(slide.blocked).toBe(false);
    expect(slide.x).toBe(99.5);
    expect(slide.y).toBeCloseTo(1, 9);
    expect(stepInDirection({ x: 99, y: 0 }, 1, 0, 1 / 60, (x) => shoreAt100(x))).toMatchObject({ x: 99, blocked: true });
  });
});
