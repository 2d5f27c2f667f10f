/**
 * The chunks call without rebuilding what never changes. A chunk's terrain and its POIs as generated are fixed by
 * the world's seed, so each chunk's piece of the answer is encoded (JSON and a deflate segment, http/gzip-parts.ts)
 * once and kept in a bounded LRU; an answer is those pieces plus what players changed: the POIs of chunks with a
 * stored state, the settlements and the shelters. The text is byte for byte what JSON.stringify makes of
 * WorldService.region's answer (chunk-wire.test.ts holds the two side by side).
 */
import { BIOME_NAMES, type Poi } from '../../../core-wasm/index.ts';
import type { PoiView, Region } from '../../contract/world.ts';
import { type BodyPart, fixedPart, JsonParts } from '../../http/gzip-parts.ts';
import { type CoreTerrain, remembered } from './terrain.ts';

/**
 * Chunks kept encoded, over all worlds: 27.5 KiB of bytes each (21.4 KiB of base64 terrain, its ~1.1 KiB segment,
 * the POIs' JSON and segment), 32 MiB held when full with the POI lists (`bun run bench chunks` measures it). Ten
 * players seeing radius-2 regions in different places fill 250.
 */
export const CHUNK_WIRE_CACHE_SIZE = 1024;

export interface ChunkWire {
  /** `{"x":…,"y":…,"tiles":"…"}` */
  tiles: BodyPart;
  pois: Poi[];
  /** The POIs as generated, comma-separated (null: the chunk has none). */
  pristine: BodyPart | null;
}

export interface ChunkRange {
  cx0: number;
  cx1: number;
  cy0: number;
  cy1: number;
}

type PoiState = { currentSignificance: number; hasShelter: boolean; changedAt: Date };
type View = (p: Poi, state?: PoiState) => PoiView;

const LEGEND = JSON.stringify([...BIOME_NAMES]);

export class ChunkWireCache {
  private readonly entries = new Map<string, ChunkWire>();

  constructor(readonly capacity = CHUNK_WIRE_CACHE_SIZE) {}

  get size(): number {
    return this.entries.size;
  }

  has(seed: number, cx: number, cy: number): boolean {
    return this.entries.has(`${seed}:${cx}:${cy}`);
  }

  /** The chunk's encoded pieces, made on first use; the least recently used chunk goes beyond the capacity. */
  chunk(terrain: CoreTerrain, cx: number, cy: number, view: View): ChunkWire {
    return remembered(this.entries, `${terrain.seed}:${cx}:${cy}`, this.capacity, () => {
      const tiles = Buffer.from(terrain.chunkBiomes(cx, cy)).toString('base64');
      const pois = terrain.pois(cx, cy);
      return {
        tiles: fixedPart(JSON.stringify({ x: cx, y: cy, tiles })),
        pois,
        pristine: pois.length ? fixedPart(pois.map((p) => JSON.stringify(view(p))).join(',')) : null,
      };
    });
  }
}

/** Every chunk of a range, rows top to bottom, each left to right: the order of WorldService.region. */
export function chunksOf(r: ChunkRange): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  for (let y = r.cy0; y <= r.cy1; y++) for (let x = r.cx0; x <= r.cx1; x++) out.push({ x, y });
  return out;
}

/** The region's answer from its chunks' pieces and the changing rest. */
export function encodeRegion(
  wires: ChunkWire[],
  states: Map<string, PoiState>,
  view: View,
  settlements: Region['settlements'],
  shelters: Region['shelters'],
): JsonParts {
  const body = new JsonParts().text('{"chunks":[');
  for (const [i, w] of wires.entries()) body.text(i ? ',' : '').part(w.tiles);
  body.text(`],"legend":${LEGEND},"pois":[`);
  let first = true;
  for (const w of wires) {
    if (!w.pois.length) continue;
    body.text(first ? '' : ',');
    first = false;
    if (w.pois.some((p) => states.has(p.id))) body.text(w.pois.map((p) => JSON.stringify(view(p, states.get(p.id)))).join(','));
    else body.part(w.pristine!);
  }
  return body.text(`],"settlements":${JSON.stringify(settlements)},"shelters":${JSON.stringify(shelters)}}`);
}
