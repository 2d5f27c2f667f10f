/**
 * The local survivor's walk, pure: toward a clicked target or in a keyboard direction at the server's speed
 * (60 units/s = 1 unit per 60 Hz frame), never into water or mountains. Each step is judged by walkPath, the very
 * rule the server's referee (api/game/movement.ts) applies to the reported moves: api/game/walking.ts.
 */
import { type Passable, type Point, walkPath } from '../../../../api/game/walking.ts';
import { ARRIVAL_THRESHOLD, PLAYER_SPEED_UNITS_PER_SECOND } from '../../../../api/game/world.ts';

export type { Passable, Point };

export interface StepResult extends Point {
  /** Within ARRIVAL_THRESHOLD of the target. */
  arrived: boolean;
  /** Stopped at the edge of impassable ground. */
  blocked: boolean;
}

/** The farthest point of the straight segment from → to that can be walked (the shared walkPath rule). */
export const walkable = walkPath;

/** One frame of walking toward `target` (dt in seconds). */
export function stepToward(
  pos: Point,
  target: Point,
  dt: number,
  passable: Passable,
  speed = PLAYER_SPEED_UNITS_PER_SECOND,
): StepResult {
  const dx = target.x - pos.x;
  const dy = target.y - pos.y;
  const dist = Math.hypot(dx, dy);
  if (dist <= ARRIVAL_THRESHOLD) return { x: pos.x, y: pos.y, arrived: true, blocked: false };
  const travel = Math.min(dist, speed * Math.max(0, dt));
  const to = { x: pos.x + (dx / dist) * travel, y: pos.y + (dy / dist) * travel };
  const { point, blocked } = walkable(pos, to, passable);
  const arrived = !blocked && Math.hypot(target.x - point.x, target.y - point.y) <= ARRIVAL_THRESHOLD;
  return { x: point.x, y: point.y, arrived, blocked };
}

/**
 * One frame of keyboard walking in direction (dirX, dirY) (any length; normalised here). Blocked diagonally, it
 * slides along whichever axis is free, as players expect at a shore.
 */
export function stepInDirection(
  pos: Point,
  dirX: number,
  dirY: number,
  dt: number,
  passable: Passable,
  speed = PLAYER_SPEED_UNITS_PER_SECOND,
): StepResult {
  const len = Math.hypot(dirX, dirY);
  if (len === 0) return { x: pos.x, y: pos.y, arrived: true, blocked: false };
  const travel = speed * Math.max(0, dt);
  const tries: Point[] = [{ x: (dirX / len) * travel, y: (dirY / len) * travel }];
  if (dirX !== 0 && dirY !== 0) tries.push({ x: Math.sign(dirX) * travel, y: 0 }, { x: 0, y: Math.sign(dirY) * travel });
  let best: StepResult = { x: pos.x, y: pos.y, arrived: false, blocked: true };
  for (const d of tries) {
    const { point, blocked } = walkable(pos, { x: pos.x + d.x, y: pos.y + d.y }, passable);
    if (!blocked) return { x: point.x, y: point.y, arrived: false, blocked: false };
    if (best.x === pos.x && best.y === pos.y) best = { x: point.x, y: point.y, arrived: false, blocked: true };
  }
  return best;
}

/** Keyboard keys held → a direction (WASD and arrows; opposite keys cancel). */
export function directionFromKeys(held: ReadonlySet<string>): Point {
  const k = (...codes: string[]) => codes.some((c) => held.has(c));
  const x = (k('KeyD', 'ArrowRight') ? 1 : 0) - (k('KeyA', 'ArrowLeft') ? 1 : 0);
  const y = (k('KeyS', 'ArrowDown') ? 1 : 0) - (k('KeyW', 'ArrowUp') ? 1 : 0);
  return { x, y };
}

export const MOVEMENT_KEYS = new Set(['KeyW', 'KeyA', 'KeyS', 'KeyD', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);
