/**
 * Wires the actions to the live page: the typed API client, the POI layer, toasts and the Unauthorized flow; the
 * socket's inventory_updated refreshes the inventory. The panels call the actions through $actions.
 */
import { atom } from 'nanostores';
import { api, unwrap } from '../../lib/api.ts';
import { toast } from '../../stores/toast.ts';
import { $inventory, resetActionStores } from '../../stores/actions.ts';
import { paceAt } from '../../../../api/game/carrying.ts';
import { poiStateRead } from '../pois/calls.ts';
import type { PoiLayer } from '../pois/layer.ts';
import type { GameSession } from '../session/context.ts';
import { handleUnauthorized } from '../session/unauthorized.ts';
import { createActions, type Actions } from './actions.ts';
import { trackNearby } from './nearby.ts';

/** The spec's inventory refresh (section 7: every 12 s). */
export const INVENTORY_POLL_MS = 12_000;

export const $actions = atom<Actions | null>(null);

export function wireActions(s: GameSession, pois: PoiLayer): void {
  resetActionStores();
  const { engine, worldId } = s;
  const actions = createActions({
    scavengeCall: (poiId) => unwrap(api.api.poi({ id: poiId }).scavenge.post({ worldId })),
    forageCall: (x, y) => unwrap(api.api.forage.post({ worldId, playerX: x, playerY: y })),
    inventoryCall: () => unwrap(api.api.player.inventory.get({ query: { worldId } })),
    position: () => engine.position,
    setPoiSignificance: (id, sig) => pois.setSignificance(id, sig),
    toast,
    unauthorized: () => handleUnauthorized(),
  });
  const world = api.api.world({ worldId });
  const stopTracking = trackNearby({
    engine: {
      onPosition: (fn) => engine.walk.onPosition(fn),
      nearestPoi: (x, y) => pois.nearest(x, y),
      setPoiSignificance: (id, sig) => pois.setSignificance(id, sig),
    },
    terrainPoi: async (x, y) => (await unwrap(world['terrain-info'].get({ query: { x, y } }))).poi,
    regionPois: poiStateRead(worldId),
    onError: (err) => s.failed('POI significance refresh', err),
  });
  $actions.set(actions);
  // The walk keeps the pace the server holds the survivor to (a heavy pack walks slower).
  s.onStop($inventory.subscribe((inv) => engine.walk.setPace(inv.pack ? paceAt(inv.pack.load, inv.pack.capacity) : 1)));
  void actions.refreshInventory();
  s.interval(() => void actions.refreshInventory(), INVENTORY_POLL_MS);
  s.onStop(s.live.on('inventoryUpdated', () => void actions.refreshInventory()));
  s.onStop(() => {
    stopTracking();
    actions.dispose();
    if ($actions.get() === actions) $actions.set(null);
  });
}
