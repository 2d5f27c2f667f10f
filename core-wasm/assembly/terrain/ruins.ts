/**
 * Ruins: old towns and the roads between them, laid over the natural biomes.
 *
 * - The world is cut into TOWN_CELL × TOWN_CELL cells. A cell holds a town with chance TOWN_PER_MILLE, centred at a
 *   hashed point at least TOWN_MARGIN tiles inside the cell, if the natural biome there is plains, desert, forest or
 *   hills (no towns in water, marsh or on mountains). Radius TOWN_RADIUS_MIN.. (+CITY_RADIUS_BONUS for cities).
 * - Inside a town a tile is rubble (ruins) with a chance falling from RUBBLE_CENTRE to RUBBLE_RIM per mille; the
 *   rest stays overgrown nature. The centre is always ruins.
 * - Each town is joined by a straight road to the towns of the next cell east and the next cell south. Road tiles
 *   are ruins except on water (broken bridges) and mountains (the road tunnels through).
 * - Water and mountains never turn into ruins.
 * Everything depends only on the seed and world coordinates, so any window gives the same tiles.
 */
import {
  BIOME_DESERT, BIOME_FOREST, BIOME_HILLS, BIOME_MOUNTAINS, BIOME_PLAINS, BIOME_RUINS, BIOME_WATER,
  CITY_PER_MILLE, CITY_RADIUS_BONUS, RUBBLE_CENTRE_PER_MILLE, RUBBLE_RIM_PER_MILLE, SALT_RUBBLE, SALT_TOWN,
  TOWN_CELL, TOWN_MARGIN, TOWN_PER_MILLE, TOWN_RADIUS_MIN, TOWN_RADIUS_SPREAD,
} from '../generated/constants';
import { FEATURE_ROAD, FEATURE_TOWN } from '../buffers';
import { floorDiv, hash2, mix32 } from '../common/hash';
import { naturalBiomeAt } from './generate';

/** Towns of the cells around one window: at most (128/64 + 1 + 2)² cells. */
const MAX_CELLS: i32 = 25;
const TOWN_X: usize = memory.data(MAX_CELLS * 4, 16);
const TOWN_Y: usize = memory.data(MAX_CELLS * 4, 16);
/** Radius, or 0 when the cell has no (valid) town. */
const TOWN_R: usize = memory.data(MAX_CELLS * 4, 16);

/** The last town found by townInCell. */
export let townX: i32 = 0;
export let townY: i32 = 0;
export let townRadius: i32 = 0;

/** Is there a town in cell (cx, cy)? Sets townX, townY, townRadius when there is. */
export function townInCell(seed: u32, cx: i32, cy: i32): bool {
  const h = hash2(seed, cx, cy, SALT_TOWN);
  if (h % 1000 >= <u32>TOWN_PER_MILLE) return false;
  const span = <u32>(TOWN_CELL - 2 * TOWN_MARGIN);
  const h2 = mix32(h ^ 0x9e3779b9);
  const x = cx * TOWN_CELL + TOWN_MARGIN + <i32>((h >>> 10) % span);
  const y = cy * TOWN_CELL + TOWN_MARGIN + <i32>(h2 % span);
  const natural = naturalBiomeAt(seed, x, y);
  if (natural != BIOME_PLAINS && natural != BIOME_DESERT && natural != BIOME_FOREST && natural != BIOME_HILLS) return false;
  let r = TOWN_RADIUS_MIN + <i32>((h2 >>> 12) % <u32>TOWN_RADIUS_SPREAD);
  if ((h2 >>> 20) % 1000 < <u32>CITY_PER_MILLE) r += CITY_RADIUS_BONUS;
  townX = x;
  townY = y;
  townRadius = r;
  return true;
}

@inline function canBecomeRuins(biome: u8): bool {
  return biome != <u8>BIOME_WATER && biome != <u8>BIOME_MOUNTAINS;
}

/** Road from (ax, ay) to (bx, by), clipped to the window; rasterised along its major axis from a to b. */
function layRoad(ax: i32, ay: i32, bx: i32, by: i32, x0: i32, y0: i32, w: i32, h: i32, dst: usize, stride: i32, features: usize): void {
  const dx = bx - ax;
  const dy = by - ay;
  const xMajor = abs(dx) >= abs(dy);
  // Major axis: (a, b, delta) along it; minor: (start, delta) across it; window bounds on both.
  const aMaj = xMajor ? ax : ay;
  const bMaj = xMajor ? bx : by;
  const aMin = xMajor ? ay : ax;
  let dMaj = xMajor ? dx : dy;
  let dMin = xMajor ? dy : dx;
  if (dMaj == 0) return; // both towns on one tile: cannot happen (centres are ≥ 24 tiles apart)
  const lo = max(min(aMaj, bMaj), xMajor ? x0 : y0);
  const hi = min(max(aMaj, bMaj), (xMajor ? x0 + w : y0 + h) - 1);
  const minLo = xMajor ? y0 : x0;
  const minHi = (xMajor ? y0 + h : x0 + w) - 1;
  if (dMaj < 0) {
    dMaj = -dMaj;
    dMin = -dMin;
  }
  for (let m = lo; m <= hi; m++) {
    // Nearest tile to the line: aMin + round((m − aMaj)·dMin / dMaj), halves rounded up.
    const n = aMin + floorDiv(2 * (m - aMaj) * dMin + dMaj, 2 * dMaj);
    if (n < minLo || n > minHi) continue;
    const tx = xMajor ? m : n;
    const ty = xMajor ? n : m;
    const at = <usize>((ty - y0) * stride + (tx - x0));
    if (!canBecomeRuins(load<u8>(dst + at))) continue;
    store<u8>(dst + at, <u8>BIOME_RUINS);
    if (features) store<u8>(features + at, FEATURE_ROAD);
  }
}

/** Rubble of one town, clipped to the window. */
function layTown(seed: u32, cx: i32, cy: i32, r: i32, x0: i32, y0: i32, w: i32, h: i32, dst: usize, stride: i32, features: usize): void {
  const r2 = r * r;
  const yLo = max(cy - r, y0);
  const yHi = min(cy + r, y0 + h - 1);
  const xLo = max(cx - r, x0);
  const xHi = min(cx + r, x0 + w - 1);
  for (let ty = yLo; ty <= yHi; ty++) {
    for (let tx = xLo; tx <= xHi; tx++) {
      const d2 = (tx - cx) * (tx - cx) + (ty - cy) * (ty - cy);
      if (d2 > r2) continue;
      const chance = RUBBLE_CENTRE_PER_MILLE - ((RUBBLE_CENTRE_PER_MILLE - RUBBLE_RIM_PER_MILLE) * d2) / r2;
      const rubble = d2 == 0 || hash2(seed, tx, ty, SALT_RUBBLE) % 1000 < <u32>chance;
      if (!rubble) continue;
      const at = <usize>((ty - y0) * stride + (tx - x0));
      if (!canBecomeRuins(load<u8>(dst + at))) continue;
      store<u8>(dst + at, <u8>BIOME_RUINS);
      if (features) store<u8>(features + at, FEATURE_TOWN);
    }
  }
}

/** Lays roads, then towns, over the natural biomes of a window (w, h ≤ 128). */
export function layRuins(seed: u32, x0: i32, y0: i32, w: i32, h: i32, dst: usize, stride: i32, features: usize): void {
  // Cells whose town or roads can reach the window: one cell of margin on every side.
  const cx0 = floorDiv(x0, TOWN_CELL) - 1;
  const cy0 = floorDiv(y0, TOWN_CELL) - 1;
  const cols = floorDiv(x0 + w - 1, TOWN_CELL) + 1 - cx0 + 1;
  const rows = floorDiv(y0 + h - 1, TOWN_CELL) + 1 - cy0 + 1;
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const k = <usize>(j * cols + i) << 2;
      if (townInCell(seed, cx0 + i, cy0 + j)) {
        store<i32>(TOWN_X + k, townX);
        store<i32>(TOWN_Y + k, townY);
        store<i32>(TOWN_R + k, townRadius);
      } else {
        store<i32>(TOWN_R + k, 0);
      }
    }
  }
  // Roads east and south (the last column and row only receive roads).
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const k = <usize>(j * cols + i) << 2;
      if (load<i32>(TOWN_R + k) == 0) continue;
      const ax = load<i32>(TOWN_X + k);
      const ay = load<i32>(TOWN_Y + k);
      if (i + 1 < cols) {
        const e = <usize>(j * cols + i + 1) << 2;
        if (load<i32>(TOWN_R + e) != 0) layRoad(ax, ay, load<i32>(TOWN_X + e), load<i32>(TOWN_Y + e), x0, y0, w, h, dst, stride, features);
      }
      if (j + 1 < rows) {
        const s = <usize>((j + 1) * cols + i) << 2;
        if (load<i32>(TOWN_R + s) != 0) layRoad(ax, ay, load<i32>(TOWN_X + s), load<i32>(TOWN_Y + s), x0, y0, w, h, dst, stride, features);
      }
    }
  }
  for (let k: usize = 0; k < <usize>(rows * cols) << 2; k += 4) {
    const r = load<i32>(TOWN_R + k);
    if (r != 0) layTown(seed, load<i32>(TOWN_X + k), load<i32>(TOWN_Y + k), r, x0, y0, w, h, dst, stride, features);
  }
}
