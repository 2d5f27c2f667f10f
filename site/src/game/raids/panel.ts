/**
 * Loads the Defence and the raid history of the settlement here while the player manages it ($defence,
 * $raidHistory); clears them otherwise. Each refresh is coalesced (a burst of frames costs at most one more load), and
 * an answer that comes back after the survivor walked to another settlement is dropped. A failed load shows as an
 * error in its section rather than keeping the last settlement's numbers.
 */
import { $defence, $raidHistory, type Loaded } from '../../stores/raids.ts';
import { $hereSettlement } from '../../stores/settlements.ts';
import { coalesced } from '../actions/refresh.ts';
import { reasonOf } from '../npcs/text.ts';
import { managedHereId } from '../settlements/panel.ts';
import type { RaidReads } from './calls.ts';

export interface RaidPanel {
  /** Reloads the Defence section (storage, NPCs or the clock moved its numbers). */
  defence(): Promise<void>;
  /** Reloads both (a raid came). */
  all(): Promise<void>;
  stop(): void;
}

/**
 * Loads one section's value for the settlement here into its store (coalesced; cleared away from a managed
 * settlement; an answer for a settlement already left dropped; a failure an error in the section). The Crafting
 * section's queue loads the same way (crafting/panel.ts).
 */
export function loader<T>(
  store: { get(): Loaded<T> | null; set(v: Loaded<T> | null): void },
  load: (id: string) => Promise<T>,
  onError: (err: unknown) => void,
): () => Promise<void> {
  return coalesced(async () => {
    const id = managedHereId();
    if (!id) {
      store.set(null);
      return;
    }
    if (store.get()?.settlementId !== id) store.set(null);
    try {
      const value = await load(id);
      if (managedHereId() === id) store.set({ settlementId: id, status: 'ready', value });
    } catch (err) {
      onError(err);
      if (managedHereId() === id) store.set({ settlementId: id, status: 'error', message: reasonOf(err) || 'no answer' });
    }
  });
}

export function trackRaidPanel(reads: RaidReads, onError: (what: string, err: unknown) => void): RaidPanel {
  const defence = loader($defence, reads.defence, (err) => onError('defence', err));
  const history = loader($raidHistory, reads.raids, (err) => onError('raid history', err));
  const all = async () => {
    await Promise.all([defence(), history()]);
  };
  let shown = managedHereId();
  const stop = $hereSettlement.listen(() => {
    const id = managedHereId();
    if (id === shown) return;
    shown = id;
    void all();
  });
  void all();
  return { defence, all, stop };
}
