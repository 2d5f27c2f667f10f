/**
 * A* over a window of tiles (PATH_TERRAIN, biome codes, row stride = width): 8-connected, no corner cutting (a
 * diagonal step needs both tiles beside it passable), every passable tile equally fast, so steps cost
 * PATH_STEP_STRAIGHT or PATH_STEP_DIAGONAL and the octile distance is an exact, consistent heuristic. A tile is
 * impassable when bit (biome code) of `blockedMask` is set; tiles outside the window are impassable too.
 *
 * Bounded: after PATH_MAX_EXPANDED expanded tiles the search gives up ("too far"), so one call costs at most a
 * fraction of a frame. Ties are broken towards the goal (the heap key is f, then h), which keeps the search on
 * a straight corridor over open ground instead of flooding the equal-cost diamond.
 *
 * Deterministic: integer costs, a fixed neighbour order and a plain binary heap; core-wasm/reference/path.ts is
 * the same algorithm in TypeScript and the tests compare the two tile for tile.
 */
import { PATH_MAX_EXPANDED, PATH_STEP_DIAGONAL, PATH_STEP_STRAIGHT } from '../generated/constants';
import {
  PATH_HEAP_KEY, PATH_HEAP_NODE, PATH_NODE_CLOSED, PATH_NODE_G, PATH_NODE_PARENT, PATH_NODE_TILE, PATH_OUT,
  PATH_SLOT_BITS, PATH_SLOT_NODE, PATH_SLOT_STAMP, PATH_SLOT_TILE, PATH_SLOTS, PATH_TERRAIN,
} from '../buffers';

/** Search results other than a path length. */
export const PATH_UNREACHABLE: i32 = -1;
export const PATH_TOO_FAR: i32 = -2;

let stamp: i32 = 0;
let nodeCount: i32 = 0;
let heapSize: i32 = 0;
let expanded: i32 = 0;
let lastExpanded: i32 = 0;

/** Neighbour order: E, W, S, N, SE, SW, NE, NW (the twin uses the same). */
const DX: StaticArray<i32> = [1, -1, 0, 0, 1, -1, 1, -1];
const DY: StaticArray<i32> = [0, 0, 1, -1, 1, 1, -1, -1];

@inline function blocked(tile: i32, mask: i32): bool {
  return ((mask >>> (<i32>load<u8>(PATH_TERRAIN + <usize>tile) & 31)) & 1) != 0;
}

@inline function octile(x: i32, y: i32, gx: i32, gy: i32): i32 {
  const dx = abs(x - gx);
  const dy = abs(y - gy);
  return PATH_STEP_STRAIGHT * (dx + dy) + (PATH_STEP_DIAGONAL - 2 * PATH_STEP_STRAIGHT) * min(dx, dy);
}

/**
 * Heap order: f, then h. f < 2^16 (g ≤ PATH_MAX_EXPANDED diagonal steps, h ≤ the window's octile size) and h < 2^15,
 * so the key is a non-negative i32.
 */
@inline function key(f: i32, h: i32): i32 {
  return (f << 15) | h;
}

/** The node of a window tile, created (cost `g`, parent) when the search has not met it: returns node | (isNew << 30). */
function nodeFor(tile: i32, g: i32, parent: i32): i32 {
  let slot = <i32>((<u32>tile * 2654435761) >>> (32 - PATH_SLOT_BITS));
  while (true) {
    const at = <usize>slot << 2;
    if (load<i32>(PATH_SLOT_STAMP + at) != stamp) {
      const n = nodeCount++;
      store<i32>(PATH_SLOT_STAMP + at, stamp);
      store<i32>(PATH_SLOT_TILE + at, tile);
      store<i32>(PATH_SLOT_NODE + at, n);
      const o = <usize>n << 2;
      store<i32>(PATH_NODE_TILE + o, tile);
      store<i32>(PATH_NODE_G + o, g);
      store<i32>(PATH_NODE_PARENT + o, parent);
      store<u8>(PATH_NODE_CLOSED + <usize>n, 0);
      return n | (1 << 30);
    }
    if (load<i32>(PATH_SLOT_TILE + at) == tile) return load<i32>(PATH_SLOT_NODE + at);
    slot = (slot + 1) & (PATH_SLOTS - 1);
  }
}

function push(key: i32, node: i32): void {
  let i = heapSize++;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const pk = load<i32>(PATH_HEAP_KEY + (<usize>parent << 2));
    if (key >= pk) break;
    store<i32>(PATH_HEAP_KEY + (<usize>i << 2), pk);
    store<i32>(PATH_HEAP_NODE + (<usize>i << 2), load<i32>(PATH_HEAP_NODE + (<usize>parent << 2)));
    i = parent;
  }
  store<i32>(PATH_HEAP_KEY + (<usize>i << 2), key);
  store<i32>(PATH_HEAP_NODE + (<usize>i << 2), node);
}

/** Removes the root; returns its node. */
function pop(): i32 {
  const top = load<i32>(PATH_HEAP_NODE);
  const size = --heapSize;
  const key = load<i32>(PATH_HEAP_KEY + (<usize>size << 2));
  const node = load<i32>(PATH_HEAP_NODE + (<usize>size << 2));
  let i = 0;
  while (true) {
    let c = 2 * i + 1;
    if (c >= size) break;
    let ck = load<i32>(PATH_HEAP_KEY + (<usize>c << 2));
    if (c + 1 < size) {
      const rk = load<i32>(PATH_HEAP_KEY + (<usize>(c + 1) << 2));
      if (rk < ck) {
        c++;
        ck = rk;
      }
    }
    if (ck >= key) break;
    store<i32>(PATH_HEAP_KEY + (<usize>i << 2), ck);
    store<i32>(PATH_HEAP_NODE + (<usize>i << 2), load<i32>(PATH_HEAP_NODE + (<usize>c << 2)));
    i = c;
  }
  store<i32>(PATH_HEAP_KEY + (<usize>i << 2), key);
  store<i32>(PATH_HEAP_NODE + (<usize>i << 2), node);
  return top;
}

/** Writes the path ending at node `n` into PATH_OUT, start first; returns its tile count. */
function reconstruct(n: i32, w: i32): i32 {
  let length = 0;
  for (let m = n; m >= 0; m = load<i32>(PATH_NODE_PARENT + (<usize>m << 2))) length++;
  let i = length;
  for (let m = n; m >= 0; m = load<i32>(PATH_NODE_PARENT + (<usize>m << 2))) {
    const tile = load<i32>(PATH_NODE_TILE + (<usize>m << 2));
    i--;
    store<i32>(PATH_OUT + (<usize>i << 3), tile % w);
    store<i32>(PATH_OUT + (<usize>i << 3) + 4, tile / w);
  }
  return length;
}

/** One bounded search from (sx, sy) to (gx, gy): the path's tile count, PATH_UNREACHABLE or PATH_TOO_FAR. */
function search(w: i32, h: i32, sx: i32, sy: i32, gx: i32, gy: i32, mask: i32): i32 {
  stamp++;
  if (stamp == 0x7fffffff) {
    memory.fill(PATH_SLOT_STAMP, 0, <usize>PATH_SLOTS << 2);
    stamp = 1;
  }
  nodeCount = 0;
  heapSize = 0;
  expanded = 0;
  const goal = gy * w + gx;
  if (blocked(goal, mask)) return PATH_UNREACHABLE;
  let cutByWindow = false;
  const hs = octile(sx, sy, gx, gy);
  push(key(hs, hs), nodeFor(sy * w + sx, 0, -1) & 0xffff_ff);
  while (heapSize > 0) {
    const n = pop();
    const o = <usize>n << 2;
    if (load<u8>(PATH_NODE_CLOSED + <usize>n)) continue;
    const tile = load<i32>(PATH_NODE_TILE + o);
    if (tile == goal) return reconstruct(n, w);
    if (expanded == PATH_MAX_EXPANDED) return PATH_TOO_FAR;
    store<u8>(PATH_NODE_CLOSED + <usize>n, 1);
    expanded++;
    const g = load<i32>(PATH_NODE_G + o);
    const x = tile % w;
    const y = tile / w;
    for (let d = 0; d < 8; d++) {
      const dx = unchecked(DX[d]);
      const dy = unchecked(DY[d]);
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) {
        cutByWindow = true;
        continue;
      }
      const nt = ny * w + nx;
      if (blocked(nt, mask)) continue;
      if (d >= 4 && (blocked(y * w + nx, mask) || blocked(ny * w + x, mask))) continue;
      const ng = g + (d >= 4 ? PATH_STEP_DIAGONAL : PATH_STEP_STRAIGHT);
      const found = nodeFor(nt, ng, n);
      const m = found & 0xffff_ff;
      const hn = octile(nx, ny, gx, gy);
      if (found & (1 << 30)) {
        push(key(ng + hn, hn), m);
      } else if (!load<u8>(PATH_NODE_CLOSED + <usize>m) && ng < load<i32>(PATH_NODE_G + (<usize>m << 2))) {
        store<i32>(PATH_NODE_G + (<usize>m << 2), ng);
        store<i32>(PATH_NODE_PARENT + (<usize>m << 2), n);
        push(key(ng + hn, hn), m);
      }
    }
  }
  // Exhausted: the goal is cut off — unless the window's edge cut the search short.
  return cutByWindow ? PATH_TOO_FAR : PATH_UNREACHABLE;
}

/**
 * The path from (sx, sy) to (gx, gy) in the w × h window: its tile count (tiles in PATH_OUT), PATH_UNREACHABLE
 * (the goal is impassable or walled off) or PATH_TOO_FAR (not found within the bound). When the forward search
 * runs out of its bound, a second bounded search from the goal tells an enclosed goal (its pocket is exhausted:
 * unreachable) from a far one — and, when it reaches the start, its path is the answer.
 */
export function findPathInWindow(w: i32, h: i32, sx: i32, sy: i32, gx: i32, gy: i32, mask: i32): i32 {
  const forward = search(w, h, sx, sy, gx, gy, mask);
  lastExpanded = expanded;
  if (forward != PATH_TOO_FAR) return forward;
  // A start on impassable ground (it should not happen) cannot be searched towards: say "too far", not "walled off".
  if (blocked(sy * w + sx, mask)) return PATH_TOO_FAR;
  const backward = search(w, h, gx, gy, sx, sy, mask);
  lastExpanded += expanded;
  if (backward <= 0) return backward;
  for (let i = 0, j = backward - 1; i < j; i++, j--) {
    const a = PATH_OUT + (<usize>i << 3);
    const b = PATH_OUT + (<usize>j << 3);
    const ax = load<i64>(a);
    store<i64>(a, load<i64>(b));
    store<i64>(b, ax);
  }
  return backward;
}

/** Tiles expanded by the last findPathInWindow (both searches when it ran two). */
export function pathExpandedCount(): i32 {
  return lastExpanded;
}
