/**
 * Points of interest of one chunk, a pure function of the seed and the chunk's tiles: the base list never changes
 * for a seed (the server stores only what players change: current significance, shelters).
 *
 * 1. Town landmarks: the centre of every town with radius ≥ POI_TOWN_LANDMARK_MIN_RADIUS whose centre lies in the
 *    chunk (hospital, police station, factory, …), significance 40–60.
 * 2. Candidates: one site per POI_CELL_SIZE² cell at a hashed tile of the cell. The tile's context (its biome, with
 *    ruins split into town and road) gives the chance that the site holds a POI (POI_DENSITY_PER_MILLE: dense in
 *    towns, never on water, rare on mountains) and the weighted list of types. A few wilderness POIs are landmarks
 *    (POI_WILD_LANDMARK_PER_MILLE). Sites within POI_LANDMARK_CLEARANCE tiles of a town landmark are skipped.
 *
 * Record layout (POI_RECORD_BYTES = 32, little endian), read by core-wasm/index.ts:
 *   0 i32 tileX   4 i32 tileY   8 u32 nameSeed   12 u8 type   13 u8 biome   14 u8 context   15 u8 flags (1 = landmark)
 *   16 i32 significance   20 i32 radius (world units)   24..31 reserved (0)
 */
import {
  BIOME_RUINS, CHUNK_SIZE, POI_CELL_SIZE, POI_CONTEXT_TOWN, POI_CONTEXT_ROAD, POI_CONTEXT_TOWN_LANDMARK,
  POI_CONTEXT_WILD_LANDMARK, POI_DENSITY_PER_MILLE, POI_LANDMARK_CLEARANCE, POI_LANDMARK_RADIUS_BONUS,
  POI_LANDMARK_SIGNIFICANCE_MAX, POI_LANDMARK_SIGNIFICANCE_MIN, POI_RADIUS, POI_SIGNIFICANCE_TABLE,
  POI_SIGNIFICANCE_TABLE_LENGTH, POI_TOWN_LANDMARK_MIN_RADIUS, POI_WEIGHT_CUMULATIVE, POI_WEIGHT_LENGTH,
  POI_WEIGHT_OFFSET, POI_WEIGHT_TYPE, POI_WILD_LANDMARK_PER_MILLE, SALT_POI, TOWN_CELL,
} from '../generated/constants';
import { FEATURE_TOWN, POI_CAPACITY, POI_RECORD_BYTES, POI_RECORDS } from '../buffers';
import { hash2, mix32 } from '../common/hash';
import { layRuins, townInCell, townRadius, townX, townY } from '../terrain/ruins';
import { naturalBiome4 } from '../terrain/biome';
import { naturalBiomeAt } from '../terrain/generate';

export const POI_FLAG_LANDMARK: u8 = 1;

/** Town landmarks near the chunk (its cells and one ring around), for the clearance rule. */
const MAX_LANDMARKS: i32 = 16;
const LANDMARK_X: usize = memory.data(MAX_LANDMARKS * 4, 16);
const LANDMARK_Y: usize = memory.data(MAX_LANDMARKS * 4, 16);

/** Four candidate tiles (chunk-local x, y) and their natural biomes, for one noise call. */
const SAMPLE_X: usize = memory.data(16, 16);
const SAMPLE_Y: usize = memory.data(16, 16);
const SAMPLE_CODES: usize = memory.data(16, 16);

@inline function table(ptr: usize, i: i32): i32 {
  return load<i32>(ptr + (<usize>i << 2));
}

/** Weighted choice of a type for a context; roll is any hash value. */
function pickType(context: i32, roll: u32): i32 {
  const offset = table(POI_WEIGHT_OFFSET, context);
  const length = table(POI_WEIGHT_LENGTH, context);
  const total = <u32>table(POI_WEIGHT_CUMULATIVE, offset + length - 1);
  const r = <i32>(roll % total);
  for (let i = 0; i < length - 1; i++) {
    if (r < table(POI_WEIGHT_CUMULATIVE, offset + i)) return table(POI_WEIGHT_TYPE, offset + i);
  }
  return table(POI_WEIGHT_TYPE, offset + length - 1);
}

function writePoi(index: i32, tileX: i32, tileY: i32, h: u32, type: i32, biome: u8, context: i32, landmark: bool): void {
  const p = POI_RECORDS + <usize>(index * POI_RECORD_BYTES);
  const roll = mix32(h ^ 0x85ebca6b);
  const significance = landmark
    ? POI_LANDMARK_SIGNIFICANCE_MIN + <i32>(roll % <u32>(POI_LANDMARK_SIGNIFICANCE_MAX - POI_LANDMARK_SIGNIFICANCE_MIN + 1))
    : table(POI_SIGNIFICANCE_TABLE, <i32>(roll % <u32>POI_SIGNIFICANCE_TABLE_LENGTH));
  store<i32>(p, tileX);
  store<i32>(p + 4, tileY);
  store<u32>(p + 8, mix32(roll + 0x27d4eb2f));
  store<u8>(p + 12, <u8>type);
  store<u8>(p + 13, biome);
  store<u8>(p + 14, <u8>context);
  store<u8>(p + 15, landmark ? POI_FLAG_LANDMARK : 0);
  store<i32>(p + 16, significance);
  store<i32>(p + 20, table(POI_RADIUS, type) + (landmark ? POI_LANDMARK_RADIUS_BONUS : 0));
  store<i64>(p + 24, 0);
}

/** Where in its cell a candidate site sits, from the cell's hash. */
@inline function candidateOffsetX(h: u32): i32 {
  return <i32>(h % <u32>POI_CELL_SIZE);
}
@inline function candidateOffsetY(h: u32): i32 {
  return <i32>((h >>> 8) % <u32>POI_CELL_SIZE);
}

/**
 * Fills, of chunk (chunkX, chunkY), only the tiles generatePois reads (each cell's candidate tile and the centres of
 * town landmarks) with their natural biomes, then lays the ruins over the whole window as generateWindow does. Those
 * tiles then hold exactly what a full generation gives them (ruins read and write a tile on its own), the rest is
 * scratch: the POIs come out the same for 256 noise samples instead of 16,384, which is what a spawn search needs.
 */
export function sampleChunkForPois(seed: u32, chunkX: i32, chunkY: i32, biomes: usize, features: usize): void {
  const ox = chunkX * CHUNK_SIZE;
  const oy = chunkY * CHUNK_SIZE;
  memory.fill(features, 0, <usize>(CHUNK_SIZE * CHUNK_SIZE));
  const cells = CHUNK_SIZE / POI_CELL_SIZE;
  // Four cells of a row per noise call (cells is a multiple of four), their tiles staged in SAMPLE_X / SAMPLE_Y.
  for (let cy = 0; cy < cells; cy++) {
    for (let cx = 0; cx < cells; cx += 4) {
      for (let k = 0; k < 4; k++) {
        const h = hash2(seed, chunkX * cells + cx + k, chunkY * cells + cy, SALT_POI);
        store<i32>(SAMPLE_X + (<usize>k << 2), (cx + k) * POI_CELL_SIZE + candidateOffsetX(h));
        store<i32>(SAMPLE_Y + (<usize>k << 2), cy * POI_CELL_SIZE + candidateOffsetY(h));
      }
      const xs = i32x4.add(v128.load(SAMPLE_X), i32x4.splat(ox));
      const ys = i32x4.add(v128.load(SAMPLE_Y), i32x4.splat(oy));
      v128.store(SAMPLE_CODES, naturalBiome4(xs, ys, seed));
      for (let k = 0; k < 4; k++) {
        const o = <usize>k << 2;
        const at = <usize>(load<i32>(SAMPLE_Y + o) * CHUNK_SIZE + load<i32>(SAMPLE_X + o));
        store<u8>(biomes + at, <u8>load<i32>(SAMPLE_CODES + o));
      }
    }
  }
  const townCells = CHUNK_SIZE / TOWN_CELL;
  for (let j = 0; j < townCells; j++) {
    for (let i = 0; i < townCells; i++) {
      if (!townInCell(seed, chunkX * townCells + i, chunkY * townCells + j)) continue;
      // A town's centre lies in its own cell, so in this chunk.
      store<u8>(biomes + <usize>((townY - oy) * CHUNK_SIZE + (townX - ox)), <u8>naturalBiomeAt(seed, townX, townY));
    }
  }
  layRuins(seed, ox, oy, CHUNK_SIZE, CHUNK_SIZE, biomes, CHUNK_SIZE, features);
}

/** Writes the POIs of chunk (chunkX, chunkY) whose biomes and features are given; returns how many. */
export function generatePois(seed: u32, chunkX: i32, chunkY: i32, biomes: usize, features: usize): i32 {
  const ox = chunkX * CHUNK_SIZE;
  const oy = chunkY * CHUNK_SIZE;
  const cellsPerChunk = CHUNK_SIZE / TOWN_CELL;
  let count = 0;
  let landmarks = 0;

  // 1. Town landmarks (emitted when the centre is in this chunk; remembered for clearance either way).
  for (let j = -1; j <= cellsPerChunk; j++) {
    for (let i = -1; i <= cellsPerChunk; i++) {
      if (!townInCell(seed, chunkX * cellsPerChunk + i, chunkY * cellsPerChunk + j)) continue;
      if (townRadius < POI_TOWN_LANDMARK_MIN_RADIUS) continue;
      store<i32>(LANDMARK_X + (<usize>landmarks << 2), townX);
      store<i32>(LANDMARK_Y + (<usize>landmarks << 2), townY);
      landmarks++;
      const lx = townX - ox;
      const ly = townY - oy;
      if (lx < 0 || ly < 0 || lx >= CHUNK_SIZE || ly >= CHUNK_SIZE) continue;
      const h = hash2(seed, townX, townY, SALT_POI ^ 0x5bd1e995);
      const type = pickType(POI_CONTEXT_TOWN_LANDMARK, h);
      writePoi(count++, townX, townY, h, type, load<u8>(biomes + <usize>(ly * CHUNK_SIZE + lx)), POI_CONTEXT_TOWN_LANDMARK, true);
    }
  }

  // 2. Candidate sites, one per cell, in row-major cell order.
  const cells = CHUNK_SIZE / POI_CELL_SIZE;
  for (let cy = 0; cy < cells; cy++) {
    for (let cx = 0; cx < cells; cx++) {
      const cellX = chunkX * cells + cx;
      const cellY = chunkY * cells + cy;
      const h = hash2(seed, cellX, cellY, SALT_POI);
      const lx = cx * POI_CELL_SIZE + candidateOffsetX(h);
      const ly = cy * POI_CELL_SIZE + candidateOffsetY(h);
      const at = <usize>(ly * CHUNK_SIZE + lx);
      const biome = load<u8>(biomes + at);
      let context = <i32>biome;
      if (biome == <u8>BIOME_RUINS) context = load<u8>(features + at) == FEATURE_TOWN ? POI_CONTEXT_TOWN : POI_CONTEXT_ROAD;
      if ((h >>> 16) % 1000 >= <u32>table(POI_DENSITY_PER_MILLE, context)) continue;
      const tileX = ox + lx;
      const tileY = oy + ly;
      let clear = true;
      for (let k = 0; k < landmarks; k++) {
        const dx = abs(tileX - load<i32>(LANDMARK_X + (<usize>k << 2)));
        const dy = abs(tileY - load<i32>(LANDMARK_Y + (<usize>k << 2)));
        if (max(dx, dy) <= POI_LANDMARK_CLEARANCE) clear = false;
      }
      if (!clear || count >= POI_CAPACITY) continue;
      const h2 = mix32(h ^ 0x68e31da4);
      const wild = context != POI_CONTEXT_TOWN && context != POI_CONTEXT_ROAD;
      const landmark = wild && h2 % 1000 < <u32>POI_WILD_LANDMARK_PER_MILLE;
      const type = pickType(landmark ? POI_CONTEXT_WILD_LANDMARK : context, h2 >>> 10);
      writePoi(count++, tileX, tileY, h2, type, biome, landmark ? POI_CONTEXT_WILD_LANDMARK : context, landmark);
    }
  }
  return count;
}
