/**
 * Turns a chunk's 128 × 128 biome codes (from the WASM core) into pixels, one per tile, in the site's dusk
 * palette with a little per-tile grain so plains do not look like flat paint.
 */
import { Biome, BIOME_COUNT } from '../../../../core-wasm/constants.ts';
import { CHUNK_SIZE } from './geometry.ts';
import { rgba } from './fog.ts';

/** Base colour of each biome, indexed by biome code. */
export const BIOME_RGB: readonly (readonly [number, number, number])[] = (() => {
  const c: [number, number, number][] = new Array(BIOME_COUNT);
  c[Biome.plains] = [138, 128, 84];
  c[Biome.water] = [44, 82, 94];
  c[Biome.desert] = [196, 163, 104];
  c[Biome.hills] = [139, 110, 74];
  c[Biome.marsh] = [82, 94, 62];
  c[Biome.ruins] = [104, 98, 92];
  c[Biome.forest] = [58, 80, 46];
  c[Biome.mountains] = [92, 86, 82];
  return c;
})();

/** CSS colour of a biome (legend, minimap). */
export const biomeCss = (code: number) => {
  const [r, g, b] = BIOME_RGB[code] ?? [0, 0, 0];
  return `rgb(${r} ${g} ${b})`;
};

/** Deterministic hash of a tile → 0..255 (same grain wherever the chunk is drawn). */
export function tileHash(tx: number, ty: number): number {
  let h = Math.imul(tx, 0x27d4eb2d) ^ Math.imul(ty, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return (h ^ (h >>> 12)) & 0xff;
}

const clamp8 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v | 0);

/** Writes chunk (cx, cy)'s terrain into `out` (128 × 128 packed RGBA). */
export function rasterTerrain(biomes: Uint8Array, cx: number, cy: number, out: Uint32Array): void {
  const ox = cx * CHUNK_SIZE;
  const oy = cy * CHUNK_SIZE;
  for (let y = 0; y < CHUNK_SIZE; y++) {
    for (let x = 0; x < CHUNK_SIZE; x++) {
      const i = y * CHUNK_SIZE + x;
      const code = biomes[i]!;
      const [r, g, b] = BIOME_RGB[code] ?? [255, 0, 255];
      const h = tileHash(ox + x, oy + y);
      let k = 0.92 + (h / 255) * 0.16;
      if (code === Biome.ruins && h > 170)
        k = 0.7; // standing walls
      else if (code === Biome.mountains && h > 200)
        k = 1.25; // bare rock catching light
      else if (code === Biome.forest && h < 60)
        k = 0.78; // darker canopy
      else if (code === Biome.water) k = 0.96 + (h / 255) * 0.08;
      out[i] = rgba(clamp8(r * k), clamp8(g * k), clamp8(b * k), 255);
    }
  }
}
