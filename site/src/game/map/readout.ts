/**
 * The position/zoom readout under the map, and the frame timings the bench reads. The readout is published when its
 * rounded values change, at most 10 times a second while only the position changes (walking), and mirrored on the
 * map's data-* attributes for the tests.
 */

export interface ReadoutValue {
  x: number;
  y: number;
  zoom: number;
  panned: boolean;
}

const READOUT_EVERY_MS = 100;

export class Readout {
  private last = '';
  private lastView = '';
  private lastAt = 0;

  constructor(private readonly publish: (r: ReadoutValue) => void = () => {}) {}

  update(x: number, y: number, zoom: number, panned: boolean, wrapper: HTMLElement | null, now = performance.now()): void {
    const r = { x: Math.round(x), y: Math.round(y), zoom: Math.round(zoom * 100) / 100, panned };
    const key = `${r.x},${r.y},${r.zoom},${r.panned}`;
    if (key === this.last) return;
    const view = `${r.zoom},${r.panned}`;
    if (view === this.lastView && now - this.lastAt < READOUT_EVERY_MS) return;
    this.last = key;
    this.lastView = view;
    this.lastAt = now;
    this.publish(r);
    if (wrapper) {
      wrapper.dataset.playerX = String(r.x);
      wrapper.dataset.playerY = String(r.y);
      wrapper.dataset.zoom = String(r.zoom);
      wrapper.dataset.panned = String(panned);
    }
  }
}

const FRAME_SAMPLES = 600;

/**
 * The last 600 animation frames: work per frame (ms), time between frames (ms) and whether the frame drew (one that
 * did not only checked for changes and walked). `frames` counts every animation frame, `drawnFrames` those that drew.
 */
export class FrameStats {
  private count = 0;
  private drawnCount = 0;
  private last = 0;
  private readonly work = new Float64Array(FRAME_SAMPLES);
  private readonly delta = new Float64Array(FRAME_SAMPLES);
  private readonly drew = new Uint8Array(FRAME_SAMPLES);

  get frames(): number {
    return this.count;
  }

  get drawnFrames(): number {
    return this.drawnCount;
  }

  /** Seconds since the previous frame (at most 0.1 s; 0 on the first frame). */
  begin(now: number): number {
    const dt = this.last ? Math.min(0.1, (now - this.last) / 1000) : 0;
    if (this.last) this.delta[this.count % FRAME_SAMPLES] = now - this.last;
    this.last = now;
    return dt;
  }

  end(workMs: number, drew = true): void {
    this.work[this.count % FRAME_SAMPLES] = workMs;
    this.drew[this.count % FRAME_SAMPLES] = drew ? 1 : 0;
    this.count++;
    if (drew) this.drawnCount++;
  }

  read(): { work: number[]; delta: number[]; drawn: boolean[] } {
    const n = Math.min(this.count, FRAME_SAMPLES);
    return {
      work: Array.from(this.work.subarray(0, n)),
      delta: Array.from(this.delta.subarray(0, n)),
      drawn: Array.from(this.drew.subarray(0, n), (d) => d === 1),
    };
  }
}
