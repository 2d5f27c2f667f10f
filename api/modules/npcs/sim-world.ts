import {
  type BiomeCode,
  CHUNK_WORLD_UNITS,
  chunkKey,
  chunkOfTile,
  chunkOfWorld,
  type Poi,
  tileIndexInChunk,
  tileOfWorld,
} from '../../../core-wasm/index.ts';
import { FORAGE_CELL_TILES } from '../../contract/actions.ts';
import { walkPath } from '../../game/walking.ts';
import { FORAGE_RULES } from '../../game/forage.ts';
import type { NpcSimOps } from '../../../db/repos/npc-sim.ts';
import type { PoiState, SimPoi, SimWorld } from '../../game/npc-sim.ts';
import { POI_ID } from '../world/service.ts';
import type { CoreTerrain } from '../world/terrain.ts';

/** Chunks of POIs kept per world: generating one costs ~2 ms (the core builds the chunk), a cached one nothing. */
const ATLAS_CHUNKS = 4096;
/**
 * Walks kept per world (a catch-up replays the same homes and targets again and again; a path costs ~0.1–1 ms).
 * Keyed by exact positions, and a walk depends on nothing else (the terrain is fixed by the seed), so a cached one
 * equals a fresh one: live and catch-up agree.
 */
const ATLAS_ROUTES = 2048;
type Walk = { x: number; y: number }[];

/** A number naming a chunk (coordinates are within ±MAX_CHUNK_COORD): cheaper than a string key in hot loops. */
const chunkId = (cx: number, cy: number) => (cx + 32768) * 65536 + (cy + 32768);

/**
 * A world's POIs by chunk, generated once and kept (oldest out) for every NPC of the world, and its
 * biomes with the last chunk read at hand: a forage reads 25 tiles of one chunk, a target choice a few more.
 */
export class PoiAtlas {
  private readonly chunks = new Map<number, Poi[]>();
  private readonly routes = new Map<string, Walk | null>();
  private biomeChunk: { id: number; bytes: Uint8Array } = { id: Number.NaN, bytes: new Uint8Array(0) };

  constructor(readonly terrain: CoreTerrain) {}

  biomeAtTile(tileX: number, tileY: number): BiomeCode {
    const id = chunkId(chunkOfTile(tileX), chunkOfTile(tileY));
    if (id !== this.biomeChunk.id) {
      this.biomeChunk = { id, bytes: this.terrain.chunkBiomes(chunkOfTile(tileX), chunkOfTile(tileY)) };
    }
    return this.biomeChunk.bytes[tileIndexInChunk(tileX, tileY)] as BiomeCode;
  }

  chunk(cx: number, cy: number): Poi[] {
    const key = chunkId(cx, cy);
    const known = this.chunks.get(key);
    if (known) return known;
    let pois: Poi[];
    try {
      pois = this.terrain.pois(cx, cy);
    } catch {
      pois = []; // beyond the world's edge
    }
    // Oldest out: NPCs keep to the same ground, so a plain queue keeps what they use without reordering on every read.
    if (this.chunks.size >= ATLAS_CHUNKS) this.chunks.delete(this.chunks.keys().next().value!);
    this.chunks.set(key, pois);
    return pois;
  }

  /**
   * The walk from → to (start and target included), or null when there is none within the search's bound. A clear
   * straight line (the walking rule's check, ~0.02 ms) is the shortest walk already: no search then (~1 ms).
   */
  route(from: { x: number; y: number }, to: { x: number; y: number }): Walk | null {
    if (!walkPath(from, to, this.terrain.moveRules.isPassable).blocked) return [{ ...from }, { x: to.x, y: to.y }];
    const key = `${from.x},${from.y},${to.x},${to.y}`;
    const known = this.routes.get(key);
    if (known !== undefined) return known?.map((p) => ({ ...p })) ?? null;
    const plan = this.terrain.walk(from, to);
    const walk = 'path' in plan ? plan.path : null;
    if (this.routes.size >= ATLAS_ROUTES) this.routes.delete(this.routes.keys().next().value!);
    this.routes.set(key, walk);
    return walk?.map((p) => ({ ...p })) ?? null;
  }

  near(x: number, y: number, radius: number): Poi[] {
    const out: Poi[] = [];
    for (let cy = chunkOfWorld(y - radius); cy <= chunkOfWorld(y + radius); cy++) {
      for (let cx = chunkOfWorld(x - radius); cx <= chunkOfWorld(x + radius); cx++) {
        for (const p of this.chunk(cx, cy)) if (Math.hypot(p.worldX - x, p.worldY - y) <= radius) out.push(p);
      }
    }
    return out;
  }

  byId(id: string): Poi | null {
    const m = POI_ID.exec(id);
    if (!m) return null;
    return this.chunk(chunkOfTile(Number(m[2])), chunkOfTile(Number(m[3]))).find((p) => p.id === id) ?? null;
  }
}

/** The chunks a walk crosses: those of each leg (see chunksAlong). */
export function chunksAlongWalk(points: readonly { x: number; y: number }[]): [number, number][] {
  const seen = new Map<string, [number, number]>();
  for (let i = 1; i < points.length; i++) {
    for (const c of chunksAlong(points[i - 1]!, points[i]!)) seen.set(chunkKey(c[0], c[1]), c);
  }
  if (points.length === 1) for (const c of chunksAlong(points[0]!, points[0]!)) seen.set(chunkKey(c[0], c[1]), c);
  return [...seen.values()];
}

/** The chunks a straight journey crosses (sampled every half chunk, so none is skipped). */
export function chunksAlong(from: { x: number; y: number }, to: { x: number; y: number }): [number, number][] {
  const steps = Math.max(1, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / (CHUNK_WORLD_UNITS / 2)));
  const seen = new Map<string, [number, number]>();
  for (let i = 0; i <= steps; i++) {
    const cx = chunkOfWorld(from.x + ((to.x - from.x) * i) / steps);
    const cy = chunkOfWorld(from.y + ((to.y - from.y) * i) / steps);
    seen.set(chunkKey(cx, cy), [cx, cy]);
  }
  return [...seen.values()];
}

/**
 * The world as one NPC transaction sees it: terrain from the atlas, stored POI and forage-cell state loaded on demand
 * (the planner asks; see `need` in api/game/npc-sim.ts) and changed in memory, written back once by `flush`.
 */
export class TxWorld implements SimWorld {
  private readonly states = new Map<string, PoiState | null>();
  private readonly locked = new Set<string>();
  private readonly dirtyPois = new Map<string, { significance: number; changedAt: number }>();
  private readonly cells = new Map<string, number | null>();
  private readonly dirtyCells = new Map<string, { cellX: number; cellY: number; at: number }>();
  /** Cells read in bulk (prefetch): one not found there was not foraged recently. */
  private cellArea: { x0: number; x1: number; y0: number; y1: number } | null = null;

  constructor(
    private readonly worldId: string,
    private readonly atlas: PoiAtlas,
    private readonly ops: NpcSimOps,
  ) {}

  poisNear(x: number, y: number, radius: number): readonly SimPoi[] {
    return this.atlas.near(x, y, radius);
  }

  poi(id: string): SimPoi | null {
    return this.atlas.byId(id);
  }

  biomeAtTile(tileX: number, tileY: number): BiomeCode {
    return this.atlas.biomeAtTile(tileX, tileY);
  }

  route(from: { x: number; y: number }, to: { x: number; y: number }) {
    return this.atlas.route(from, to);
  }

  poiState(id: string): PoiState | null | undefined {
    return this.states.get(id);
  }

  cellForagedAt(cellX: number, cellY: number): number | null | undefined {
    const known = this.cells.get(`${cellX},${cellY}`);
    if (known !== undefined) return known;
    const a = this.cellArea;
    return a && cellX >= a.x0 && cellX <= a.x1 && cellY >= a.y0 && cellY <= a.y1 ? null : undefined;
  }

  /**
   * For a catch-up (many phases in one transaction): every POI an NPC of this home could search, locked at once, and
   * every forage cell it could choose, read at once, instead of a query or two per phase.
   */
  async prefetch(home: { x: number; y: number }, reach: number, since: number): Promise<void> {
    const pois = this.atlas.near(home.x, home.y, reach).filter((p) => !this.locked.has(p.id));
    for (const r of await this.ops.lockPois(
      this.worldId,
      pois.map((p) => ({ id: p.id, starting: p.significance })),
      new Date(since),
    )) {
      this.locked.add(r.poiId);
      if (!this.dirtyPois.has(r.poiId)) {
        this.states.set(r.poiId, { significance: r.currentSignificance, changedAt: r.changedAt.getTime() });
      }
    }
    const cell = (v: number) => Math.floor(tileOfWorld(v) / FORAGE_CELL_TILES);
    const area = { x0: cell(home.x - reach), x1: cell(home.x + reach), y0: cell(home.y - reach), y1: cell(home.y + reach) };
    const found = await this.ops.cellsIn(this.worldId, area, new Date(since - FORAGE_RULES.cooldownMs));
    for (const [key, at] of found) if (!this.dirtyCells.has(key)) this.cells.set(key, at.getTime());
    this.cellArea = area;
  }

  /** Reads what the planner asked for (without locks: it only chooses a target with them). */
  async load(need: { poiIds: string[]; cells: { cellX: number; cellY: number }[] }): Promise<void> {
    const ids = need.poiIds.filter((id) => !this.states.has(id));
    for (const r of await this.ops.readPois(this.worldId, ids)) {
      this.states.set(r.poiId, { significance: r.currentSignificance, changedAt: r.changedAt.getTime() });
    }
    for (const id of ids) if (!this.states.has(id)) this.states.set(id, null);
    const cells = need.cells.filter((c) => !this.cells.has(`${c.cellX},${c.cellY}`));
    const found = await this.ops.cells(this.worldId, cells);
    for (const c of cells) {
      const key = `${c.cellX},${c.cellY}`;
      this.cells.set(key, found.get(key)?.getTime() ?? null);
    }
  }

  /** Locks the POI an NPC is about to search (created at its starting significance if new) and reads it fresh. */
  async lockPoi(id: string, at: number): Promise<void> {
    if (this.locked.has(id)) return;
    const poi = this.atlas.byId(id);
    if (!poi) return;
    const [row] = await this.ops.lockPois(this.worldId, [{ id, starting: poi.significance }], new Date(at));
    this.locked.add(id);
    if (row && !this.dirtyPois.has(id)) {
      this.states.set(id, { significance: row.currentSignificance, changedAt: row.changedAt.getTime() });
    }
  }

  setPoi(id: string, significance: number, at: number): void {
    // Never move a place's clock back (a catch-up can replay a time before another NPC's later change).
    const changedAt = Math.max(at, this.states.get(id)?.changedAt ?? at);
    this.states.set(id, { significance, changedAt });
    this.dirtyPois.set(id, { significance, changedAt });
  }

  markForaged(cellX: number, cellY: number, at: number): void {
    const key = `${cellX},${cellY}`;
    this.cells.set(key, at);
    this.dirtyCells.set(key, { cellX, cellY, at });
  }

  async flush(): Promise<void> {
    await this.ops.setPois(
      this.worldId,
      [...this.dirtyPois].map(([poiId, s]) => ({ poiId, significance: s.significance, changedAt: new Date(s.changedAt) })),
    );
    await this.ops.markCells(
      this.worldId,
      [...this.dirtyCells.values()].map((c) => ({ cellX: c.cellX, cellY: c.cellY, at: new Date(c.at) })),
    );
  }

  /** POIs changed in this transaction, for poi_updated frames. */
  changedPois(): { poi: Poi; significance: number; changedAt: number }[] {
    return [...this.dirtyPois].flatMap(([id, s]) => {
      const poi = this.atlas.byId(id);
      return poi ? [{ poi, ...s }] : [];
    });
  }
}
