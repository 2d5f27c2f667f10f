/**
 * A read-only window into the map for Playwright and the bench (the canvas itself cannot be inspected):
 * `window.__wastelandMap.snapshot()` (positions, zoom, chunks, other survivors, NPCs, frames run and drawn) and
 * `.frameStats()` (frame timings, and which frames drew).
 */
import type { EngineSnapshot, GameEngine } from '../map/engine.ts';
import type { NpcLayer } from '../npcs/layer.ts';
import type { SiteArrowLayer } from '../pois/arrow-layer.ts';
import type { SurvivorsLayer } from '../players/layer.ts';

export interface MapSnapshot extends EngineSnapshot {
  /** Every other survivor with a known position; `visible` when the map draws them (in range and in your sight). */
  players: { id: string; x: number; y: number; inRange: boolean; visible: boolean }[];
  /** Every NPC the map knows, where it is drawn now; `visible` when drawn (in sight, or by radio). */
  npcs: {
    id: string;
    name: string;
    settlementId: string | null;
    x: number;
    y: number;
    moving: boolean;
    visible: boolean;
    byRadio: boolean;
  }[];
  /**
   * The arrow to the nearest unsearched site as last drawn: the site's world position, its caption, at the edge or
   * not, and where on the map the arrow is (CSS pixels).
   */
  siteArrow: { x: number; y: number; caption: string; atEdge: boolean; at: { x: number; y: number } } | null;
}

export interface WastelandMapHook {
  snapshot(): MapSnapshot;
  frameStats(): { work: number[]; delta: number[]; drawn: boolean[] };
}

declare global {
  interface Window {
    __wastelandMap?: WastelandMapHook;
  }
}

export function mapSnapshot(
  engine: GameEngine,
  survivors: SurvivorsLayer,
  npcLayer: NpcLayer,
  siteArrow: SiteArrowLayer,
): MapSnapshot {
  const now = performance.now();
  const players = survivors.at(now, engine.position).map((o) => ({
    id: o.id,
    x: o.x,
    y: o.y,
    inRange: o.inRange,
    visible: o.visible,
  }));
  const npcs = npcLayer.at(now).map((n) => ({
    id: n.id,
    name: n.name,
    settlementId: n.settlementId,
    x: n.x,
    y: n.y,
    moving: n.moving,
    visible: n.visible,
    byRadio: n.byRadio,
  }));
  const t = siteArrow.target;
  const arrow = t && { x: t.poi.worldX, y: t.poi.worldY, caption: t.caption, atEdge: t.atEdge, at: { ...t.at } };
  return { ...engine.snapshot(), players, npcs, siteArrow: arrow };
}

export function installDebugHook(
  engine: GameEngine,
  survivors: SurvivorsLayer,
  npcs: NpcLayer,
  siteArrow: SiteArrowLayer,
): () => void {
  const hook: WastelandMapHook = Object.freeze({
    snapshot: () => mapSnapshot(engine, survivors, npcs, siteArrow),
    frameStats: () => engine.frameStats(),
  });
  window.__wastelandMap = hook;
  return () => {
    if (window.__wastelandMap === hook) delete window.__wastelandMap;
  };
}
