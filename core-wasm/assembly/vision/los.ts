/**
 * Line of sight over a square window of side 2·half + 1 centred on the viewer's tile (LOS_TERRAIN → LOS_MASK).
 *
 * Rule: tile T is visible when it lies within the vision radius (dx² + dy² ≤ radius²) and the terrain cost along the
 * straight segment from the centre of the viewer's tile to the centre of T is at most the budget. The cost along a
 * segment is Σ cost(tile) × (length of the segment inside that tile), in tile units, over every tile the segment
 * passes through except the viewer's own tile and T itself:
 * - the viewer's tile does not count (standing in a forest you still see out of it);
 * - T's own cost does not count (you see the first forest tile at the edge of a wood, not the one behind it);
 * - tiles the segment only touches at a corner do not count (zero length inside them).
 * Weighting by length makes the reach over uniform ground a circle, and the rule is symmetric: A sees B exactly
 * when B sees A (same radius and budget), because both look along the same segment. Every tile is decided on its
 * own segment, so there are no holes or leaks behind corners.
 *
 * Exactness: costs are integer tenths and every weight is a rational with denominator 2·dy, so the sum is an exact
 * integer and the final comparison is done squared in i64: no rounding decides a tile. core-wasm/reference/los.ts
 * walks each segment with a plain floating-point DDA; the tests compare the two.
 *
 * Algorithm: a target (dx, dy) with 0 ≤ dy ≤ dx is walked column by column along the major axis (Bresenham-style
 * integer stepping, at most two tiles per column). The eight octants' targets (±dx, ±dy), (±dy, ±dx) have exactly the
 * same columns and weights, only different tiles, so they are walked together: the costs are first re-laid so that
 * the 8 octants' tile pairs for one (column, row) are 32 adjacent bytes (LOS_OCTANT_COSTS), and each column step
 * is two i32x4.dot_i16x8_s (cost × weight for both tiles of the column, 4 octants each). The walk stops once all 8 sums exceed the budget; targets whose cheapest possible cost
 * (cheapest terrain × length) exceeds the budget are never walked.
 */
import { BIOME_COUNT, TERRAIN_COST_TENTHS } from '../generated/constants';
import { LOS_COST, LOS_MASK, LOS_OCTANT_BYTES, LOS_OCTANT_COSTS, LOS_TERRAIN } from '../buffers';

/** Biome code → cost in tenths, as an i8x16.swizzle table; unknown codes cost the most expensive biome. */
const COST_LUT: usize = memory.data(16, 16);
let MIN_COST: i32 = 255;
let MAX_COST: i32 = 0;
for (let i = 0; i < BIOME_COUNT; i++) {
  const c = load<i32>(TERRAIN_COST_TENTHS + (<usize>i << 2));
  MIN_COST = min(MIN_COST, c);
  MAX_COST = max(MAX_COST, c);
}
for (let i = 0; i < 16; i++) {
  store<u8>(COST_LUT + <usize>i, <u8>(i < BIOME_COUNT ? load<i32>(TERRAIN_COST_TENTHS + (<usize>i << 2)) : MAX_COST));
}

/** Pointer steps (major, minor) of the 8 octants, for a window of side `side`. */
const SP: usize = memory.data(8 * 4, 16);
const SS: usize = memory.data(8 * 4, 16);

function setOctantSteps(side: i32): void {
  // (major, minor): (+x,+y) (+y,+x) (+y,−x) (−x,+y) (−x,−y) (−y,−x) (−y,+x) (+x,−y)
  store<i32>(SP, 1); store<i32>(SS, side);
  store<i32>(SP + 4, side); store<i32>(SS + 4, 1);
  store<i32>(SP + 8, side); store<i32>(SS + 8, -1);
  store<i32>(SP + 12, -1); store<i32>(SS + 12, side);
  store<i32>(SP + 16, -1); store<i32>(SS + 16, -side);
  store<i32>(SP + 20, -side); store<i32>(SS + 20, -1);
  store<i32>(SP + 24, -side); store<i32>(SS + 24, 1);
  store<i32>(SP + 28, 1); store<i32>(SS + 28, -side);
}

/** Fills LOS_OCTANT_COSTS for columns 0 ≤ i < columns (rows 0..i). */
function layOutOctants(centre: i32, columns: i32): void {
  let q = LOS_OCTANT_COSTS;
  for (let i = 0; i < columns; i++) {
    for (let r = 0; r <= i; r++) {
      for (let o: usize = 0; o < 8; o++) {
        const at = centre + i * load<i32>(SP + (o << 2)) + r * load<i32>(SS + (o << 2));
        const ss = load<i32>(SS + (o << 2));
        store<u16>(q + (o << 2), load<u8>(LOS_COST + <usize>at));
        store<u16>(q + (o << 2) + 2, load<u8>(LOS_COST + <usize>(at + ss)));
      }
      q += LOS_OCTANT_BYTES;
    }
  }
}

@inline function markIfVisible(sum: i32, lane: usize, centre: i32, dx: i32, dy: i32, rhs: i64, d2: i64): void {
  if (<i64>sum * <i64>sum * d2 <= rhs * rhs) {
    const at = centre + dx * load<i32>(SP + (lane << 2)) + dy * load<i32>(SS + (lane << 2));
    store<u8>(LOS_MASK + <usize>at, 1);
  }
}

/** Walks target (dx, dy) in all 8 octants at once and marks the visible ones. d = √(dx² + dy²). */
function walk(centre: i32, dx: i32, dy: i32, budget: i32, d: f64): void {
  // Column i (1 ≤ i < dx) spans [U, U + 2dy] in units of 1/(2dx) tile, U = (2i − 1)·dy + dx measured from the bottom
  // edge of row 0; rows are 2dx tall. `rem` is U mod 2dx and `row` the row that holds U.
  const full = dy > 0 ? 2 * dy : 1; // weight of a whole column
  const twoDx = 2 * dx;
  const twoDy = 2 * dy;
  // A sum may not exceed budget·full·dx / d; once all 8 do (+1 absorbs float rounding), stop walking.
  const limit = i32x4.splat(<i32>((<f64>budget * <f64>full * <f64>dx) / d) + 1);
  let rem = dx + dy;
  let row = 0;
  if (rem >= twoDx) {
    rem -= twoDx;
    row = 1;
  }
  let lo = i32x4.splat(0); // sums of octants 0..3
  let hi = i32x4.splat(0); // sums of octants 4..7
  // Entry (i, row) is at LOS_OCTANT_COSTS + (i(i + 1)/2 + row)·32; column 1 starts at entry 1.
  let q = LOS_OCTANT_COSTS + (<usize>(1 + row) << 5);
  for (let i = 1; i < dx; i++) {
    // Weight of the next row: the part of the column above the row boundary (0 when the segment stays in the row).
    const wHi = max(0, rem + twoDy - twoDx);
    const weights = i32x4.splat((full - wHi) | (wHi << 16));
    lo = i32x4.add(lo, i32x4.dot_i16x8_s(v128.load(q), weights));
    hi = i32x4.add(hi, i32x4.dot_i16x8_s(v128.load(q, 16), weights));
    if ((i & 7) == 0 && i32x4.bitmask(i32x4.gt_s(i32x4.min_s(lo, hi), limit)) == 0xf) return;
    // Next column: i + 1 entries further, plus one when the row steps up.
    rem += twoDy;
    const carry = rem >= twoDx;
    rem -= carry ? twoDx : 0;
    q += <usize>(i + 1 + <i32>carry) << 5;
  }
  // cost = sum / full × d / dx (tenths) ≤ budget  ⇔  sum²·d² ≤ (budget·full·dx)², exactly in i64.
  const rhs = <i64>budget * <i64>full * <i64>dx;
  const d2 = <i64>(dx * dx + dy * dy);
  markIfVisible(i32x4.extract_lane(lo, 0), 0, centre, dx, dy, rhs, d2);
  markIfVisible(i32x4.extract_lane(lo, 1), 1, centre, dx, dy, rhs, d2);
  markIfVisible(i32x4.extract_lane(lo, 2), 2, centre, dx, dy, rhs, d2);
  markIfVisible(i32x4.extract_lane(lo, 3), 3, centre, dx, dy, rhs, d2);
  markIfVisible(i32x4.extract_lane(hi, 0), 4, centre, dx, dy, rhs, d2);
  markIfVisible(i32x4.extract_lane(hi, 1), 5, centre, dx, dy, rhs, d2);
  markIfVisible(i32x4.extract_lane(hi, 2), 6, centre, dx, dy, rhs, d2);
  markIfVisible(i32x4.extract_lane(hi, 3), 7, centre, dx, dy, rhs, d2);
}

/**
 * Computes LOS_MASK from LOS_TERRAIN for a window of half-size `half` (radius < half + 1), a vision radius in tiles
 * and a budget in tenths. Returns the number of visible tiles.
 */
export function computeLos(half: i32, radius: f64, budget: i32): i32 {
  const side = 2 * half + 1;
  const n = side * side;
  const lut = v128.load(COST_LUT);
  for (let i = 0; i < n; i += 16) {
    // min_u keeps stray codes ≥ 16 on entry 15 (swizzle would read them as cost 0).
    const codes = i8x16.min_u(v128.load(LOS_TERRAIN + <usize>i), i8x16.splat(15));
    v128.store(LOS_COST + <usize>i, i8x16.swizzle(lut, codes));
  }
  // Clear whole 16-byte blocks: the count below reads them, and a larger earlier window may have left 1s there.
  memory.fill(LOS_MASK, 0, <usize>((n + 15) & ~15));
  const centre = half * side + half;
  store<u8>(LOS_MASK + <usize>centre, 1);

  // The cheapest cost of target (dx, dy) is minCost·(dx − 1)·d/dx: past the budget (+0.5 tenth for float safety),
  // nothing farther along a row, nor any later row, can be visible.
  const minCost = <f64>MIN_COST;
  const bound = <f64>budget + 0.5;
  let maxDx = half;
  while (maxDx > 1 && minCost * <f64>(maxDx - 1) > bound) maxDx--;
  setOctantSteps(side);
  layOutOctants(centre, maxDx);
  const r2 = radius * radius;
  for (let dx = 1; dx <= maxDx; dx++) {
    for (let dy = 0; dy <= dx; dy++) {
      const d2 = <f64>(dx * dx + dy * dy);
      if (d2 > r2) break;
      const d = Math.sqrt(d2);
      if (minCost * <f64>(dx - 1) * d > bound * <f64>dx) break;
      if (dx == 1) {
        // Nothing lies between the viewer and its neighbours.
        for (let o: usize = 0; o < 8; o++) {
          store<u8>(LOS_MASK + <usize>(centre + dx * load<i32>(SP + (o << 2)) + dy * load<i32>(SS + (o << 2))), 1);
        }
      } else {
        walk(centre, dx, dy, budget, d);
      }
    }
  }

  let counts = i32x4.splat(0);
  for (let i = 0; i < n; i += 16) {
    counts = i32x4.add(counts, i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u(v128.load(LOS_MASK + <usize>i))));
  }
  return i32x4.extract_lane(counts, 0) + i32x4.extract_lane(counts, 1) + i32x4.extract_lane(counts, 2) + i32x4.extract_lane(counts, 3);
}
