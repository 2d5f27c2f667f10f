/**
 * A read-only window into the map for Playwright and the bench (the canvas itself cannot be inspected):
 * `window.__wastelandMap.snapshot()` (positions, zoom, chunks) and `.frameStats()` (frame timings).
 */
import type { GameEngine, MapSnapshot } from './engine.ts';

export interface WastelandMapHook {
  snapshot(): MapSnapshot;
  frameStats(): { work: number[]; delta: number[] };
}

declare global {
  interface Window {
    __wastelandMap?: WastelandMapHook;
  }
}

export function installDebugHook(engine: GameEngine): () => void {
  const hook: WastelandMapHook = Object.freeze({ snapshot: () => engine.snapshot(), frameStats: () => engine.frameStats() });
  window.__wastelandMap = hook;
  return () => {
    if (window.__wastelandMap === hook) delete window.__wastelandMap;
  };
}
