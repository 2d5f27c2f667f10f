/**
 * Natural biome of four tiles at once: the noise layers (see core-wasm/worldgen-params.ts) and the rules that turn
 * them into a biome code. Ruins are not natural: towns and roads are laid over the result by ruins.ts.
 *
 * Rules, later ones win:
 *   plains → desert (dry) / forest (wet) → hills (ridge flanks, highlands) → mountains (ridge crests)
 *   → marsh (wet coast, wet lake rims) → water (sea, lakes).
 * So ranges have hills at their feet, marshes sit by water, and lakes never sit on a range.
 */
import {
  BIOME_DESERT, BIOME_FOREST, BIOME_HILLS, BIOME_MARSH, BIOME_MOUNTAINS, BIOME_PLAINS, BIOME_WATER,
  COAST_BAND, COAST_MARSH_MOISTURE, CONTINENT_FREQ, CONTINENT_OCTAVES, DESERT_MOISTURE, FOREST_MOISTURE,
  HIGHLAND_LEVEL, HILL_RIDGE, LAKE_FREQ, LAKE_LEVEL, LAKE_MARSH_MOISTURE, LAKE_RING, MOISTURE_FREQ,
  MOISTURE_OCTAVES, MOUNTAIN_RIDGE, RANGE_MIN_CONTINENT, RIDGE_FREQ, SALT_CONTINENT, SALT_LAKE, SALT_MOISTURE,
  SALT_RIDGE, SEA_LEVEL,
} from '../generated/constants';
import { fbm4, simplex4 } from './noise';

@inline function splatF(v: f64): v128 {
  return f32x4.splat(<f32>v);
}

/** Where mask lanes are set, take `code`, else keep `current`. */
@inline function pick(current: v128, code: i32, mask: v128): v128 {
  return v128.bitselect(i32x4.splat(code), current, mask);
}

/**
 * Biome codes (i32 lanes) of the tiles (wx[i], wy[i]) in world-tile coordinates.
 */
export function naturalBiome4(wx: v128, wy: v128, seed: u32): v128 {
  const fx = f32x4.convert_i32x4_s(wx);
  const fy = f32x4.convert_i32x4_s(wy);
  const s = <i32>seed;

  const continent = fbm4(f32x4.mul(fx, splatF(CONTINENT_FREQ)), f32x4.mul(fy, splatF(CONTINENT_FREQ)), s ^ SALT_CONTINENT, CONTINENT_OCTAVES);
  // Ridge: 1 − |n| is close to 1 along the noise's zero lines: long, winding crests.
  const rx = f32x4.mul(fx, splatF(RIDGE_FREQ));
  const ry = f32x4.mul(fy, splatF(RIDGE_FREQ));
  const r1 = f32x4.abs(simplex4(rx, ry, i32x4.splat(s ^ SALT_RIDGE)));
  const r2 = f32x4.abs(simplex4(f32x4.add(rx, rx), f32x4.add(ry, ry), i32x4.splat((s ^ SALT_RIDGE) + 0x632be5ab)));
  const ridge = f32x4.sub(splatF(1), f32x4.add(f32x4.mul(r1, splatF(0.7)), f32x4.mul(r2, splatF(0.3))));
  const moisture = fbm4(f32x4.mul(fx, splatF(MOISTURE_FREQ)), f32x4.mul(fy, splatF(MOISTURE_FREQ)), s ^ SALT_MOISTURE, MOISTURE_OCTAVES);
  const lake = simplex4(f32x4.mul(fx, splatF(LAKE_FREQ)), f32x4.mul(fy, splatF(LAKE_FREQ)), i32x4.splat(s ^ SALT_LAKE));

  const inland = f32x4.gt(continent, splatF(RANGE_MIN_CONTINENT));
  let code = i32x4.splat(BIOME_PLAINS);
  code = pick(code, BIOME_DESERT, f32x4.lt(moisture, splatF(DESERT_MOISTURE)));
  code = pick(code, BIOME_FOREST, f32x4.gt(moisture, splatF(FOREST_MOISTURE)));
  const hills = v128.or(v128.and(inland, f32x4.gt(ridge, splatF(HILL_RIDGE))), f32x4.gt(continent, splatF(HIGHLAND_LEVEL)));
  code = pick(code, BIOME_HILLS, hills);
  const mountains = v128.and(inland, f32x4.gt(ridge, splatF(MOUNTAIN_RIDGE)));
  code = pick(code, BIOME_MOUNTAINS, mountains);

  // Lakes only below the ranges' flanks.
  const lowland = v128.not(hills);
  const coast = f32x4.lt(continent, splatF(SEA_LEVEL + COAST_BAND));
  const coastMarsh = v128.and(coast, f32x4.gt(moisture, splatF(COAST_MARSH_MOISTURE)));
  const lakeRim = v128.and(lowland, f32x4.lt(lake, splatF(LAKE_LEVEL + LAKE_RING)));
  const lakeMarsh = v128.and(lakeRim, f32x4.gt(moisture, splatF(LAKE_MARSH_MOISTURE)));
  code = pick(code, BIOME_MARSH, v128.or(coastMarsh, lakeMarsh));
  const sea = f32x4.lt(continent, splatF(SEA_LEVEL));
  const lakes = v128.and(lowland, f32x4.lt(lake, splatF(LAKE_LEVEL)));
  code = pick(code, BIOME_WATER, v128.or(sea, lakes));
  return code;
}
