/**
 * Saves newly explored tiles: every 30 s (only chunks that changed, at most 16 per request), and with
 * navigator.sendBeacon when the page is hidden or left (the server reads text/plain bodies as JSON).
 */
import type { ExploredTilesWire } from '../../../../api/contract/world.ts';
import { EXPLORED_SAVE_INTERVAL_MS } from '../../../../api/game/world.ts';
import { isUnauthorizedError } from '../../../../api/contract/errors.ts';
import { apiFetch } from '../../lib/api.ts';
import type { ExploredMap } from './explored.ts';

export const EXPLORED_PATH = '/api/player/explored-tiles';

export interface ExploredSyncEnv {
  post(body: { worldId: string; exploredTiles: ExploredTilesWire }): Promise<unknown>;
  beacon(url: string, body: string): boolean;
  onUnauthorized(): void;
}

const browserEnv = (onUnauthorized: () => void): ExploredSyncEnv => ({
  post: (body) => apiFetch(EXPLORED_PATH, { method: 'POST', body: JSON.stringify(body) }),
  beacon: (url, body) => navigator.sendBeacon(url, body),
  onUnauthorized,
});

/** Posts every unsaved batch; failed batches stay unsaved for the next round. */
export async function saveExplored(
  explored: ExploredMap,
  worldId: string,
  env: Pick<ExploredSyncEnv, 'post' | 'onUnauthorized'>,
): Promise<void> {
  for (const batch of explored.takeUnsaved()) {
    try {
      await env.post({ worldId, exploredTiles: batch });
    } catch (err) {
      explored.restore(batch);
      if (isUnauthorizedError(err)) return env.onUnauthorized();
      console.warn('[explored] save failed; will retry', err);
    }
  }
}

/** Sends every unsaved batch by beacon (page going away). */
export function beaconExplored(explored: ExploredMap, worldId: string, env: Pick<ExploredSyncEnv, 'beacon'>): void {
  for (const batch of explored.takeUnsaved()) {
    if (!env.beacon(EXPLORED_PATH, JSON.stringify({ worldId, exploredTiles: batch }))) explored.restore(batch);
  }
}

export function startExploredSync(
  explored: ExploredMap,
  worldId: string,
  onUnauthorized: () => void,
  env = browserEnv(onUnauthorized),
): () => void {
  let saving = false;
  const timer = setInterval(() => {
    if (saving) return;
    saving = true;
    void saveExplored(explored, worldId, env).finally(() => (saving = false));
  }, EXPLORED_SAVE_INTERVAL_MS);
  const leave = () => beaconExplored(explored, worldId, env);
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') leave();
  };
  window.addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(timer);
    window.removeEventListener('pagehide', leave);
    document.removeEventListener('visibilitychange', onVisibility);
    leave();
  };
}
