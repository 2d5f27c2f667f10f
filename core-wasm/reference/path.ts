/**
 * The WASM core's pathfinder (assembly/path/astar.ts) written again in plain TypeScript: the same window, neighbour
 * order, integer costs, heap and tie-breaking, so it returns the same tiles. The tests compare the two and
 * `bun run bench wasm-core` times one against the other.
 */
import { PATH_MAX_EXPANDED, PATH_STEP_DIAGONAL, PATH_STEP_STRAIGHT } from '../constants.ts';

export type WindowPath =
  | { status: 'found'; tiles: [number, number][]; expanded: number }
  | { status: 'unreachable' | 'too-far'; expanded: number };

const DX = [1, -1, 0, 0, 1, -1, 1, -1];
const DY = [0, 0, 1, -1, 1, 1, -1, -1];

function search(terrain: Uint8Array, w: number, h: number, sx: number, sy: number, gx: number, gy: number, mask: number) {
  const blocked = (tile: number) => ((mask >>> (terrain[tile]! & 31)) & 1) !== 0;
  const octile = (x: number, y: number) => {
    const dx = Math.abs(x - gx);
    const dy = Math.abs(y - gy);
    return PATH_STEP_STRAIGHT * (dx + dy) + (PATH_STEP_DIAGONAL - 2 * PATH_STEP_STRAIGHT) * Math.min(dx, dy);
  };
  const key = (f: number, hh: number) => f * 32768 + hh;
  const nodes = new Map<number, number>();
  const tileOf: number[] = [];
  const g: number[] = [];
  const parent: number[] = [];
  const closed: boolean[] = [];
  const heapKey: number[] = [];
  const heapNode: number[] = [];
  let expanded = 0;
  const push = (k: number, node: number) => {
    let i = heapKey.length;
    heapKey.push(k);
    heapNode.push(node);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (k >= heapKey[p]!) break;
      heapKey[i] = heapKey[p]!;
      heapNode[i] = heapNode[p]!;
      i = p;
    }
    heapKey[i] = k;
    heapNode[i] = node;
  };
  const pop = () => {
    const top = heapNode[0]!;
    const k = heapKey.pop()!;
    const node = heapNode.pop()!;
    const size = heapKey.length;
    if (size === 0) return top;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= size) break;
      let ck = heapKey[c]!;
      if (c + 1 < size && heapKey[c + 1]! < ck) ck = heapKey[++c]!;
      if (ck >= k) break;
      heapKey[i] = ck;
      heapNode[i] = heapNode[c]!;
      i = c;
    }
    heapKey[i] = k;
    heapNode[i] = node;
    return top;
  };
  const create = (tile: number, cost: number, from: number) => {
    const n = tileOf.length;
    nodes.set(tile, n);
    tileOf.push(tile);
    g.push(cost);
    parent.push(from);
    closed.push(false);
    return n;
  };
  const goal = gy * w + gx;
  if (blocked(goal)) return { result: 'unreachable' as const, expanded };
  let cut = false;
  push(key(octile(sx, sy), octile(sx, sy)), create(sy * w + sx, 0, -1));
  while (heapKey.length > 0) {
    const n = pop();
    if (closed[n]) continue;
    const tile = tileOf[n]!;
    if (tile === goal) {
      const tiles: [number, number][] = [];
      for (let m = n; m >= 0; m = parent[m]!) tiles.push([tileOf[m]! % w, Math.floor(tileOf[m]! / w)]);
      return { result: tiles.reverse(), expanded };
    }
    if (expanded === PATH_MAX_EXPANDED) return { result: 'too-far' as const, expanded };
    closed[n] = true;
    expanded++;
    const x = tile % w;
    const y = Math.floor(tile / w);
    for (let d = 0; d < 8; d++) {
      const nx = x + DX[d]!;
      const ny = y + DY[d]!;
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) {
        cut = true;
        continue;
      }
      const nt = ny * w + nx;
      if (blocked(nt)) continue;
      if (d >= 4 && (blocked(y * w + nx) || blocked(ny * w + x))) continue;
      const ng = g[n]! + (d >= 4 ? PATH_STEP_DIAGONAL : PATH_STEP_STRAIGHT);
      const hn = octile(nx, ny);
      const m = nodes.get(nt);
      if (m === undefined) push(key(ng + hn, hn), create(nt, ng, n));
      else if (!closed[m] && ng < g[m]!) {
        g[m] = ng;
        parent[m] = n;
        push(key(ng + hn, hn), m);
      }
    }
  }
  return { result: cut ? ('too-far' as const) : ('unreachable' as const), expanded };
}

/** Same contract as the module's findPath: a window of biome codes, window coordinates, a blocked-biome bit mask. */
export function referencePath(
  terrain: Uint8Array,
  w: number,
  h: number,
  from: [number, number],
  to: [number, number],
  blockedMask: number,
): WindowPath {
  const forward = search(terrain, w, h, from[0], from[1], to[0], to[1], blockedMask);
  if (Array.isArray(forward.result)) return { status: 'found', tiles: forward.result, expanded: forward.expanded };
  if (forward.result === 'unreachable') return { status: 'unreachable', expanded: forward.expanded };
  if (((blockedMask >>> (terrain[from[1] * w + from[0]]! & 31)) & 1) !== 0)
    return { status: 'too-far', expanded: forward.expanded };
  const backward = search(terrain, w, h, to[0], to[1], from[0], from[1], blockedMask);
  const expanded = forward.expanded + backward.expanded;
  if (Array.isArray(backward.result)) return { status: 'found', tiles: backward.result.reverse(), expanded };
  return { status: backward.result, expanded };
}
