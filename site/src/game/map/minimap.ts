/**
 * The minimap: explored land in the 5 × 5 chunks around the survivor, coloured by biome where the chunk's terrain
 * is known (else a neutral bone colour), with survivors on top. Each chunk keeps a 32 × 32 thumbnail (4 × 4 tiles
 * per pixel) rebuilt only when its explored bits or terrain change; the minimap redraws a few times a second.
 */
import { context2d, makeSurface, type Surface } from './canvas.ts';
import { BIOME_RGB } from './terrain-raster.ts';
import { rgba } from './fog.ts';
import { CHUNK_SIZE, CHUNK_WORLD, chunkKey, chunkOfWorld } from './geometry.ts';

export const MINIMAP_CHUNKS = 5;
const THUMB = 32;
const BLOCK = CHUNK_SIZE / THUMB;
const THUMB_LIMIT = 256;
const UNKNOWN_TERRAIN = rgba(185, 173, 149, 255);

/** Whether any tile of the BLOCK × BLOCK block at thumbnail pixel (px, py) is explored. */
export function blockExplored(bits: Uint8Array, px: number, py: number): boolean {
  for (let y = py * BLOCK; y < (py + 1) * BLOCK; y++) {
    for (let x = px * BLOCK; x < (px + 1) * BLOCK; x++) {
      const i = y * CHUNK_SIZE + x;
      if (bits[i >> 3]! & (1 << (i & 7))) return true;
    }
  }
  return false;
}

/**
 * The world point under a click on the minimap, given as fractions (0–1) of its width and height: the minimap is
 * centred on the survivor and spans MINIMAP_CHUNKS chunks whatever size CSS draws it at.
 */
export function minimapToWorld(fx: number, fy: number, me: { x: number; y: number }): { x: number; y: number } {
  const span = MINIMAP_CHUNKS * CHUNK_WORLD;
  return { x: me.x + (fx - 0.5) * span, y: me.y + (fy - 0.5) * span };
}

export class Minimap {
  private readonly thumbs = new Map<string, Surface>();
  private readonly stale = new Set<string>();

  constructor(
    private readonly explored: (cx: number, cy: number) => Uint8Array | undefined,
    private readonly biomes: (cx: number, cy: number) => Uint8Array | undefined,
  ) {}

  /** The chunk's explored tiles or terrain changed. */
  invalidate(key: string): void {
    this.stale.add(key);
  }

  private thumb(cx: number, cy: number): Surface | undefined {
    const key = chunkKey(cx, cy);
    const cached = this.thumbs.get(key);
    if (cached && !this.stale.has(key)) return cached;
    const bits = this.explored(cx, cy);
    if (!bits) return undefined;
    const surface = cached ?? makeSurface(THUMB, THUMB);
    const ctx = context2d(surface);
    const image = ctx.createImageData(THUMB, THUMB);
    const words = new Uint32Array(image.data.buffer);
    const biomes = this.biomes(cx, cy);
    for (let py = 0; py < THUMB; py++) {
      for (let px = 0; px < THUMB; px++) {
        if (!blockExplored(bits, px, py)) continue;
        if (!biomes) {
          words[py * THUMB + px] = UNKNOWN_TERRAIN;
          continue;
        }
        const [r, g, b] = BIOME_RGB[biomes[(py * BLOCK + BLOCK / 2) * CHUNK_SIZE + px * BLOCK + BLOCK / 2]!] ?? [0, 0, 0];
        words[py * THUMB + px] = rgba(r, g, b, 255);
      }
    }
    ctx.putImageData(image, 0, 0);
    this.stale.delete(key);
    this.thumbs.set(key, surface);
    if (this.thumbs.size > THUMB_LIMIT) this.thumbs.delete(this.thumbs.keys().next().value as string);
    return surface;
  }

  /** Draws the minimap centred on (x, y) into a canvas of `size` CSS pixels. */
  draw(
    ctx: CanvasRenderingContext2D,
    size: number,
    dpr: number,
    me: { x: number; y: number; colour: string },
    others: { x: number; y: number; colour: string }[],
  ): void {
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = 'rgb(14 12 10)';
    ctx.fillRect(0, 0, size, size);
    ctx.imageSmoothingEnabled = false;
    const perChunk = size / MINIMAP_CHUNKS;
    const scale = perChunk / CHUNK_WORLD;
    const half = Math.floor(MINIMAP_CHUNKS / 2);
    const mcx = chunkOfWorld(me.x);
    const mcy = chunkOfWorld(me.y);
    const toMini = (wx: number, wy: number) => ({ x: size / 2 + (wx - me.x) * scale, y: size / 2 + (wy - me.y) * scale });
    for (let cy = mcy - half - 1; cy <= mcy + half + 1; cy++) {
      for (let cx = mcx - half - 1; cx <= mcx + half + 1; cx++) {
        const t = this.thumb(cx, cy);
        if (!t) continue;
        const p = toMini(cx * CHUNK_WORLD, cy * CHUNK_WORLD);
        ctx.drawImage(t, p.x, p.y, perChunk, perChunk);
      }
    }
    for (const o of others) {
      const p = toMini(o.x, o.y);
      ctx.fillStyle = o.colour;
      ctx.fillRect(p.x - 2, p.y - 2, 4, 4);
    }
    ctx.fillStyle = '#fff4dc';
    ctx.beginPath();
    ctx.arc(size / 2, size / 2, 3.5, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = me.colour;
    ctx.beginPath();
    ctx.arc(size / 2, size / 2, 2, 0, Math.PI * 2);
    ctx.fill();
  }
}
