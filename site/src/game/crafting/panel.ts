/**
 * Loads the bench queue of the settlement here while the player manages it ($craftQueue), the way the Defence loads
 * (raids/panel.ts loader): coalesced, cleared away from it, an answer for a settlement already left dropped, a failed
 * load an error in the section.
 */
import { $craftQueue } from '../../stores/crafting.ts';
import { $hereSettlement } from '../../stores/settlements.ts';
import { loader } from '../raids/panel.ts';
import { managedHereId } from '../settlements/panel.ts';
import type { CraftReads } from './calls.ts';

export function trackCraftQueue(reads: CraftReads, onError: (err: unknown) => void): { reload(): Promise<void>; stop(): void } {
  const reload = loader($craftQueue, reads.queue, onError);
  let shown = managedHereId();
  const stop = $hereSettlement.listen(() => {
    const id = managedHereId();
    if (id === shown) return;
    shown = id;
    void reload();
  });
  void reload();
  return { reload, stop };
}
