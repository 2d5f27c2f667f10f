/**
 * Developer tool: renders a region of a world to a PNG, one pixel per tile (POIs as white dots), to eyeball the
 * terrain generator after tuning core-wasm/worldgen-params.ts.
 *   bun core-wasm/tools/render-map.ts [seed] [chunkRadius] [out.png]
 */
import { deflateSync } from 'node:zlib';
import { CHUNK_SIZE, loadCoreForBun } from '../index.ts';

/** Biome colours by code: plains, water, desert, hills, marsh, ruins, forest, mountains. */
const COLOURS = [
  [150, 170, 90],
  [40, 80, 160],
  [220, 200, 130],
  [140, 120, 80],
  [80, 110, 90],
  [120, 60, 60],
  [30, 100, 40],
  [90, 90, 90],
] as const;

function crc32(buf: Uint8Array): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function png(width: number, height: number, rgb: Uint8Array): Uint8Array {
  const raw = new Uint8Array(height * (width * 3 + 1));
  for (let y = 0; y < height; y++) raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const dv = new DataView(out.buffer);
    dv.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    dv.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const ihdr = new Uint8Array(13);
  const dv = new DataView(ihdr.buffer);
  dv.setUint32(0, width);
  dv.setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const seed = Number(process.argv[2] ?? 1);
const r = Number(process.argv[3] ?? 4);
const out = process.argv[4] ?? `map-${seed}.png`;
const core = await loadCoreForBun();
const side = (2 * r + 1) * CHUNK_SIZE;
const rgb = new Uint8Array(side * side * 3);
const counts = new Array(8).fill(0);
let poiCount = 0;
for (let cy = -r; cy <= r; cy++) {
  for (let cx = -r; cx <= r; cx++) {
    const { biomes, pois } = core.generateChunk(seed, cx, cy);
    for (let y = 0; y < CHUNK_SIZE; y++) {
      for (let x = 0; x < CHUNK_SIZE; x++) {
        const b = biomes[y * CHUNK_SIZE + x] as number;
        counts[b]++;
        const px = ((cy + r) * CHUNK_SIZE + y) * side + (cx + r) * CHUNK_SIZE + x;
        rgb.set(COLOURS[b] as readonly number[], px * 3);
      }
    }
    for (const p of pois) {
      poiCount++;
      const px = (p.tileY + r * CHUNK_SIZE) * side + p.tileX + r * CHUNK_SIZE;
      rgb.set(p.landmark ? [255, 255, 0] : [255, 255, 255], px * 3);
    }
  }
}
await Bun.write(out, png(side, side, rgb));
const total = side * side;
console.log(
  out,
  Object.fromEntries(
    ['plains', 'water', 'desert', 'hills', 'marsh', 'ruins', 'forest', 'mountains'].map((n, i) => [
      n,
      ((100 * counts[i]) / total).toFixed(1) + '%',
    ]),
  ),
  `pois/chunk ${(poiCount / (2 * r + 1) ** 2).toFixed(1)}`,
);
