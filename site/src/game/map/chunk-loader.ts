/**
 * Asks the WASM core's worker(s) for the chunks the map wants, nearest first, with a bounded number of requests
 * in flight so a fast pan does not queue up chunks that are no longer needed.
 */
import type { Chunk } from '../../../../core-wasm/index.ts';
import { chunkKey, chunksInRect, type ChunkRect } from './geometry.ts';

export interface ChunkGenerator {
  generateChunk(seed: number, chunkX: number, chunkY: number): Promise<Chunk>;
  terminate(): void;
}

/** Requests per generator at once: one computing, one waiting, so the worker never idles. */
const IN_FLIGHT_PER_GENERATOR = 2;

export class ChunkLoader {
  private wanted: { cx: number; cy: number; key: string }[] = [];
  private readonly inFlight = new Set<string>();
  private readonly failed = new Set<string>();
  private next = 0;
  private stopped = false;

  constructor(
    private readonly seed: number,
    private readonly generators: ChunkGenerator[],
    private readonly isLoaded: (key: string) => boolean,
    private readonly onChunk: (chunk: Chunk) => void,
    private readonly onError: (err: unknown) => void = (err) => console.error('[map] chunk generation failed', err),
  ) {}

  /** The chunks wanted now, ordered nearest to (centerX, centerY) first. */
  want(rect: ChunkRect, centerX: number, centerY: number): void {
    this.wanted = chunksInRect(rect)
      .map((c) => ({ ...c, key: chunkKey(c.cx, c.cy) }))
      .sort((a, b) => Math.hypot(a.cx - centerX, a.cy - centerY) - Math.hypot(b.cx - centerX, b.cy - centerY));
    this.pump();
  }

  /** How many wanted chunks are ready. */
  progress(): { ready: number; needed: number } {
    return { ready: this.wanted.filter((c) => this.isLoaded(c.key)).length, needed: this.wanted.length };
  }

  private pump(): void {
    if (this.stopped) return;
    const capacity = this.generators.length * IN_FLIGHT_PER_GENERATOR;
    for (const c of this.wanted) {
      if (this.inFlight.size >= capacity) return;
      if (this.inFlight.has(c.key) || this.failed.has(c.key) || this.isLoaded(c.key)) continue;
      this.request(c.cx, c.cy, c.key);
    }
  }

  private request(cx: number, cy: number, key: string): void {
    const generator = this.generators[this.next++ % this.generators.length]!;
    this.inFlight.add(key);
    generator.generateChunk(this.seed, cx, cy).then(
      (chunk) => {
        this.inFlight.delete(key);
        if (this.stopped) return;
        this.onChunk(chunk);
        this.pump();
      },
      (err) => {
        this.inFlight.delete(key);
        if (this.stopped) return;
        this.failed.add(key); // outside the core's world, or the worker died: do not retry in a loop
        this.onError(err);
        this.pump();
      },
    );
  }

  stop(): void {
    this.stopped = true;
    for (const g of this.generators) g.terminate();
  }
}
