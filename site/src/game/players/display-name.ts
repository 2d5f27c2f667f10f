/**
 * The display-name editor's flow (Character panel and the phone header): trimmed, empty not sent (spec), PATCH
 * /api/user/display-name; on success the spec's toast, then the page reloads so every store starts from the new
 * name; on failure the spec's toast with the server's reason. Dependencies are injected, so it is unit-tested.
 */
import { isUnauthorizedError } from '../../../../api/contract/errors.ts';
import type { ToastInput } from '../../islands/game/toast/toast-store.ts';
import { reasonOf } from '../equipment/text.ts';

export const DISPLAY_NAME_TEXT = {
  updated: 'Display name updated',
  failed: 'Failed to update display name',
} as const;
/** Long enough to read the success toast before the page reloads. */
export const DISPLAY_NAME_RELOAD_DELAY_MS = 1000;

export interface DisplayNameDeps {
  save(displayName: string): Promise<unknown>;
  toast(t: ToastInput): void;
  unauthorized(): void;
  /** Spec: "success clears cache and reloads the page". */
  reload(): void;
}

export type DisplayNameOutcome = 'unchanged' | 'saved' | 'failed';

export function createDisplayNameEdit(d: DisplayNameDeps) {
  return async function submit(raw: string, current: string): Promise<DisplayNameOutcome> {
    const name = raw.trim();
    if (name.length === 0 || name === current) return 'unchanged';
    try {
      await d.save(name);
    } catch (err) {
      if (isUnauthorizedError(err)) d.unauthorized();
      else d.toast({ title: DISPLAY_NAME_TEXT.failed, description: reasonOf(err) || undefined, variant: 'destructive' });
      return 'failed';
    }
    d.toast({ title: DISPLAY_NAME_TEXT.updated });
    d.reload();
    return 'saved';
  };
}
