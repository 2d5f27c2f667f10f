/**
 * The map's engine: the camera, input, the local survivor's walk, the terrain and fog, and the
 * requestAnimationFrame loop that draws them. Everything else on the map is a layer a feature adds with
 * addLayer() (other survivors, POIs, settlements, later NPCs) and keeps its own state in; networking and stores
 * stay in the session (session/), which hears about the walk through engine.walk (onPosition, track).
 * The loop runs every animation frame but draws only when the picture would change (redraw.ts): an idle map costs
 * a few cheap checks a frame, not a redraw.
 */
import type { Core } from '../../../../core-wasm/index.ts';
import type { TimeInfo } from '../../../../api/contract/protocol.ts';
import { NIGHT_VISION, type VisionGear, visionInput } from '../../../../api/game/vision.ts';
import type { ExploredMap } from '../explored/explored.ts';
import {
  clampZoom,
  defaultZoom,
  drawnChunks,
  screenToWorld,
  zoomAround,
  zoomBySteps,
  zoomForPinch,
  zoomForWheel,
  type Camera,
} from './camera.ts';
import type { ChunkGenerator } from './chunk-loader.ts';
import { TILE_SIZE, tileOf } from './geometry.ts';
import { beyondOnePlan, planPath } from '../../../../api/game/paths.ts';
import { bindMapInput } from './input.ts';
import type { PlacedLabel, Rect } from './labels.ts';
import { LayerStack, layersNeedDraw, type MapLayer, type MapView, type MinimapDot } from './layer.ts';
import { Minimap, minimapToWorld } from './minimap.ts';
import { MAP_DRAWN_MARK } from './first-frame.ts';
import { FrameStats, Readout, type ReadoutValue } from './readout.ts';
import { type FrameInputs, shouldDraw } from './redraw.ts';
import { mapView, nightTint, renderFrame } from './renderer.ts';
import { navTargetLayer, selfLayer } from './self-layer.ts';
import { MapTerrain } from './terrain.ts';
import { isHills } from './terrain-rules.ts';
import { Walk, type Survivor } from './walk.ts';
import type { Point } from './walker.ts';

export interface EngineOptions {
  seed: number;
  me: Survivor;
  core: Core;
  generators: ChunkGenerator[];
  explored: ExploredMap;
  viewport: { width: number; height: number };
  /** The opening zoom; by default closer in on a phone (camera.ts defaultZoom). */
  zoom?: number;
  onReadout?(r: ReadoutValue): void;
  onProgress?(p: { ready: number; needed: number }): void;
  /** The core worker could not generate a chunk. */
  onChunkError?(err: unknown): void;
  /** The first frame is on the canvas (after MAP_DRAWN_MARK): what can wait for the map starts here. */
  onFirstFrame?(): void;
  /** A click or tap on a spot no walk reaches (water, or ground walled off by water and rock). */
  onNoPath?(): void;
}

/** The engine's part of what tests and the bench read (session/debug-hook.ts adds the layers' parts). */
export interface EngineSnapshot {
  me: { id: string; x: number; y: number; walking: boolean; pace: number };
  target: Point | null;
  /** The planned walk still ahead (next point first, the destination last); empty when standing. */
  route: Point[];
  zoom: number;
  camera: Point;
  chunks: { cached: number; drawn: number; wanted: number; ready: number };
  visionRadius: number | null;
  exploredChunks: number;
  /** Animation frames the loop has run: each walks and checks for changes; on an idle map none of them draws. */
  frames: number;
  /** Frames that drew the map (redraw.ts decides). */
  drawnFrames: number;
  /** The labels on the last drawn frame (their boxes in CSS px, none overlapping) and how many had no room. */
  labels: { text: string; box: Rect }[];
  hiddenLabels: number;
  /** The screen rectangles no label may take (the minimap, the readout), CSS px. */
  reserved: Rect[];
}

const MINIMAP_EVERY_MS = 250;
const MINIMAP_SIZE = 168;

export class GameEngine {
  /** The land: biomes, generated POIs, explored tiles (read by layers such as the POIs'). */
  readonly terrain: MapTerrain;
  /** The local survivor: moveTo, snapTo, onPosition, track (the move reporter)… */
  readonly walk: Walk;
  private readonly layers = new LayerStack();
  private readonly minimap: Minimap;
  private readonly readout: Readout;
  private readonly stats = new FrameStats();
  private cam: Camera;
  private pan = { x: 0, y: 0 };
  private time: TimeInfo | null = null;
  private gear: VisionGear = {
    binoculars: false,
    nightVisionMultiplier: NIGHT_VISION.none,
  };

  private canvas: HTMLCanvasElement | null = null;
  private ctx: CanvasRenderingContext2D | null = null;
  private wrapper: HTMLElement | null = null;
  private miniCtx: CanvasRenderingContext2D | null = null;
  private minimapEl: HTMLElement | null = null;
  /** Where the overlays over the map sit (labels keep out of them), measured on resize. */
  private reserved: Rect[] = [];
  private lastLabels: { labels: PlacedLabel[]; hidden: number } = { labels: [], hidden: 0 };
  private dpr = 1;
  private raf = 0;
  private lastMinimap = 0;
  private stopped = false;
  private drawnOnce = false;
  /** What the last drawn frame depended on (null: nothing drawn yet). */
  private drawnWith: FrameInputs | null = null;
  private invalidated = false;
  /** The map drew since the minimap last did. */
  private minimapStale = true;

  constructor(private readonly o: EngineOptions) {
    this.walk = new Walk(o.me);
    this.cam = {
      x: o.me.x,
      y: o.me.y,
      zoom: clampZoom(o.zoom ?? defaultZoom(o.viewport.width)),
      width: o.viewport.width,
      height: o.viewport.height,
    };
    this.readout = new Readout(o.onReadout);
    this.terrain = new MapTerrain({
      seed: o.seed,
      core: o.core,
      generators: o.generators,
      explored: o.explored,
      onProgress: o.onProgress,
      onChunkError: o.onChunkError,
      onChunkChanged: (key) => this.minimap.invalidate(key),
    });
    this.minimap = new Minimap(
      (cx, cy) => o.explored.get(cx, cy),
      (cx, cy) => this.terrain.biomes(cx, cy),
    );
    this.layers.add(navTargetLayer(this.walk));
    this.layers.add(selfLayer(this.walk));
    this.terrain.want(this.cam);
    this.raf = requestAnimationFrame(this.frame);
  }

  get position(): Point {
    return { x: this.walk.me.x, y: this.walk.me.y };
  }

  // ── World ──────────────────────────────────────────────────────────────────────────────────────────────────────

  setTime(time: TimeInfo): void {
    this.time = time;
  }

  /** What the survivor wears that changes their vision (binoculars, night gear): the next frame sees with it. */
  setGear(gear: VisionGear): void {
    this.gear = { binoculars: gear.binoculars, nightVisionMultiplier: gear.nightVisionMultiplier };
  }

  /** Explored tiles arrived from the server: repaint those chunks' fog. */
  exploredChanged(keys: Iterable<string>): void {
    this.terrain.exploredChanged(keys);
  }

  progress(): { ready: number; needed: number } {
    return this.terrain.progress();
  }

  /** Whether the survivor sees the world position (x, y) now (its tile is in sight: no fog over it). */
  sees(x: number, y: number): boolean {
    return this.terrain.sees(x, y);
  }

  /** Draws `layer` from now on, in z order, whenever anything changed (its needsDraw included); returns its removal. */
  addLayer(layer: MapLayer): () => void {
    const remove = this.layers.add(layer);
    this.invalidate();
    return () => {
      remove();
      this.invalidate();
    };
  }

  /** The next frame draws, whatever changed (for a change nothing else tells the engine about). */
  invalidate(): void {
    this.invalidated = true;
  }

  // ── View ───────────────────────────────────────────────────────────────────────────────────────────────────────

  attach(canvas: HTMLCanvasElement, wrapper: HTMLElement, minimap: HTMLCanvasElement | null): () => void {
    this.canvas = canvas;
    this.wrapper = wrapper;
    this.ctx = canvas.getContext('2d', { alpha: false });
    this.miniCtx = minimap?.getContext('2d') ?? null;
    this.minimapEl = minimap;
    if (minimap) {
      const dpr = window.devicePixelRatio || 1;
      minimap.width = Math.round(MINIMAP_SIZE * dpr);
      minimap.height = Math.round(MINIMAP_SIZE * dpr);
    }
    const resize = () => this.resize();
    const observer = new ResizeObserver(resize);
    observer.observe(wrapper);
    resize();
    // A lost and restored context comes back blank.
    const restored = () => this.invalidate();
    canvas.addEventListener('contextrestored', restored);
    const unbind = bindMapInput(wrapper, {
      tap: (sx, sy) => this.walkToScreen(sx, sy),
      pan: (dx, dy) => {
        this.pan.x -= dx / this.cam.zoom;
        this.pan.y -= dy / this.cam.zoom;
      },
      wheel: (deltaY, mode, sx, sy) => this.zoomTo(zoomForWheel(this.cam.zoom, deltaY, mode), sx, sy),
      pinchStart: () => this.cam.zoom,
      pinch: (startZoom, d0, d, cx, cy) => this.zoomTo(zoomForPinch(startZoom, d0, d), cx, cy),
      keys: (held) => this.walk.keys(held),
      zoomStep: (steps) => this.zoomTo(zoomBySteps(this.cam.zoom, steps), this.cam.width / 2, this.cam.height / 2),
      recentre: () => this.recentre(),
    });
    // A click on the minimap looks there (the map pans; 'Centre on me' comes back): it never walks the survivor.
    const onMinimapClick = (e: MouseEvent) => {
      e.stopPropagation();
      const r = (e.currentTarget as HTMLElement).getBoundingClientRect();
      if (r.width <= 0 || r.height <= 0) return;
      const w = minimapToWorld((e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height, this.walk.me);
      this.lookAt(w.x, w.y);
    };
    minimap?.addEventListener('click', onMinimapClick);
    return () => {
      minimap?.removeEventListener('click', onMinimapClick);
      canvas.removeEventListener('contextrestored', restored);
      unbind();
      observer.disconnect();
      this.canvas = null;
      this.ctx = null;
      this.miniCtx = null;
      this.minimapEl = null;
      this.wrapper = null;
    };
  }

  /** A click or tap at (sx, sy): walk there, or to the marker under it, along a planned path. */
  private walkToScreen(sx: number, sy: number): void {
    const me = this.walk.me;
    const view = mapView(this.cam, drawnChunks(this.cam), { x: me.x, y: me.y }, performance.now());
    let target: Point | null = null;
    for (const layer of [...this.layers.all].reverse()) {
      target = layer.targetAt?.(sx, sy, view) ?? null;
      if (target) break;
    }
    target ??= screenToWorld(this.cam, sx, sy);
    this.walkTo(target.x, target.y);
  }

  /**
   * Walks to the world point (x, y) round water and rock, along the WASM core's path over the loaded terrain
   * (api/game/paths.ts, the same plan the server's path route makes); a spot no walk reaches is reported
   * (onNoPath) and the survivor stays. A target farther than one plan reaches (PATH_MAX_UNITS, the server's path
   * route's bound too) or too far for the bounded search is walked to straight, as before: the survivor stops at the
   * first shore.
   */
  walkTo(x: number, y: number): void {
    if (!this.walk.active) return;
    const me = this.walk.me;
    if (beyondOnePlan(me, { x, y })) return this.walk.moveTo(x, y);
    const plan = planPath(this.o.core, this.o.seed, me, { x, y }, { chunks: this.pathChunks, passable: this.terrain.passable });
    if ('path' in plan) return this.walk.followRoute(plan.path.slice(1));
    if (plan.status === 'unreachable') return this.o.onNoPath?.();
    this.walk.moveTo(x, y);
  }

  /** The terrain a path is planned over: the loaded chunks, else generated (a chunk evicted or not yet made). */
  private readonly pathChunks = (cx: number, cy: number): Uint8Array =>
    this.terrain.biomes(cx, cy) ?? this.o.core.generateChunk(this.o.seed, cx, cy).biomes;

  zoomTo(zoom: number, sx = this.cam.width / 2, sy = this.cam.height / 2): void {
    const z = clampZoom(zoom);
    const centre = zoomAround(this.cam, z, sx, sy);
    this.cam.zoom = z;
    this.pan = { x: centre.x - this.walk.me.x, y: centre.y - this.walk.me.y };
  }

  /** Centres the view on the world point (x, y) without moving the survivor. */
  lookAt(x: number, y: number): void {
    this.pan = { x: x - this.walk.me.x, y: y - this.walk.me.y };
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
    this.reserved = this.overlayRects(rect);
    this.invalidate(); // setting a canvas's size clears it, even to the same size
  }

  /**
   * The boxes over the map of the minimap, the readout and the contextual action under the survivor, relative to
   * the map: labels are never placed under them (the minimap is opaque, and a label half hidden by a box reads as a
   * glitch). Measured again for every drawn frame: the action button comes, goes and changes its width.
   */
  private overlayRects(map: DOMRect): Rect[] {
    const around = this.wrapper?.parentElement;
    const readout = around?.querySelector<HTMLElement>('[data-testid="map-readout"]') ?? null;
    const action = around?.querySelector<HTMLElement>('[data-testid="contextual-action-slot"]') ?? null;
    const out: Rect[] = [];
    for (const el of [this.minimapEl, readout, action]) {
      const r = el?.getBoundingClientRect();
      if (r && r.width > 0 && r.height > 0)
        out.push({ x: r.left - map.left, y: r.top - map.top, width: r.width, height: r.height });
    }
    return out;
  }

  // ── Frame ──────────────────────────────────────────────────────────────────────────────────────────────────────

  private readonly frame = (now: number) => {
    if (this.stopped) return;
    this.raf = requestAnimationFrame(this.frame);
    const started = performance.now();
    const dt = this.stats.begin(now);
    if ((window.devicePixelRatio || 1) !== this.dpr) this.resize();

    const me = this.walk.me;
    this.walk.step(dt, this.terrain.passable);
    this.cam.x = me.x + this.pan.x;
    this.cam.y = me.y + this.pan.y;
    this.terrain.want(this.cam);
    this.terrain.see(me, this.visionRadius());
    const view = this.draw(now);
    this.drawMinimap(now, view);
    this.readout.update(me.x, me.y, this.cam.zoom, this.panned, this.wrapper);
    this.stats.end(performance.now() - started, view !== null);
  };

  /** The server's vision rule for the survivor's gear, clock and ground (api/game/vision.ts visionInput). */
  private visionRadius(): number {
    const me = this.walk.me;
    return this.o.core.visionRadius(
      visionInput(this.gear, this.time, {
        onHills: isHills(this.terrain.biomeAtTile(tileOf(me.x), tileOf(me.y))),
        moving: this.walk.walking,
      }),
    );
  }

  /** How far the survivor sees now, in CSS pixels (the vision radius is in tiles). */
  private lightRadius(): number | null {
    const r = this.terrain.visionRadius;
    return r === null ? null : r * TILE_SIZE * this.cam.zoom;
  }

  /** What this frame's picture depends on, besides the layers. */
  private inputs(): FrameInputs {
    const me = this.walk.me;
    return {
      canvasWidth: this.canvas?.width ?? 0,
      canvasHeight: this.canvas?.height ?? 0,
      dpr: this.dpr,
      cameraX: this.cam.x,
      cameraY: this.cam.y,
      zoom: this.cam.zoom,
      width: this.cam.width,
      height: this.cam.height,
      meX: me.x,
      meY: me.y,
      walking: this.walk.walking,
      terrain: this.terrain.version,
      nightTint: nightTint(this.time?.cyclePosition ?? null),
      gear: `${this.gear.binoculars},${this.gear.nightVisionMultiplier}`,
    };
  }

  /** Draws the map if anything visible changed since its last draw; returns the frame's view when it drew. */
  private draw(now: number): MapView | null {
    const ctx = this.ctx;
    if (!ctx) return null;
    const inputs = this.inputs();
    if (!shouldDraw(this.drawnWith, inputs, this.invalidated, () => layersNeedDraw(this.layers.all, now))) return null;
    this.drawnWith = inputs;
    this.invalidated = false; // before drawing: a layer that invalidates while it draws gets the next frame
    this.minimapStale = true;
    const me = this.walk.me;
    if (this.wrapper) this.reserved = this.overlayRects(this.wrapper.getBoundingClientRect());
    const frame = renderFrame(ctx, {
      camera: this.cam,
      dpr: this.dpr,
      drawn: drawnChunks(this.cam),
      chunkImage: this.terrain.chunkImage,
      layers: this.layers.all,
      me: { x: me.x, y: me.y },
      cyclePosition: this.time?.cyclePosition ?? null,
      lightRadius: this.lightRadius(),
      reserved: this.reserved,
      now,
    });
    this.lastLabels = { labels: frame.labels, hidden: frame.hiddenLabels };
    if (!this.drawnOnce) {
      this.drawnOnce = true;
      performance.mark(MAP_DRAWN_MARK);
      this.o.onFirstFrame?.();
    }
    return frame.view;
  }

  /**
   * The minimap, a few times a second at most, and only after the map drew (whatever changes it — the survivor,
   * explored land, a dot of a layer — redraws the map too). `view` is this frame's when the map drew.
   */
  private drawMinimap(now: number, view: MapView | null): void {
    if (!this.miniCtx || !this.ctx || !this.minimapStale || now - this.lastMinimap <= MINIMAP_EVERY_MS) return;
    this.lastMinimap = now;
    this.minimapStale = false;
    const me = this.walk.me;
    const v = view ?? mapView(this.cam, drawnChunks(this.cam), { x: me.x, y: me.y }, now);
    const dots: MinimapDot[] = [];
    for (const layer of this.layers.all) if (layer.minimapDots) dots.push(...layer.minimapDots(v));
    this.minimap.draw(this.miniCtx, MINIMAP_SIZE, window.devicePixelRatio || 1, me, dots);
  }

  // ── Introspection (tests, bench) ───────────────────────────────────────────────────────────────────────────────

  snapshot(): EngineSnapshot {
    const drawn = drawnChunks(this.cam);
    const progress = this.terrain.progress();
    const me = this.walk.me;
    return {
      me: { id: me.id, x: me.x, y: me.y, walking: this.walk.walking, pace: this.walk.speedShare },
      target: this.walk.destination,
      route: this.walk.remaining,
      zoom: this.cam.zoom,
      camera: { x: this.cam.x, y: this.cam.y },
      chunks: {
        cached: this.terrain.cachedChunks,
        drawn: drawn ? (drawn.x1 - drawn.x0 + 1) * (drawn.y1 - drawn.y0 + 1) : 0,
        wanted: progress.needed,
        ready: progress.ready,
      },
      visionRadius: this.terrain.visionRadius,
      exploredChunks: this.o.explored.size,
      frames: this.stats.frames,
      drawnFrames: this.stats.drawnFrames,
      labels: this.lastLabels.labels.map((l) => ({ text: l.text, box: { ...l.box } })),
      hiddenLabels: this.lastLabels.hidden,
      reserved: this.reserved.map((r) => ({ ...r })),
    };
  }

  /** The last 600 frames: work per frame (ms), time between frames (ms), and whether each drew. */
  frameStats(): { work: number[]; delta: number[]; drawn: boolean[] } {
    return this.stats.read();
  }

  stop(): void {
    this.stopped = true;
    cancelAnimationFrame(this.raf);
    this.terrain.stop();
  }
}
