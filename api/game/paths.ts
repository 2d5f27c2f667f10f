/**
 * Walks planned around water and mountains: the WASM core's tile path (core.findPath, bounded A*) turned into
 * waypoints a walker can follow by the walking rule (api/game/walking.ts). Shared by the server's path route,
 * the NPC simulation and the page's click-to-walk, so all three walk the same way.
 *
 * A plan starts at the walker's exact position, ends at the exact target, and every leg between consecutive points
 * is at most PATH_WAYPOINT_TILES tiles long and passes walkPath (no leg hops over a tile the referee would refuse).
 */
import {
  type ChunkSource,
  type Core,
  MAX_VISION_RADIUS,
  PATH_WAYPOINT_TILES,
  TILE_SIZE,
  type TilePath,
  tileCentre,
  tileOfWorld,
} from '../../core-wasm/index.ts';
import { type Passable, type Point, walkPath } from './walking.ts';
import { IMPASSABLE, MOVE_SLACK_UNITS } from './world.ts';

/** The route's answer for a target no walk reaches (unreachable or beyond the search's bound). */
export const NO_PATH = 'No path';
/** The longest leg between two waypoints, in world units. */
export const WAYPOINT_UNITS = PATH_WAYPOINT_TILES * TILE_SIZE;
/**
 * How far the server's path route lets a walk start from where the server holds the survivor: a walker's own
 * position runs ahead of its last accepted report by about this much (the movement budget's slack).
 */
export const PATH_START_SLACK_UNITS = MOVE_SLACK_UNITS;
/**
 * The longest walk planned in one go, start to target in a straight line: as far as a survivor can ever see
 * (MAX_VISION_RADIUS tiles, binoculars on hills: 875 units). The server's path route refuses a longer one before any
 * terrain is made, and the page's click-to-walk walks straight towards a target beyond it instead of planning.
 */
export const PATH_MAX_UNITS = MAX_VISION_RADIUS * TILE_SIZE;

/** Whether a walk from `from` to `to` is longer than one plan covers (PATH_MAX_UNITS). */
export function beyondOnePlan(from: Point, to: Point): boolean {
  return Math.hypot(to.x - from.x, to.y - from.y) > PATH_MAX_UNITS;
}

export type PathPlan = { path: Point[]; length: number } | { status: 'unreachable' | 'too-far' };

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Total length of a walk through these points, in world units. */
export function walkLength(points: readonly Point[]): number {
  let length = 0;
  for (let i = 1; i < points.length; i++) length += dist(points[i - 1]!, points[i]!);
  return length;
}

/**
 * Waypoints along a tile path from `from` (inside its first tile) to `to` (inside its last): from each point, the
 * farthest tile centre ahead that is at most WAYPOINT_UNITS away and reachable in a straight, passable line.
 * The next tile is always taken when nothing farther is (an 8-neighbour's centre is at most 2.2 tiles away and,
 * without corner cutting, the way to it is passable).
 */
export function waypointsAlong(tiles: readonly { x: number; y: number }[], from: Point, to: Point, passable: Passable): Point[] {
  const ahead: Point[] = tiles.slice(1).map((t) => ({ x: tileCentre(t.x), y: tileCentre(t.y) }));
  // The last tile holds the target: the walk ends on the target itself, not on its tile's centre.
  const end = { x: to.x, y: to.y };
  if (ahead.length > 0) ahead[ahead.length - 1] = end;
  else ahead.push(end);
  const points: Point[] = [{ x: from.x, y: from.y }];
  let here: Point = points[0]!;
  let i = 0;
  while (i < ahead.length) {
    let best = i;
    for (let j = i + 1; j < ahead.length && dist(here, ahead[j]!) <= WAYPOINT_UNITS; j++) {
      if (!walkPath(here, ahead[j]!, passable).blocked) best = j;
    }
    here = ahead[best]!;
    points.push(here);
    i = best + 1;
  }
  return points;
}

/**
 * The walk from `from` to `to` (world units) over the world of `seed`: waypoints and length, or why there is none.
 * `chunks` supplies the terrain (a chunk cache), `passable` the walking rule's view of the same terrain.
 */
export function planPath(
  core: Pick<Core, 'findPath'>,
  seed: number,
  from: Point,
  to: Point,
  terrain: { chunks?: ChunkSource; passable: Passable },
): PathPlan {
  const tiles: TilePath = core.findPath({
    seed,
    fromTileX: tileOfWorld(from.x),
    fromTileY: tileOfWorld(from.y),
    toTileX: tileOfWorld(to.x),
    toTileY: tileOfWorld(to.y),
    blocked: IMPASSABLE,
    chunks: terrain.chunks,
  });
  if (tiles.status !== 'found') return { status: tiles.status };
  const path = waypointsAlong(tiles.tiles, from, to, terrain.passable);
  return { path, length: walkLength(path) };
}

/**
 * Where a walker is after `fraction` (0..1) of a walk through `points` at an even pace, and what is left of the
 * walk from there (that position first, then the waypoints still ahead). A walk of one point stays on it.
 */
export function restOfWalk(points: readonly Point[], fraction: number): Point[] {
  const total = walkLength(points);
  let left = Math.min(1, Math.max(0, fraction)) * total;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const leg = dist(a, b);
    if (left < leg || i === points.length - 1) {
      const t = leg > 0 ? Math.min(1, left / leg) : 1;
      const here = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      return t >= 1 ? [here] : [here, ...points.slice(i)];
    }
    left -= leg;
  }
  return [{ ...(points.at(-1) ?? { x: 0, y: 0 }) }];
}

/** The position after `fraction` of a walk through `points` (see restOfWalk). */
export function pointAlong(points: readonly Point[], fraction: number): Point {
  return restOfWalk(points, fraction)[0]!;
}
