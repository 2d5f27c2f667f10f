/**
 * The engine's loop without a browser: the real core, a canvas that records calls, and animation frames driven by
 * hand. What it checks: an idle map draws nothing (the loop still runs), and anything visible draws the next frame.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Chunk, Core } from '../../../../core-wasm/index.ts';
import { loadCoreForBun } from '../../../../core-wasm/index.ts';
import { ExploredMap } from '../explored/explored.ts';
import type { ChunkGenerator } from './chunk-loader.ts';
import { GameEngine } from './engine.ts';
import { MAP_DRAWN_MARK } from './first-frame.ts';
import { TILE_SIZE } from './geometry.ts';
import type { MapLayer } from './layer.ts';
import { isImpassableBiome } from './terrain-rules.ts';

const SEED = 12345;
const g = globalThis as Record<string, unknown>;
const GLOBALS = ['requestAnimationFrame', 'cancelAnimationFrame', 'window', 'ResizeObserver', 'OffscreenCanvas'];
const saved = new Map(GLOBALS.map((k) => [k, Object.getOwnPropertyDescriptor(g, k)]));
let core: Core;
let nextFrame: ((t: number) => void) | null = null;
/** The map wrapper's ResizeObserver callback (the last attached). */
let resized: () => void = () => {};

/** A 2D context that counts its calls and hands out real pixel buffers. */
function fakeContext(calls: string[]): CanvasRenderingContext2D {
  const image = (w: number, h: number) => ({ width: w, height: h, data: new Uint8ClampedArray(w * h * 4) });
  return new Proxy({} as Record<string | symbol, unknown>, {
    get: (t, key) => {
      if (key in t) return t[key];
      if (key === 'createImageData') return image;
      if (key === 'measureText') return () => ({ width: 10 });
      if (key === 'createRadialGradient') return () => ({ addColorStop: () => {} });
      if (key === 'canvas') return { width: 800, height: 600 };
      return typeof key === 'string' ? () => void calls.push(key) : undefined;
    },
    set: (t, key, v) => {
      t[key] = v;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

function fakeCanvas(calls: string[]) {
  const ctx = fakeContext(calls);
  return {
    width: 0,
    height: 0,
    style: {},
    getContext: () => ctx,
    getBoundingClientRect: () => ({ left: 620, top: 12, width: 168, height: 168 }),
    addEventListener() {},
    removeEventListener() {},
  } as unknown as HTMLCanvasElement;
}

beforeAll(async () => {
  core = await loadCoreForBun();
  g.requestAnimationFrame = (fn: (t: number) => void) => {
    nextFrame = fn;
    return 1;
  };
  g.cancelAnimationFrame = () => {
    nextFrame = null;
  };
  g.window = { devicePixelRatio: 1, addEventListener() {}, removeEventListener() {} };
  g.ResizeObserver = class {
    constructor(fn: () => void) {
      resized = fn;
    }
    observe() {}
    disconnect() {}
  };
  g.OffscreenCanvas = class {
    private readonly ctx = fakeContext([]);
    constructor(
      readonly width: number,
      readonly height: number,
    ) {}
    getContext() {
      return this.ctx;
    }
  };
});

afterAll(() => {
  for (const [k, d] of saved) {
    if (d) Object.defineProperty(g, k, d);
    else delete g[k];
  }
});

/** A world position with 40 passable tiles to its east (so a walk there goes on for a while). */
function openGround(): { x: number; y: number } {
  for (let ty = 0; ty < 2000; ty += 7) {
    const tx = 300;
    let open = true;
    for (let i = -2; i <= 40 && open; i++) open = !isImpassableBiome(core.biomeAt(SEED, tx + i, ty));
    if (open) return { x: (tx + 0.5) * TILE_SIZE, y: (ty + 0.5) * TILE_SIZE };
  }
  throw new Error('no open ground');
}

/** Chunks held back until the test lets them arrive. */
function heldChunks() {
  const held: { cx: number; cy: number; resolve: (c: Chunk) => void }[] = [];
  const generator: ChunkGenerator = {
    generateChunk: (_seed, cx, cy) => new Promise((resolve) => held.push({ cx, cy, resolve })),
    terminate() {},
  };
  const release = async (n: number) => {
    for (const h of held.splice(0, n)) h.resolve(core.generateChunk(SEED, h.cx, h.cy));
    await Promise.resolve();
  };
  return { generator, release };
}

function setup() {
  const me = openGround();
  const chunks = heldChunks();
  let firstFrames = 0;
  const engine = new GameEngine({
    seed: SEED,
    me: { id: 'me', x: me.x, y: me.y, colour: '#f00', name: 'Ash' },
    core,
    generators: [chunks.generator],
    explored: new ExploredMap(),
    viewport: { width: 800, height: 600 },
    zoom: 1,
    onFirstFrame: () => firstFrames++,
  });
  const mapCalls: string[] = [];
  const miniCalls: string[] = [];
  const size = { width: 800, height: 600 };
  const wrapper = {
    getBoundingClientRect: () => size,
    addEventListener() {},
    removeEventListener() {},
    dataset: {},
  } as unknown as HTMLElement;
  const detach = engine.attach(fakeCanvas(mapCalls), wrapper, fakeCanvas(miniCalls));
  let t = 1000;
  /** Runs `n` animation frames 16 ms apart; returns how many drew. */
  const frames = (n = 1) => {
    const before = engine.snapshot().drawnFrames;
    for (let i = 0; i < n; i++) nextFrame!((t += 16));
    return engine.snapshot().drawnFrames - before;
  };
  const minimapDraws = () => miniCalls.filter((c) => c === 'arc').length / 2; // you: two circles a draw
  return {
    engine,
    chunks,
    /** The map's box is now `width` × `height` (ResizeObserver fires). */
    resize: (width: number, height: number) => {
      size.width = width;
      size.height = height;
      resized();
    },
    frames,
    now: () => t,
    minimapDraws,
    firstFrames: () => firstFrames,
    stop: () => {
      detach();
      engine.stop();
    },
  };
}

test('the first frame draws (and marks it); an idle map then draws nothing while the loop keeps running', () => {
  performance.clearMarks(MAP_DRAWN_MARK);
  const s = setup();
  expect(s.frames(1)).toBe(1);
  expect(s.firstFrames()).toBe(1);
  expect(performance.getEntriesByName(MAP_DRAWN_MARK, 'mark')).toHaveLength(1);
  s.frames(3); // vision and fog settle
  expect(s.frames(100)).toBe(0);
  const snap = s.engine.snapshot();
  expect(snap.frames).toBeGreaterThanOrEqual(104);
  expect(snap.drawnFrames).toBeLessThan(5);
  const stats = s.engine.frameStats();
  expect(stats.drawn.slice(-100).every((d) => !d)).toBe(true);
  expect(stats.work).toHaveLength(stats.drawn.length);
  expect(s.firstFrames()).toBe(1);
  s.stop();
});

test('zoom, pan, a resize, gear, invalidate() and a layer added or removed each draw the next frame, once', () => {
  const s = setup();
  s.frames(10);
  expect(s.frames(10)).toBe(0);
  const once = (what: string, change: () => void) => {
    change();
    expect([what, s.frames(1)]).toEqual([what, 1]);
    s.frames(5); // what follows from it (vision for a new radius) settles
    expect([what, s.frames(20)]).toEqual([what, 0]);
  };
  once('zoom', () => s.engine.zoomTo(1.5));
  once('pan', () => s.engine.lookAt(s.engine.position.x + 300, s.engine.position.y));
  once('recentre', () => s.engine.recentre());
  once('invalidate', () => s.engine.invalidate());
  once('resize', () => s.resize(640, 480));
  once('resize to the same size (the canvas was cleared)', () => s.resize(640, 480));
  once('binoculars', () => s.engine.setGear({ binoculars: true, nightVisionMultiplier: 0.5 }));
  let remove = () => {};
  once('add a layer', () => {
    remove = s.engine.addLayer({ draw() {}, needsDraw: () => false });
  });
  once('remove it', () => remove());
  once('night falls', () =>
    s.engine.setTime({ isDay: false, timeString: '00:00', visionMultiplier: 0.5, cyclePosition: 0 } as never),
  );
  s.stop();
});

test('a layer that needs drawing draws every frame it says so; one without needsDraw draws every frame', () => {
  const s = setup();
  s.frames(10);
  let busy = false;
  let drawnAt = -1;
  const layer: MapLayer = { needsDraw: () => busy, draw: (_ctx, view) => void (drawnAt = view.now) };
  s.engine.addLayer(layer);
  s.frames(2);
  expect(s.frames(10)).toBe(0);
  busy = true;
  expect(s.frames(10)).toBe(10);
  expect(drawnAt).toBe(s.now());
  busy = false;
  expect(s.frames(10)).toBe(0);
  const remove = s.engine.addLayer({ draw() {} });
  expect(s.frames(10)).toBe(10);
  remove();
  s.frames(1);
  expect(s.frames(10)).toBe(0);
  s.stop();
});

test('walking draws every frame until the survivor stops; a chunk arriving draws', async () => {
  const s = setup();
  s.frames(10);
  expect(s.frames(10)).toBe(0);
  const { x, y } = s.engine.position;
  s.engine.walk.moveTo(x + 60, y, s.now());
  let drew = 0;
  let ran = 0;
  while (ran < 600 && (s.engine.snapshot().me.walking || ran === 0)) {
    drew += s.frames(1);
    ran++;
  }
  expect(s.engine.snapshot().me.walking).toBe(false);
  expect(drew).toBe(ran);
  expect(Math.abs(s.engine.position.x - (x + 60))).toBeLessThan(3);
  // The marker where it clicked fades out over its seconds: drawn each frame, then never again.
  while (s.frames(1) === 1 && ran < 5000) ran++;
  expect(s.frames(30)).toBe(0);

  await s.chunks.release(1);
  expect(s.frames(1)).toBe(1);
  s.frames(3);
  expect(s.frames(20)).toBe(0);
  s.stop();
});

test('the minimap: at most every 250 ms, and only after the map drew', () => {
  const s = setup();
  s.frames(1);
  expect(s.minimapDraws()).toBe(1);
  s.frames(60); // a second with nothing new
  const idle = s.minimapDraws();
  expect(idle).toBeLessThanOrEqual(2); // the first frames' vision may redraw it once
  s.frames(60);
  expect(s.minimapDraws()).toBe(idle);
  let busy = true;
  s.engine.addLayer({ needsDraw: () => busy, draw() {}, minimapDots: () => [] });
  s.frames(63); // a second of changes: about four minimaps, never more than one per 250 ms
  const during = s.minimapDraws() - idle;
  expect(during).toBeGreaterThanOrEqual(3);
  expect(during).toBeLessThanOrEqual(5);
  busy = false;
  s.frames(30); // the last change still reaches the minimap once its 250 ms are up
  const after = s.minimapDraws();
  s.frames(120);
  expect(s.minimapDraws()).toBe(after);
  s.stop();
});
