/**
 * The words of the bed actions: the spec's toasts (section 8: 'Invitation sent successfully', 'Failed to send
 * invitation', 'Failed to kick bed occupant'), our own where it names none, and what each confirmation says. Pure.
 */
import { BED_TEXT } from '../../../../api/game/beds.ts';
import type { RespawnView } from '../../stores/settlements.ts';
import type { BedRow } from './beds.ts';

/** The failure toast's title for each bed call. */
export const BED_FAILURES = {
  invite: BED_TEXT.failedInvitation,
  kick: BED_TEXT.failedKick,
  // The spec names no fallback for these.
  withdraw: 'Failed to withdraw invitation',
  leave: 'Failed to leave bed',
  accept: 'Failed to accept invitation',
  reject: 'Failed to reject invitation',
} as const;
export type BedCall = keyof typeof BED_FAILURES;

export interface ConfirmText {
  title: string;
  body: string;
  /** The confirming button's label (the other one is Cancel). */
  confirm: string;
}

/** What the confirmation of a withdraw, kick or leave says (spec section 5: kick and remove-invitation confirm). */
export function confirmText(
  offer: 'withdraw' | 'kick' | 'leave',
  bed: Pick<BedRow, 'name' | 'who'>,
  settlementName: string,
  managesAfterLeaving = false,
): ConfirmText {
  const who = bed.who ?? 'the invitee';
  switch (offer) {
    case 'withdraw':
      return {
        title: 'Withdraw invitation?',
        body: `${who} can no longer accept ${bed.name} in ${settlementName}; the bed is vacant again.`,
        confirm: 'Withdraw',
      };
    case 'kick':
      return {
        title: `Kick ${who}?`,
        body: `${who} loses ${bed.name} in ${settlementName}; the bed is vacant again.`,
        confirm: 'Kick',
      };
    case 'leave':
      return {
        title: 'Leave your bed?',
        body: managesAfterLeaving
          ? `You give up ${bed.name} in ${settlementName}. As its founder you still manage it while nobody holds a bed there.`
          : `You give up ${bed.name} in ${settlementName} and can no longer manage it.`,
        confirm: 'Leave bed',
      };
  }
}

/** Where the survivor wakes up after logging out (the server puts them in their bed, else where they left off). */
export function wakeUpText(r: RespawnView): string {
  if (!r.settlementName) return 'No bed yet: after logging out you wake up where you left off.';
  return `You wake up in ${r.bedName ?? 'your bed'} at ${r.settlementName}.`;
}
