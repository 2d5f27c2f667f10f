/**
 * Loads the buildings, storage, beds (assignments and pending invitations) and level progress of the settlement here
 * while the player manages it ($buildings, $storage, $beds, $progress); clears them otherwise. An answer that comes back after the survivor walked to another settlement is dropped.
 */
import type { BedInvitation } from '../../../../api/contract/beds.ts';
import type { BuildingView, SettlementProgress, StorageEntry } from '../../../../api/contract/settlements.ts';
import { $beds, $buildings, $hereSettlement, $progress, $storage, type BedAssignmentView } from '../../stores/settlements.ts';
import { coalesced } from '../actions/refresh.ts';

export interface PanelReads {
  buildings(settlementId: string): Promise<BuildingView[]>;
  storage(settlementId: string): Promise<StorageEntry[]>;
  beds(settlementId: string): Promise<{ assignments: BedAssignmentView[]; pending: BedInvitation[] }>;
  progress(settlementId: string): Promise<SettlementProgress>;
  onError(err: unknown): void;
}

export function managedHereId(): string | null {
  const s = $hereSettlement.get();
  return s?.status === 'manageable' ? s.id : null;
}

let regionPoll: () => Promise<void> = async () => {};

/** The region's settlements read (settlements/wire.ts; coalesced there), which afterRegion waits for. */
export function setRegionPoll(poll: () => Promise<void>): () => void {
  regionPoll = poll;
  return () => {
    if (regionPoll === poll) regionPoll = async () => {};
  };
}

/**
 * For a settlement event: runs `reload` once the region's list has been read again, and only if the player still
 * manages the settlement here. A kick reaches the kicked player as such an event; reloading at once, while the list
 * still says 'manageable', would ask for storage, beds and Defence the server now refuses (403s in the console).
 */
export async function afterRegion(settlementId: string, reload: () => unknown): Promise<void> {
  if (managedHereId() !== settlementId) return;
  await regionPoll();
  if (managedHereId() === settlementId) await reload();
}

/** Returns the refresh (coalesced: a burst of events costs at most one more load) and the stop. */
export function trackPanel(d: PanelReads): { refresh: () => Promise<void>; stop: () => void } {
  const refresh = coalesced(async () => {
    const id = managedHereId();
    if (!id) {
      $buildings.set(null);
      $storage.set(null);
      $beds.set(null);
      $progress.set(null);
      return;
    }
    try {
      const [buildings, storage, beds, progress] = await Promise.all([
        d.buildings(id),
        d.storage(id),
        d.beds(id),
        d.progress(id),
      ]);
      if (managedHereId() !== id) return;
      $buildings.set({ settlementId: id, list: buildings });
      $storage.set({ settlementId: id, entries: storage });
      $beds.set({ settlementId: id, ...beds });
      $progress.set({ settlementId: id, progress });
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
