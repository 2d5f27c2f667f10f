import { Biome } from '../../core-wasm/constants.ts';
import { IMPASSABLE } from './world.ts';

/** Ground a newcomer may appear on (wiki: Getting Started). */
export const SPAWN_GROUND = new Set<number>([Biome.plains, Biome.desert, Biome.hills]);

/**
 * Where a new survivor appears (wiki: Getting Started, Exploration). The usual spot is a safe tile within about 100
 * units of the origin (api/modules/world/terrain.ts spawnPoint); it stands while any of its `nearSites` nearest
 * sites has significance left. Once the first players have picked those clean, the newcomer appears at the nearest
 * site with significance left on safe ground instead, searched over the usual spot's chunk and `searchChunks`
 * rings of chunks round it (5 × 5 chunks, about 375 sites, at least 1,280 units each way): one read of their states.
 */
export const SPAWN_RULES = {
  nearSites: 3,
  searchChunks: 2,
} as const;

/** A site near the usual spot with its significance now (after recovery) and the biome of its tile. */
export interface SpawnCandidate {
  id: string;
  x: number;
  y: number;
  ground: number;
  significance: number;
}

/** Walkable candidates nearest the usual spot first (ties by id): the order both rules below read. */
function nearestWalkable<C extends Omit<SpawnCandidate, 'significance'>>(
  usual: { x: number; y: number },
  candidates: readonly C[],
): C[] {
  const d = (c: C) => Math.hypot(c.x - usual.x, c.y - usual.y);
  return candidates
    .filter((c) => !IMPASSABLE.has(c.ground))
    .map((c) => ({ c, d: d(c) }))
    .sort((a, b) => a.d - b.d || (a.c.id < b.c.id ? -1 : a.c.id > b.c.id ? 1 : 0))
    .map((e) => e.c);
}

/**
 * Pure: the ids of the usual spot's nearest sites (SPAWN_RULES.nearSites, on walkable ground). While one of them has
 * significance left the newcomer stands at the usual spot, so a caller reads those few sites' states first and the
 * whole search area only when they are picked clean (`chooseSpawn` answers the same either way).
 */
export function nearSiteIds(
  usual: { x: number; y: number },
  candidates: readonly Omit<SpawnCandidate, 'significance'>[],
): string[] {
  return nearestWalkable(usual, candidates)
    .slice(0, SPAWN_RULES.nearSites)
    .map((c) => c.id);
}

/**
 * Pure: `nearSiteIds` read off a smaller area than the whole search, when that is enough: the ids when the nearest
 * sites (walkable) all lie within `covered` units of the usual spot, the distance from it to the area's nearest edge,
 * so no site outside the area can be nearer; null when the area must grow. A new world's first newcomer then
 * generates the 3 × 3 chunks round the usual spot instead of the 5 × 5 of the whole search.
 */
export function nearSiteIdsWithin(
  usual: { x: number; y: number },
  candidates: readonly Omit<SpawnCandidate, 'significance'>[],
  covered: number,
): string[] | null {
  const near = nearestWalkable(usual, candidates).slice(0, SPAWN_RULES.nearSites);
  if (near.length < SPAWN_RULES.nearSites) return null;
  const farthest = Math.hypot(near.at(-1)!.x - usual.x, near.at(-1)!.y - usual.y);
  return farthest < covered ? near.map((c) => c.id) : null;
}

/**
 * Pure: the usual spot while one of its nearest sites (on walkable ground) has significance left, else the nearest
 * site on safe ground that has some, else (every candidate picked clean) the usual spot after all.
 */
export function chooseSpawn(
  usual: { x: number; y: number },
  candidates: readonly SpawnCandidate[],
): { x: number; y: number; siteId?: string } {
  const walkable = nearestWalkable(usual, candidates);
  if (walkable.length === 0 || walkable.slice(0, SPAWN_RULES.nearSites).some((c) => c.significance > 0)) {
    return { x: usual.x, y: usual.y };
  }
  const site = walkable.find((c) => c.significance > 0 && SPAWN_GROUND.has(c.ground));
  return site ? { x: site.x, y: site.y, siteId: site.id } : { x: usual.x, y: usual.y };
}
