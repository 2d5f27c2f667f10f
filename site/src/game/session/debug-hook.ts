/**
 * A read-only window into the map for Playwright and the bench (the canvas itself cannot be inspected):
 * `window.__wastelandMap.snapshot()` (positions, zoom, chunks, other survivors) and `.frameStats()` (frame timings).
 */
import type { EngineSnapshot, GameEngine } from '../map/engine.ts';
import type { SurvivorsLayer } from '../players/layer.ts';

export interface MapSnapshot extends EngineSnapshot {
  players: { id: string; x: number; y: number; inRange: boolean }[];
}

export interface WastelandMapHook {
  snapshot(): MapSnapshot;
  frameStats(): { work: number[]; delta: number[] };
}

declare global {
  interface Window {
    __wastelandMap?: WastelandMapHook;
  }
}

export function mapSnapshot(engine: GameEngine, survivors: SurvivorsLayer): MapSnapshot {
  const players = survivors.at(performance.now(), engine.position).map((o) => ({ id: o.id, x: o.x, y: o.y, inRange: o.inRange }));
  return { ...engine.snapshot(), players };
}

export function installDebugHook(engine: GameEngine, survivors: SurvivorsLayer): () => void {
  const hook: WastelandMapHook = Object.freeze({
    snapshot: () => mapSnapshot(engine, survivors),
    frameStats: () => engine.frameStats(),
  });
  window.__wastelandMap = hook;
  return () => {
    if (window.__wastelandMap === hook) delete window.__wastelandMap;
  };
}
