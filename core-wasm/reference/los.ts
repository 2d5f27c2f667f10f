/**
 * A straightforward line-of-sight reference in TypeScript, independent of the module's algorithm: for every tile in
 * the window, walk the segment from the viewer's tile centre to the tile's centre with an Amanatides–Woo grid
 * traversal in f64 and sum cost × length over the tiles it crosses, leaving out the viewer's tile and the target.
 * O(radius³): for tests and the benchmark's baseline, never for the game.
 */
import { TERRAIN_COST } from '../constants.ts';

/** Cost of the segment from the centre (0, 0) to the centre (dx, dy); cost(x, y) is the terrain cost at offset (x, y). */
export function segmentCost(cost: (x: number, y: number) => number, dx: number, dy: number): number {
  if (dx === 0 && dy === 0) return 0;
  const length = Math.hypot(dx, dy);
  const stepX = Math.sign(dx);
  const stepY = Math.sign(dy);
  const deltaX = dx === 0 ? Infinity : 1 / Math.abs(dx);
  const deltaY = dy === 0 ? Infinity : 1 / Math.abs(dy);
  // t runs from 0 (viewer) to 1 (target); the first tile border is half a tile away.
  let nextX = deltaX / 2;
  let nextY = deltaY / 2;
  let x = 0;
  let y = 0;
  let t = 0;
  let sum = 0;
  while (x !== dx || y !== dy) {
    const next = Math.min(nextX, nextY);
    if (x !== 0 || y !== 0) sum += cost(x, y) * (next - t) * length;
    t = next;
    if (nextX < nextY) {
      x += stepX;
      nextX += deltaX;
    } else if (nextY < nextX) {
      y += stepY;
      nextY += deltaY;
    } else {
      // Exactly through a corner: the tiles beside it are only touched, not crossed.
      x += stepX;
      y += stepY;
      nextX += deltaX;
      nextY += deltaY;
    }
  }
  return sum;
}

/**
 * Reference costs for a side × side window of biome codes with the viewer at the centre: cost[i] is the segment
 * cost to tile i (NaN outside the radius).
 */
export function referenceCosts(terrain: Uint8Array, radius: number): Float64Array {
  const side = Math.round(Math.sqrt(terrain.length));
  const half = (side - 1) / 2;
  const out = new Float64Array(terrain.length).fill(Number.NaN);
  const cost = (x: number, y: number) => TERRAIN_COST[terrain[(y + half) * side + (x + half)] as number] as number;
  for (let dy = -half; dy <= half; dy++) {
    for (let dx = -half; dx <= half; dx++) {
      if (dx * dx + dy * dy > radius * radius) continue;
      out[(dy + half) * side + (dx + half)] = segmentCost(cost, dx, dy);
    }
  }
  return out;
}

/** Reference visibility mask: 1 where within the radius and the segment cost is at most the budget. */
export function referenceMask(terrain: Uint8Array, radius: number, budget: number): Uint8Array {
  const costs = referenceCosts(terrain, radius);
  return Uint8Array.from(costs, (c) => (c <= budget + 1e-9 ? 1 : 0));
}
