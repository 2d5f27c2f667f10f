/**
 * How every settlement and bed action runs: one at a time ($settlementBusy, so every settlement button waits for
 * it), a failure toast chosen by the caller (Unauthorized goes to the login instead), and a refresh of everything
 * the action may have changed, whether it worked or not (a refusal often means the page was out of date).
 */
import { isUnauthorizedError } from '../../../../api/contract/errors.ts';
import type { ToastInput } from '../../stores/toast.ts';
import { $settlementBusy } from '../../stores/settlements.ts';

export interface RunnerDeps {
  toast(t: ToastInput): void;
  unauthorized(): void;
  refresh(): void;
}

/** Runs `call` as the action `name` unless another is in flight (then null); `onError` picks the failure toast. */
export type Runner = <T>(name: string, call: () => Promise<T>, onError: (err: unknown) => ToastInput) => Promise<T | null>;

export function actionRunner(d: RunnerDeps): Runner {
  return async (name, call, onError) => {
    if ($settlementBusy.get()) return null;
    $settlementBusy.set(name);
    try {
      return await call();
    } catch (err) {
      if (isUnauthorizedError(err)) d.unauthorized();
      else {
        const t = onError(err);
        console.warn(`[settlements] ${t.title}`, err);
        d.toast(t);
      }
      return null;
    } finally {
      $settlementBusy.set(null);
      d.refresh();
    }
  };
}
