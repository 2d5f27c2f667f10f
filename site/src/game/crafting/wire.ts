/**
 * Wires crafting to the live page: the bench queue of the settlement here loads as it is managed, again after a craft
 * or a cancel, on its settlement events, every SETTLEMENT_POLL_MS and after the connection was down; the actions the
 * Crafting section calls through $craftActions. A job done (craft_done, to its crafter and the members wherever they
 * are) is a toast and a game-log line, and the pack, the storage and the queue read again. Its sound is the audio
 * wiring's (audio/wire.ts).
 */
import { atom } from 'nanostores';
import { toast } from '../../stores/toast.ts';
import { resetCraftingStores } from '../../stores/crafting.ts';
import { addPersonalLogLine } from '../../stores/game.ts';
import { $actions } from '../actions/wire.ts';
import { type GameSession, onReconnected } from '../session/context.ts';
import { handleUnauthorized } from '../session/unauthorized.ts';
import { afterRegion, managedHereId } from '../settlements/panel.ts';
import { SETTLEMENT_POLL_MS } from '../settlements/wire.ts';
import { type CraftActions, type CraftCalls, createCraftActions } from './actions.ts';
import { type CraftReads, craftCalls, craftReads } from './calls.ts';
import { trackCraftQueue } from './panel.ts';
import { doneLine, doneToast } from './text.ts';

export const $craftActions = atom<CraftActions | null>(null);

export interface CraftingWiring {
  /** Reloads the buildings and storage of the settlement here (settlements/wire.ts). */
  refreshPanel(): void;
  /** Tests pass fakes; the page the typed client's. */
  calls?: CraftCalls;
  reads?: CraftReads;
}

export function wireCrafting(s: GameSession, w: CraftingWiring): void {
  resetCraftingStores();
  const queue = trackCraftQueue(w.reads ?? craftReads, (err) => s.failed('craft queue', err));
  s.onStop(queue.stop);
  const refresh = () => {
    void $actions.get()?.refreshInventory();
    w.refreshPanel();
    void queue.reload();
  };

  const actions = createCraftActions({
    calls: w.calls ?? craftCalls(s.worldId),
    toast,
    unauthorized: handleUnauthorized,
    refresh,
    now: Date.now,
  });
  $craftActions.set(actions);
  s.onStop(() => {
    if ($craftActions.get() === actions) $craftActions.set(null);
  });

  s.onStop(
    s.live.on('craftDone', (done) => {
      toast(doneToast(done));
      addPersonalLogLine('craft', doneLine(done));
      if (managedHereId() === done.settlementId) refresh();
      else void $actions.get()?.refreshInventory();
    }),
  );
  s.onStop(
    s.live.on('settlementChanged', (changed) => {
      void afterRegion(changed.id, queue.reload);
    }),
  );
  s.interval(() => void queue.reload(), SETTLEMENT_POLL_MS);
  onReconnected(s, () => void queue.reload());
}
