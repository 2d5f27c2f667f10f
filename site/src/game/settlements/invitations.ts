/**
 * The player's bed invitations ($invitations, shown in Your Settlements): read every 10 s like the spec says, and
 * at once when the socket says a settlement changed (the server nudges an invitee that way), coalesced so a burst
 * of events costs at most one more read. A failed read keeps the last list on screen.
 */
import type { BedInvitation } from '../../../../api/contract/beds.ts';
import { $invitations } from '../../stores/settlements.ts';
import { coalesced } from '../actions/refresh.ts';

export function invitationsPoller(read: () => Promise<BedInvitation[]>, onError: (err: unknown) => void): () => Promise<void> {
  return coalesced(async () => {
    try {
      $invitations.set({ status: 'ready', list: await read() });
    } catch (err) {
      $invitations.set({
        status: 'error',
        list: $invitations.get().list,
        message: err instanceof Error ? err.message : String(err),
      });
      onError(err);
    }
  });
}
