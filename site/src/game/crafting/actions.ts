/**
 * What the Crafting section does: queue a craft of a recipe at the settlement here, cancel a job. Each call → server
 * → toast → a refresh of what it moved (the pack, the storage, the queue), whether it worked or not (a refusal often
 * means the page was out of date). One runs at a time ($craftBusy). The server judges (materials, reach, a full
 * queue) and its reason is the failure toast's. Dependencies are injected (wire.ts wires the real ones).
 */
import { isUnauthorizedError } from '../../../../api/contract/errors.ts';
import type { ToastInput } from '../../stores/toast.ts';
import { $craftBusy } from '../../stores/crafting.ts';
import { managedHereId } from '../settlements/panel.ts';
import { clampQuantity } from './book.ts';
import { toMs } from './queue.ts';
import { cancelFailedToast, cancelledToast, craftFailedToast, queuedToast } from './text.ts';

export interface CraftCalls {
  craft(
    settlementId: string,
    body: { recipeId: string; quantity: number },
  ): Promise<{ job: { id: string; readyAt: string | Date }; message: string }>;
  cancel(settlementId: string, jobId: string): Promise<{ message: string; refunded: { toPack: number; toStorage: number } }>;
}

export interface CraftActionDeps {
  calls: CraftCalls;
  toast(t: ToastInput): void;
  unauthorized(): void;
  /** Refetch what a craft or cancel moved: the pack, the settlement's storage, the queue. */
  refresh(): void;
  now(): number;
}

export interface CraftActions {
  /** False when refused, away from a settlement you manage, or another bench call is in flight. */
  craft(recipeId: string, quantity: number): Promise<boolean>;
  cancel(jobId: string): Promise<boolean>;
}

export function createCraftActions(d: CraftActionDeps): CraftActions {
  async function run<T>(name: string, call: (settlementId: string) => Promise<T>, failure: (err: unknown) => ToastInput) {
    const id = managedHereId();
    if (!id || $craftBusy.get()) return null;
    $craftBusy.set(name);
    try {
      return await call(id);
    } catch (err) {
      if (isUnauthorizedError(err)) d.unauthorized();
      else {
        const t = failure(err);
        console.warn(`[crafting] ${t.title}`, err);
        d.toast(t);
      }
      return null;
    } finally {
      $craftBusy.set(null);
      d.refresh();
    }
  }

  return {
    async craft(recipeId, quantity) {
      const r = await run(
        `craft:${recipeId}`,
        (id) => d.calls.craft(id, { recipeId, quantity: clampQuantity(quantity) }),
        craftFailedToast,
      );
      if (!r) return false;
      const readyAt = toMs(r.job.readyAt);
      d.toast(queuedToast(r.message, readyAt === null || Number.isNaN(readyAt) ? null : readyAt - d.now()));
      return true;
    },

    async cancel(jobId) {
      const r = await run(`cancel:${jobId}`, (id) => d.calls.cancel(id, jobId), cancelFailedToast);
      if (r) d.toast(cancelledToast(r.message, r.refunded));
      return !!r;
    },
  };
}
