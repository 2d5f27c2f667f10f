/**
 * Where a player's terrain reads may look: around their own survivor, as far as they can see or walk in one go. The
 * server judges by the survivor's position it holds (api/live/ownership.ts, on whichever process owns it); the page
 * asks only within these bounds (its click-to-walk plans no further than PATH_MAX_UNITS, api/game/paths.ts).
 */
import { chunkOfWorld } from '../../core-wasm/geometry.ts';
import { PATH_MAX_UNITS, PATH_START_SLACK_UNITS } from './paths.ts';
import { TERRAIN_READ_REACH_CHUNKS } from './world.ts';

type Point = { x: number; y: number };

export const PATH_START_FAR = `A path starts where your survivor stands (within ${PATH_START_SLACK_UNITS} units of it)`;
export const PATH_TOO_LONG = `A path reaches at most ${PATH_MAX_UNITS} units from its start: pick a nearer target`;
export const REGION_FAR = `Terrain is read around your survivor: a region's centre at most ${TERRAIN_READ_REACH_CHUNKS} chunks from the survivor's chunk`;

/** Whether a walk asked for from `from` starts where the survivor at `at` stands. */
export function startsAtSurvivor(from: Point, at: Point): boolean {
  return Math.hypot(from.x - at.x, from.y - at.y) <= PATH_START_SLACK_UNITS;
}

/** Whether a region centred on chunk (cx, cy) lies around the survivor at `at` (TERRAIN_READ_REACH_CHUNKS). */
export function regionAroundSurvivor(cx: number, cy: number, at: Point): boolean {
  return Math.max(Math.abs(cx - chunkOfWorld(at.x)), Math.abs(cy - chunkOfWorld(at.y))) <= TERRAIN_READ_REACH_CHUNKS;
}
