/**
 * What the map needs before its first frame: the world, the survivor, the clock, the explored land and the WASM
 * core. GameApp starts these beside the sign-in check (prefetchFirstLoads) instead of after it and the lobby gate,
 * which took two round trips more before the first screen; the session takes them once (takeFirstLoads). For a
 * visitor or a player without a seat the early calls are refused (401/403, nothing written) and dropped: the gate
 * sends them away. A failed early load is asked again by the session, so a retry never sees a stale failure.
 */
import type { TimeInfo } from '../../../../api/contract/protocol.ts';
import type { ExploredTilesWire, PlayerInfo, WorldInfo } from '../../../../api/contract/world.ts';
import { DEFAULT_WORLD_ID } from '../../../../api/game/world.ts';
import type { Core } from '../../../../core-wasm/index.ts';
import { loadCoreInBrowser } from '../../lib/core.ts';
import { getJson } from '../../lib/fetch.ts';

export interface FirstLoads {
  world: WorldInfo;
  player: PlayerInfo;
  time: TimeInfo;
  explored: { exploredTiles: ExploredTilesWire };
  core: Core;
}

export async function loadFirst(worldId: string): Promise<FirstLoads> {
  const [world, player, time, explored, core] = await Promise.all([
    getJson<WorldInfo>(`/api/world/${encodeURIComponent(worldId)}`),
    getJson<PlayerInfo>('/api/player/current', { worldId }),
    getJson<TimeInfo>('/api/time', { worldId }),
    getJson<{ exploredTiles: ExploredTilesWire }>('/api/player/explored-tiles', { worldId }),
    loadCoreInBrowser(),
  ]);
  return { world, player, time, explored, core };
}

let early: { worldId: string; loads: Promise<FirstLoads> } | null = null;

/** Starts the first loads now, once; startGameSession takes them. */
export function prefetchFirstLoads(worldId: string = DEFAULT_WORLD_ID, load = loadFirst): void {
  if (early) return;
  const loads = load(worldId);
  loads.catch(() => {}); // refused or failed: the session asks again
  early = { worldId, loads };
}

/** The early loads when there are some for this world (each taken once), else fresh ones. */
export function takeFirstLoads(worldId: string, load = loadFirst): Promise<FirstLoads> {
  const taken = early;
  early = null;
  if (taken && taken.worldId === worldId) return taken.loads.catch(() => load(worldId));
  return load(worldId);
}
