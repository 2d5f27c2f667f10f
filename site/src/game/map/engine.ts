/**
 * The map's engine: owns the local survivor's walk, the camera, the chunk images and fog, the other survivors'
 * tracks, and the requestAnimationFrame loop that draws them. Networking and stores stay outside
 * (game-session.ts); the engine hears about the world through its methods and reports through callbacks.
 */
import { NAV_MARKER_MS } from '../../../../api/contract/world.ts';
import type { LivePlayer } from '../../../../api/contract/protocol.ts';
import type { TimeInfo } from '../../../../api/contract/world.ts';
import type { Chunk, Core, Poi, Visibility } from '../../../../core-wasm/index.ts';
import { INTERACTION_RADIUS } from '../../../../core-wasm/constants.ts';
import {
  clampZoom,
  drawnChunks,
  screenToWorld,
  wantedChunks,
  zoomAround,
  zoomBySteps,
  zoomForPinch,
  zoomForWheel,
  type Camera,
} from './camera.ts';
import { ChunkCache } from './chunk-cache.ts';
import { ChunkLoader, type ChunkGenerator } from './chunk-loader.ts';
import type { ExploredMap } from '../explored/explored.ts';
import { paintFog, unionRect, windowInChunk } from './fog.ts';
import { CHUNK_SIZE, chunkKey, chunkOfTileCoord, chunkOfWorld, chunksInRect, tileOf, type ChunkRect } from './geometry.ts';
import { bindMapInput } from './input.ts';
import { Track } from './interpolation.ts';
import { Minimap } from './minimap.ts';
import { MoveReporter, type ReportSink } from '../live/move-reporter.ts';
import { renderFrame, type ScenePoi, type SceneSurvivor } from './renderer.ts';
import { isHills, isImpassableBiome } from './terrain-rules.ts';
import { directionFromKeys, stepInDirection, stepToward, type Point } from './walker.ts';

export interface EngineOptions {
  seed: number;
  me: { id: string; x: number; y: number; colour: string; name: string };
  core: Core;
  generators: ChunkGenerator[];
  explored: ExploredMap;
  sink: ReportSink;
  viewport: { width: number; height: number };
  zoom?: number;
  onReadout?(r: { x: number; y: number; zoom: number; panned: boolean }): void;
  onProgress?(p: { ready: number; needed: number }): void;
  /** The local survivor entered another chunk ("sector"). */
  onSector?(cx: number, cy: number): void;
  /** The core worker could not generate a chunk. */
  onChunkError?(err: unknown): void;
  /** A POI came into sight for the first time. */
  onDiscover?(poi: Poi): void;
}

export interface MapSnapshot {
  me: { id: string; x: number; y: number; walking: boolean };
  target: Point | null;
  zoom: number;
  camera: Point;
  players: { id: string; x: number; y: number; inRange: boolean }[];
  chunks: { cached: number; drawn: number; wanted: number; ready: number };
  visionRadius: number | null;
  exploredChunks: number;
  frames: number;
}

/** The survivor's position as onPosition() reports it. */
export interface PositionUpdate {
  x: number;
  y: number;
  walking: boolean;
}

/** A POI within reach of a position, with its current significance as this client knows it. */
export type NearbyPoi = Poi & { distance: number; currentSignificance: number };

interface Other {
  track: Track;
  colour: string;
  name: string;
}

const FRAME_SAMPLES = 600;
const MINIMAP_EVERY_MS = 250;
const MINIMAP_SIZE = 168;
const READOUT_EVERY_MS = 100;

export class GameEngine {
  private readonly cache = new ChunkCache();
  private readonly loader: ChunkLoader;
  private readonly reporter: MoveReporter;
  private readonly minimap: Minimap;
  private readonly others = new Map<string, Other>();
  private readonly poiState = new Map<string, number>();
  private readonly knownPois = new Set<string>();
  private settlements: { x: number; y: number; name: string }[] = [];
  private readonly me: { id: string; x: number; y: number; colour: string; name: string };
  private cam: Camera;
  private pan = { x: 0, y: 0 };
  private target: Point | null = null;
  private nav: { x: number; y: number; until: number } | null = null;
  private keyDir = { x: 0, y: 0 };
  private walking = false;
  private time: TimeInfo | null = null;
  private vis: Visibility | null = null;
  private visKey = '';
  private wantedKey = '';
  private sector: { cx: number; cy: number };
  private discoverReady = false;

  private canvas: HTMLCanvasElement | null = null;
  private ctx: CanvasRenderingContext2D | null = null;
  private wrapper: HTMLElement | null = null;
  private miniCtx: CanvasRenderingContext2D | null = null;
  private dpr = 1;
  private raf = 0;
  private lastFrame = 0;
  private lastMinimap = 0;
  private lastReadout = '';
  private lastReadoutView = '';
  private lastReadoutAt = 0;
  private frameCount = 0;
  private readonly frameWork = new Float64Array(FRAME_SAMPLES);
  private readonly frameDelta = new Float64Array(FRAME_SAMPLES);
  private stopped = false;
  private readonly positionListeners = new Set<(p: PositionUpdate) => void>();
  private positionKey = '';

  constructor(private readonly o: EngineOptions) {
    this.me = { ...o.me };
    this.cam = { x: o.me.x, y: o.me.y, zoom: clampZoom(o.zoom ?? 1), width: o.viewport.width, height: o.viewport.height };
    this.sector = { cx: chunkOfWorld(o.me.x), cy: chunkOfWorld(o.me.y) };
    this.reporter = new MoveReporter(o.sink);
    this.reporter.reset(o.me);
    this.minimap = new Minimap(
      (cx, cy) => o.explored.get(cx, cy),
      (cx, cy) => this.cache.get(cx, cy)?.biomes,
    );
    this.loader = new ChunkLoader(
      o.seed,
      o.generators,
      (key) => this.cache.has(key),
      (chunk) => this.addChunk(chunk),
      (err) => {
        console.error('[map] chunk generation failed', err);
        o.onChunkError?.(err);
      },
    );
    this.updateWanted();
    this.raf = requestAnimationFrame(this.frame);
  }

  // ── World input (from the session) ─────────────────────────────────────────────────────────────────────────────

  /** Walk toward a world position (click or tap). */
  moveTo(x: number, y: number): void {
    this.target = { x, y };
    this.nav = { x, y, until: performance.now() + NAV_MARKER_MS };
    this.reporter.report(this.me, true);
  }

  /** The server's word on where we are (a rejected move): jump there and stop. */
  snapTo(x: number, y: number): void {
    this.me.x = x;
    this.me.y = y;
    this.target = null;
    this.walking = false;
    this.reporter.reset({ x, y });
  }

  stopWalking(): void {
    this.target = null;
    this.walking = false;
  }

  setTime(time: TimeInfo): void {
    this.time = time;
  }

  /** A full list (players_list or a poll): positions only for those in range. */
  setOthers(players: LivePlayer[]): void {
    const now = performance.now();
    const seen = new Set<string>();
    for (const p of players) {
      if (p.id === this.me.id) continue;
      seen.add(p.id);
      this.upsertOther(p);
      if (p.x !== undefined && p.y !== undefined) this.otherMoved(p.id, p.x, p.y, now);
      else this.others.get(p.id)!.track = new Track(); // out of range: no position to show
    }
    for (const id of this.others.keys()) if (!seen.has(id)) this.others.delete(id);
  }

  upsertOther(p: LivePlayer): void {
    if (p.id === this.me.id) return;
    const existing = this.others.get(p.id);
    const name = p.displayName || p.name;
    if (existing) {
      existing.name = name;
      existing.colour = p.color;
    } else {
      this.others.set(p.id, { track: new Track(), colour: p.color, name });
    }
  }

  otherMoved(id: string, x: number, y: number, now = performance.now()): void {
    if (id === this.me.id) return;
    let other = this.others.get(id);
    if (!other) this.others.set(id, (other = { track: new Track(), colour: '#e8d9b0', name: 'Survivor' }));
    const last = other.track.latest;
    if (!last || Math.hypot(last.x - x, last.y - y) > 400) other.track.reset(now, x, y);
    else other.track.push(now, x, y);
  }

  otherLeft(id: string): void {
    this.others.delete(id);
  }

  setPoiSignificance(id: string, currentSignificance: number): void {
    this.poiState.set(id, currentSignificance);
    this.positionKey = ''; // position listeners hear about it on the next frame (nearby-POI views refresh)
  }

  /**
   * The nearest POI whose reach covers (x, y): the server's rule, max(INTERACTION_RADIUS, poi.radius) world units
   * from the POI's centre. Reach is under 100 units, so the 3 × 3 chunks around the position hold every candidate.
   */
  nearestPoi(x = this.me.x, y = this.me.y): NearbyPoi | null {
    let best: NearbyPoi | null = null;
    const cx = chunkOfWorld(x);
    const cy = chunkOfWorld(y);
    for (let j = cy - 1; j <= cy + 1; j++) {
      for (let i = cx - 1; i <= cx + 1; i++) {
        for (const p of this.poisOf(i, j)) {
          const distance = Math.hypot(p.worldX - x, p.worldY - y);
          if (distance > Math.max(INTERACTION_RADIUS, p.radius) || (best && distance >= best.distance)) continue;
          best = { ...p, distance, currentSignificance: this.poiState.get(p.id) ?? p.significance };
        }
      }
    }
    return best;
  }

  private poisOf(cx: number, cy: number): readonly Poi[] {
    const entry = this.cache.get(cx, cy);
    if (entry) return entry.pois;
    try {
      return this.o.core.pois(this.o.seed, cx, cy); // evicted while the view is panned away: the core memoises
    } catch {
      return [];
    }
  }

  /** Calls `fn` now and whenever the rounded position or the walking state changes (or a POI's significance). */
  onPosition(fn: (p: PositionUpdate) => void): () => void {
    this.positionListeners.add(fn);
    fn({ x: this.me.x, y: this.me.y, walking: this.walking });
    return () => this.positionListeners.delete(fn);
  }

  private notifyPosition(): void {
    if (this.positionListeners.size === 0) return;
    const key = `${Math.round(this.me.x)},${Math.round(this.me.y)},${this.walking}`;
    if (key === this.positionKey) return;
    this.positionKey = key;
    const p = { x: this.me.x, y: this.me.y, walking: this.walking };
    for (const fn of this.positionListeners) fn(p);
  }

  setSettlements(list: { x: number; y: number; name: string }[]): void {
    this.settlements = list;
  }

  /** From now on, newly seen POIs are announced (not the ones already explored at start). */
  enableDiscoveries(): void {
    this.discoverReady = true;
  }

  /** Explored tiles arrived from the server: repaint those chunks' fog. */
  exploredChanged(keys: Iterable<string>): void {
    for (const key of keys) {
      this.minimap.invalidate(key);
      const [cx, cy] = key.split(',').map(Number) as [number, number];
      const entry = this.cache.get(cx, cy);
      if (entry) this.cache.dirty(entry, { x0: 0, y0: 0, x1: CHUNK_SIZE, y1: CHUNK_SIZE });
    }
  }

  get position(): Point {
    return { x: this.me.x, y: this.me.y };
  }

  progress(): { ready: number; needed: number } {
    return this.loader.progress();
  }

  // ── View ───────────────────────────────────────────────────────────────────────────────────────────────────────

  attach(canvas: HTMLCanvasElement, wrapper: HTMLElement, minimap: HTMLCanvasElement | null): () => void {
    this.canvas = canvas;
    this.wrapper = wrapper;
    this.ctx = canvas.getContext('2d', { alpha: false });
    this.miniCtx = minimap?.getContext('2d') ?? null;
    if (minimap) {
      const dpr = window.devicePixelRatio || 1;
      minimap.width = Math.round(MINIMAP_SIZE * dpr);
      minimap.height = Math.round(MINIMAP_SIZE * dpr);
    }
    const resize = () => this.resize();
    const observer = new ResizeObserver(resize);
    observer.observe(wrapper);
    resize();
    const unbind = bindMapInput(wrapper, {
      tap: (sx, sy) => {
        const w = screenToWorld(this.cam, sx, sy);
        this.moveTo(w.x, w.y);
      },
      pan: (dx, dy) => {
        this.pan.x -= dx / this.cam.zoom;
        this.pan.y -= dy / this.cam.zoom;
      },
      wheel: (deltaY, mode, sx, sy) => this.zoomTo(zoomForWheel(this.cam.zoom, deltaY, mode), sx, sy),
      pinchStart: () => this.cam.zoom,
      pinch: (startZoom, d0, d, cx, cy) => this.zoomTo(zoomForPinch(startZoom, d0, d), cx, cy),
      keys: (held) => {
        this.keyDir = directionFromKeys(held);
        if (this.keyDir.x || this.keyDir.y) this.target = null;
      },
      zoomStep: (steps) => this.zoomTo(zoomBySteps(this.cam.zoom, steps), this.cam.width / 2, this.cam.height / 2),
      recentre: () => this.recentre(),
    });
    return () => {
      unbind();
      observer.disconnect();
      this.canvas = null;
      this.ctx = null;
      this.miniCtx = null;
      this.wrapper = null;
    };
  }

  zoomTo(zoom: number, sx = this.cam.width / 2, sy = this.cam.height / 2): void {
    const z = clampZoom(zoom);
    const centre = zoomAround(this.cam, z, sx, sy);
    this.cam.zoom = z;
    this.pan = { x: centre.x - this.me.x, y: centre.y - this.me.y };
  }

  recentre(): void {
    this.pan = { x: 0, y: 0 };
  }

  get panned(): boolean {
    return this.pan.x !== 0 || this.pan.y !== 0;
  }

  private resize(): void {
    if (!this.canvas || !this.wrapper) return;
    const rect = this.wrapper.getBoundingClientRect();
    this.dpr = window.devicePixelRatio || 1;
    this.cam.width = Math.max(1, rect.width);
    this.cam.height = Math.max(1, rect.height);
    this.canvas.width = Math.round(this.cam.width * this.dpr);
    this.canvas.height = Math.round(this.cam.height * this.dpr);
    this.canvas.style.width = `${this.cam.width}px`;
    this.canvas.style.height = `${this.cam.height}px`;
  }

  // ── Frame ──────────────────────────────────────────────────────────────────────────────────────────────────────

  private readonly frame = (now: number) => {
    if (this.stopped) return;
    this.raf = requestAnimationFrame(this.frame);
    const started = performance.now();
    const dt = this.lastFrame ? Math.min(0.1, (now - this.lastFrame) / 1000) : 0;
    if (this.lastFrame) this.frameDelta[this.frameCount % FRAME_SAMPLES] = now - this.lastFrame;
    this.lastFrame = now;
    if ((window.devicePixelRatio || 1) !== this.dpr) this.resize();

    this.walk(dt);
    this.notifyPosition();
    this.cam.x = this.me.x + this.pan.x;
    this.cam.y = this.me.y + this.pan.y;
    this.updateWanted();
    this.updateVision();
    this.draw(now);
    this.publishReadout();
    this.frameWork[this.frameCount % FRAME_SAMPLES] = performance.now() - started;
    this.frameCount++;
  };

  private walk(dt: number): void {
    const passable = (x: number, y: number) => !isImpassableBiome(this.biomeAtTile(tileOf(x), tileOf(y)));
    const wasWalking = this.walking;
    if (this.keyDir.x || this.keyDir.y) {
      const step = stepInDirection(this.me, this.keyDir.x, this.keyDir.y, dt, passable);
      this.me.x = step.x;
      this.me.y = step.y;
      this.walking = !step.blocked;
    } else if (this.target) {
      const step = stepToward(this.me, this.target, dt, passable);
      this.me.x = step.x;
      this.me.y = step.y;
      if (step.arrived || step.blocked) {
        this.target = null;
        this.walking = false;
      } else this.walking = true;
    } else this.walking = false;
    if (this.walking) this.reporter.report(this.me);
    else if (wasWalking) this.reporter.report(this.me, true);

    const cx = chunkOfWorld(this.me.x);
    const cy = chunkOfWorld(this.me.y);
    if (cx !== this.sector.cx || cy !== this.sector.cy) {
      this.sector = { cx, cy };
      this.o.onSector?.(cx, cy);
    }
  }

  private biomeAtTile(tx: number, ty: number): number {
    const cx = chunkOfTileCoord(tx);
    const cy = chunkOfTileCoord(ty);
    const entry = this.cache.get(cx, cy);
    if (entry) return entry.biomes[(ty - cy * CHUNK_SIZE) * CHUNK_SIZE + (tx - cx * CHUNK_SIZE)]!;
    try {
      return this.o.core.biomeAt(this.o.seed, tx, ty);
    } catch {
      return -1; // outside the core's world: treat as passable here, the server has the last word
    }
  }

  private updateWanted(): void {
    const rect = wantedChunks(this.cam);
    const key = `${rect.x0},${rect.y0},${rect.x1},${rect.y1}`;
    if (key === this.wantedKey) return;
    this.wantedKey = key;
    this.cache.pin(new Set(chunksInRect(rect).map((c) => chunkKey(c.cx, c.cy))));
    this.loader.want(rect, chunkOfWorld(this.cam.x), chunkOfWorld(this.cam.y));
    this.o.onProgress?.(this.loader.progress());
  }

  private addChunk(chunk: Chunk): void {
    const entry = this.cache.add(chunk.chunkX, chunk.chunkY, chunk.biomes, chunk.pois);
    for (const poi of chunk.pois) if (this.o.explored.has(poi.tileX, poi.tileY)) this.knownPois.add(poi.id);
    this.minimap.invalidate(entry.key);
    this.visKey = ''; // vision may now use this chunk's terrain
    this.o.onProgress?.(this.loader.progress());
  }

  private visionRadius(biome: number): number {
    const t = this.time;
    return this.o.core.visionRadius({
      onHills: isHills(biome),
      night: t ? !t.isDay : false,
      dayNightMultiplier: t ? Math.min(1, Math.max(0, t.visionMultiplier)) : undefined,
      moving: this.walking,
    });
  }

  private updateVision(): void {
    const tx = tileOf(this.me.x);
    const ty = tileOf(this.me.y);
    const radius = this.visionRadius(this.biomeAtTile(tx, ty));
    const key = `${tx},${ty},${radius}`;
    if (key === this.visKey) return;
    this.visKey = key;
    const half = Math.floor(radius);
    const window: ChunkRect = {
      x0: chunkOfTileCoord(tx - half),
      y0: chunkOfTileCoord(ty - half),
      x1: chunkOfTileCoord(tx + half),
      y1: chunkOfTileCoord(ty + half),
    };
    const haveAll = chunksInRect(window).every((c) => this.cache.get(c.cx, c.cy));
    let vis: Visibility;
    try {
      vis = this.o.core.visibility({
        seed: this.o.seed,
        tileX: tx,
        tileY: ty,
        radius,
        chunks: haveAll ? (cx, cy) => this.cache.get(cx, cy)!.biomes : undefined,
      });
    } catch (err) {
      console.warn('[map] visibility failed', err);
      return;
    }
    const before = this.vis;
    this.vis = vis;
    const changed = this.o.explored.mergeVisibility(vis);
    // Repaint the fog where the old or the new window lies.
    const touched = new Set<string>();
    for (const v of before ? [before, vis] : [vis]) {
      const r = {
        x0: chunkOfTileCoord(v.originTileX),
        y0: chunkOfTileCoord(v.originTileY),
        x1: chunkOfTileCoord(v.originTileX + v.side - 1),
        y1: chunkOfTileCoord(v.originTileY + v.side - 1),
      };
      for (const c of chunksInRect(r)) touched.add(chunkKey(c.cx, c.cy));
    }
    for (const key of touched) {
      const [cx, cy] = key.split(',').map(Number) as [number, number];
      const entry = this.cache.get(cx, cy);
      if (!entry) continue;
      const rect = unionRect(before ? windowInChunk(before, cx, cy) : null, windowInChunk(vis, cx, cy));
      if (rect) this.cache.dirty(entry, rect);
    }
    for (const key of changed) {
      this.minimap.invalidate(key);
      this.announceDiscoveries(key);
    }
  }

  private announceDiscoveries(key: string): void {
    const [cx, cy] = key.split(',').map(Number) as [number, number];
    const entry = this.cache.get(cx, cy);
    if (!entry) return;
    for (const poi of entry.pois) {
      if (this.knownPois.has(poi.id) || !this.o.explored.has(poi.tileX, poi.tileY)) continue;
      this.knownPois.add(poi.id);
      if (this.discoverReady) this.o.onDiscover?.(poi);
    }
  }

  private chunkImage = (cx: number, cy: number) => {
    const entry = this.cache.get(cx, cy);
    if (!entry) return undefined;
    const r = entry.fogDirty;
    if (r) {
      paintFog(entry.fogWords, r, cx, cy, this.o.explored.get(cx, cy), this.vis);
      entry.fogCtx.putImageData(entry.fogPixels, 0, 0, r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0);
      entry.imageCtx.drawImage(entry.terrain, 0, 0);
      entry.imageCtx.drawImage(entry.fog, 0, 0);
      entry.fogDirty = null;
    }
    return entry;
  };

  private scenePois(drawn: ChunkRect | null): ScenePoi[] {
    const out: ScenePoi[] = [];
    if (!drawn) return out;
    for (let cy = drawn.y0; cy <= drawn.y1; cy++) {
      for (let cx = drawn.x0; cx <= drawn.x1; cx++) {
        const entry = this.cache.get(cx, cy);
        const bits = entry && this.o.explored.get(cx, cy);
        if (!entry || !bits) continue;
        for (const p of entry.pois) {
          const i = (p.tileY - cy * CHUNK_SIZE) * CHUNK_SIZE + (p.tileX - cx * CHUNK_SIZE);
          if ((bits[i >> 3]! & (1 << (i & 7))) === 0) continue;
          const sig = this.poiState.get(p.id) ?? p.significance;
          out.push({ x: p.worldX, y: p.worldY, name: p.name, landmark: p.landmark, depleted: sig <= 0 });
        }
      }
    }
    return out;
  }

  private othersNow(now: number): (SceneSurvivor & { inRange: boolean })[] {
    const out: (SceneSurvivor & { inRange: boolean })[] = [];
    const mcx = chunkOfWorld(this.me.x);
    const mcy = chunkOfWorld(this.me.y);
    for (const [id, o] of this.others) {
      const p = o.track.at(now);
      if (!p) continue;
      const inRange = Math.abs(chunkOfWorld(p.x) - mcx) <= 1 && Math.abs(chunkOfWorld(p.y) - mcy) <= 1;
      out.push({ id, x: p.x, y: p.y, colour: o.colour, name: o.name, inRange });
    }
    return out;
  }

  private draw(now: number): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const drawn = drawnChunks(this.cam);
    const others = this.othersNow(now).filter((o) => o.inRange);
    let nav: { x: number; y: number; alpha: number } | null = null;
    if (this.nav) {
      const left = this.nav.until - performance.now();
      if (left <= 0) this.nav = null;
      else nav = { x: this.nav.x, y: this.nav.y, alpha: Math.min(1, left / 1000) };
    }
    renderFrame(ctx, {
      camera: this.cam,
      dpr: this.dpr,
      drawn,
      chunkImage: this.chunkImage,
      pois: this.scenePois(drawn),
      settlements: this.settlements,
      others,
      me: { id: this.me.id, x: this.me.x, y: this.me.y, colour: this.me.colour, name: this.me.name },
      nav,
      cyclePosition: this.time?.cyclePosition ?? null,
      now,
    });
    if (this.miniCtx && now - this.lastMinimap > MINIMAP_EVERY_MS) {
      this.lastMinimap = now;
      this.minimap.draw(this.miniCtx, MINIMAP_SIZE, window.devicePixelRatio || 1, this.me, others);
    }
  }

  private publishReadout(): void {
    const r = {
      x: Math.round(this.me.x),
      y: Math.round(this.me.y),
      zoom: Math.round(this.cam.zoom * 100) / 100,
      panned: this.panned,
    };
    const key = `${r.x},${r.y},${r.zoom},${r.panned}`;
    if (key === this.lastReadout) return;
    // Position alone changes every frame while walking: 10 updates a second are plenty for a readout.
    const view = `${r.zoom},${r.panned}`;
    const t = performance.now();
    if (view === this.lastReadoutView && t - this.lastReadoutAt < READOUT_EVERY_MS) return;
    this.lastReadout = key;
    this.lastReadoutView = view;
    this.lastReadoutAt = t;
    this.o.onReadout?.(r);
    const w = this.wrapper;
    if (w) {
      w.dataset.playerX = String(r.x);
      w.dataset.playerY = String(r.y);
      w.dataset.zoom = String(r.zoom);
      w.dataset.panned = String(this.panned);
    }
  }

  // ── Introspection (tests, bench) ───────────────────────────────────────────────────────────────────────────────

  snapshot(): MapSnapshot {
    const drawn = drawnChunks(this.cam);
    const progress = this.loader.progress();
    return {
      me: { id: this.me.id, x: this.me.x, y: this.me.y, walking: this.walking },
      target: this.target && { ...this.target },
      zoom: this.cam.zoom,
      camera: { x: this.cam.x, y: this.cam.y },
      players: this.othersNow(performance.now()).map((o) => ({ id: o.id, x: o.x, y: o.y, inRange: o.inRange })),
      chunks: {
        cached: this.cache.size,
        drawn: drawn ? (drawn.x1 - drawn.x0 + 1) * (drawn.y1 - drawn.y0 + 1) : 0,
        wanted: progress.needed,
        ready: progress.ready,
      },
      visionRadius: this.vis?.radius ?? null,
      exploredChunks: this.o.explored.size,
      frames: this.frameCount,
    };
  }

  /** The last 600 frames: work per frame (ms) and time between frames (ms). */
  frameStats(): { work: number[]; delta: number[] } {
    const n = Math.min(this.frameCount, FRAME_SAMPLES);
    return { work: Array.from(this.frameWork.subarray(0, n)), delta: Array.from(this.frameDelta.subarray(0, n)) };
  }

  stop(): void {
    this.stopped = true;
    cancelAnimationFrame(this.raf);
    this.loader.stop();
  }
}
