/**
 * Loads the buildings and storage of the settlement here while the player manages it ($buildings, $storage);
 * clears them otherwise. An answer that comes back after the survivor walked to another settlement is dropped.
 */
import type { BuildingView, StorageEntry } from '../../../../api/contract/settlements.ts';
import { $buildings, $hereSettlement, $storage } from '../../stores/settlements.ts';
import { coalesced } from '../actions/refresh.ts';

export interface PanelReads {
  buildings(settlementId: string): Promise<BuildingView[]>;
  storage(settlementId: string): Promise<StorageEntry[]>;
  onError(err: unknown): void;
}

export function managedHereId(): string | null {
  const s = $hereSettlement.get();
  return s?.status === 'manageable' ? s.id : null;
}

/** Returns the refresh (coalesced: a burst of events costs at most one more load) and the stop. */
export function trackPanel(d: PanelReads): { refresh: () => Promise<void>; stop: () => void } {
  const refresh = coalesced(async () => {
    const id = managedHereId();
    if (!id) {
      $buildings.set(null);
      $storage.set(null);
      return;
    }
    try {
      const [buildings, storage] = await Promise.all([d.buildings(id), d.storage(id)]);
      if (managedHereId() !== id) return;
      $buildings.set({ settlementId: id, list: buildings });
      $storage.set({ settlementId: id, entries: storage });
    } catch (err) {
      d.onError(err);
    }
  });
  let shown = managedHereId();
  const stop = $hereSettlement.listen(() => {
    const id = managedHereId();
    if (id === shown) return;
    shown = id;
    void refresh();
  });
  void refresh();
  return { refresh, stop };
}
