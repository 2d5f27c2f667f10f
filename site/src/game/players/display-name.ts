/**
 * The display-name editor's flow (Character panel and the phone header): trimmed, empty not sent (spec), PATCH
 * /api/user/display-name; on success the spec's toast and the new name in place ($me), without the spec's reload
 * (a reload dropped the map, the panels and any walk in progress; observers already relabel the survivor
 * from the server's player_updated frame); on failure the spec's toast with the server's reason. Dependencies are
 * injected, so it is unit-tested.
 */
import { isUnauthorizedError } from '../../../../api/contract/errors.ts';
import type { ToastInput } from '../../stores/toast.ts';
import { reasonOf } from '../equipment/text.ts';

export const DISPLAY_NAME_TEXT = {
  updated: 'Display name updated',
  failed: 'Failed to update display name',
} as const;

export interface DisplayNameDeps {
  save(displayName: string): Promise<unknown>;
  toast(t: ToastInput): void;
  unauthorized(): void;
  /** The saved name, for the page's own stores (no reload). */
  renamed(displayName: string): void;
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
    d.renamed(name);
    d.toast({ title: DISPLAY_NAME_TEXT.updated });
    return 'saved';
  };
}
