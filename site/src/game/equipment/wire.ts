/**
 * Wires equipment to the live page: what is worn (at the start, on inventory_updated — every change sends it — and
 * by REST while the socket is down), the settlement here where gear can be changed (your settlements every 10 s and
 * on settlement events, against the position), that settlement's storage for the Equip list, and the gear the map
 * sees with. The panel calls the actions through $equipmentActions.
 */
import { atom } from 'nanostores';
import { toast } from '../../stores/toast.ts';
import { $equipment, $equipSite, $equipStorage, $gear, $walking, resetEquipmentStores } from '../../stores/equipment.ts';
import { $actions } from '../actions/wire.ts';
import { coalesced } from '../actions/refresh.ts';
import type { GameSession } from '../session/context.ts';
import { handleUnauthorized } from '../session/unauthorized.ts';
import { createEquipmentActions, type EquipmentActions } from './actions.ts';
import { equipmentCalls, equipmentReads } from './calls.ts';
import { equipSiteAt, sameSite } from './site.ts';

/** Your settlements move rarely: the settlement panels' pace (spec section 7, 10 s). */
export const EQUIP_SITES_POLL_MS = 10_000;

export const $equipmentActions = atom<EquipmentActions | null>(null);

export function wireEquipment(s: GameSession): void {
  resetEquipmentStores();
  const { engine } = s;
  const reads = equipmentReads(s.worldId);
  s.onStop($gear.subscribe((gear) => engine.setGear(gear)));

  const refreshWorn = coalesced(async () => {
    try {
      $equipment.set({ status: 'ready', items: await reads.worn() });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      $equipment.set({ status: 'error', items: $equipment.get().items, message });
      s.failed('equipment refresh', err);
    }
  });
  const refreshStorage = coalesced(async () => {
    const site = $equipSite.get();
    if (!site) return $equipStorage.set([]);
    try {
      const items = await reads.storage(site.id);
      if (sameSite($equipSite.get(), site)) $equipStorage.set(items);
    } catch (err) {
      s.failed('settlement storage for equipment', err);
    }
  });

  let mine: Awaited<ReturnType<typeof reads.mine>> = [];
  const decideSite = () => {
    const next = equipSiteAt(mine, engine.position);
    if (sameSite(next, $equipSite.get())) return;
    $equipSite.set(next);
    $equipStorage.set([]);
    void refreshStorage();
  };
  const refreshSites = coalesced(async () => {
    try {
      mine = await reads.mine();
      decideSite();
    } catch (err) {
      s.failed('your settlements for equipment', err);
    }
  });
  s.onStop(engine.walk.onPosition(decideSite));
  s.onStop(engine.walk.onPosition((p) => $walking.set(p.walking)));

  const actions = createEquipmentActions({
    calls: equipmentCalls(s.worldId),
    toast,
    unauthorized: handleUnauthorized,
    refresh: () => {
      void refreshWorn();
      void refreshStorage();
      void $actions.get()?.refreshInventory();
    },
  });
  $equipmentActions.set(actions);
  s.onStop(() => {
    if ($equipmentActions.get() === actions) $equipmentActions.set(null);
  });

  void refreshWorn();
  void refreshSites();
  // The storage after the sites: a settlement no longer ours (kicked) is not asked for its storage (403).
  s.interval(() => void refreshSites().then(refreshStorage), EQUIP_SITES_POLL_MS);
  s.onStop(
    s.live.on('inventoryUpdated', () => {
      void refreshWorn();
      void refreshStorage();
    }),
  );
  s.onStop(s.live.on('settlementChanged', () => void refreshSites()));
  // Without the socket nobody says inventory_updated: poll at the inventory's pace (every fourth 3 s poll).
  s.offline.add((n) => (n % 4 === 1 ? refreshWorn() : undefined));
}
