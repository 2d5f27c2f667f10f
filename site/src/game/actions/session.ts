/**
 * Wires the actions to the live page: the typed API client, the engine, toasts, the Game Log and the
 * Unauthorized flow. game-session.ts starts it once the engine exists and calls inventoryUpdated() on the
 * socket's inventory_updated; the panels call the actions through $actions.
 */
import { atom } from 'nanostores';
import { isUnauthorizedError } from '../../../../api/contract/http.ts';
import { api, unwrap } from '../../lib/api.ts';
import { toast } from '../../islands/game/toast/toast-store.ts';
import { resetActionStores } from '../../stores/actions.ts';
import { logLocal } from '../../stores/game.ts';
import { createActions, type Actions } from './actions.ts';
import { trackNearby } from './nearby.ts';
import type { GameEngine } from '../map/engine.ts';
import { handleUnauthorized } from '../session/unauthorized.ts';

/** The spec's inventory refresh (section 7: every 12 s). */
export const INVENTORY_POLL_MS = 12_000;

export const $actions = atom<Actions | null>(null);

export function startActionsSession(engine: GameEngine, worldId: string): () => void {
  resetActionStores();
  const actions = createActions({
    scavengeCall: (poiId) => unwrap(api.api.poi({ id: poiId }).scavenge.post({ worldId })),
    forageCall: (x, y) => unwrap(api.api.forage.post({ worldId, playerX: x, playerY: y })),
    inventoryCall: async () => (await unwrap(api.api.player.inventory.get({ query: { worldId } }))).items,
    position: () => engine.position,
    setPoiSignificance: (id, s) => engine.setPoiSignificance(id, s),
    toast,
    log: logLocal,
    unauthorized: () => handleUnauthorized(),
  });
  const world = api.api.world({ worldId });
  const stopTracking = trackNearby({
    engine,
    terrainPoi: async (x, y) => (await unwrap(world['terrain-info'].get({ query: { x, y } }))).poi,
    regionPois: async (cx, cy) =>
      (await unwrap(world.chunks.get({ query: { centerChunkX: cx, centerChunkY: cy, chunkRadius: 1 } }))).pois,
    onError: (err) => {
      if (isUnauthorizedError(err)) handleUnauthorized();
      else console.warn('[actions] could not refresh POI significance', err);
    },
  });
  $actions.set(actions);
  void actions.refreshInventory();
  const poll = setInterval(() => void actions.refreshInventory(), INVENTORY_POLL_MS);
  return () => {
    clearInterval(poll);
    stopTracking();
    actions.dispose();
    if ($actions.get() === actions) $actions.set(null);
  };
}

/** The socket said our inventory changed. */
export function inventoryUpdated(): void {
  void $actions.get()?.refreshInventory();
}
