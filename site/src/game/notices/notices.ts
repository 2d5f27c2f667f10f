/**
 * What happened that the player should hear of even with the panel closed: the invitations that are new since the
 * last list (a toast each), and the Manage badge's count. Pure.
 */
import type { BedInvitation, BedNoticeFrame } from '../../../../api/contract/beds.ts';
import { NPC_OFFER_TTL_MS } from '../../../../api/game/npcs.ts';
import type { ToastInput } from '../../stores/toast.ts';

/** The invitations in `list` that `known` did not have; none on the first list (null `known`): they were there before. */
export function newInvitations(known: ReadonlySet<string> | null, list: readonly BedInvitation[]): BedInvitation[] {
  if (known === null) return [];
  return list.filter((i) => !known.has(i.id));
}

export const invitationToast = (i: BedInvitation): ToastInput => ({
  title: 'Bed Invitation',
  description: `${i.fromPlayerName} offers you a bed in ${i.settlement.name}. Accept or reject it under Manage.`,
  duration: 8000,
  notice: true,
});

/** The Manage badge: invitations waiting for an answer, plus the news not yet seen there. */
export function manageCount(pendingInvitations: number, unseen: number): number {
  return pendingInvitations + unseen;
}

/** "Manage, 2 new" while anything waits there; the plain label otherwise. */
export const withNews = (label: string, n: number) => (n > 0 ? `${label}, ${n} new` : label);

/** The inviter hears the answer; a kicked survivor hears who put them out (bed_notice). */
export function bedNoticeToast(n: Omit<BedNoticeFrame, 'type'>): ToastInput {
  if (n.kind === 'accepted')
    return {
      title: 'Invitation Accepted',
      description: `${n.who} took the bed you offered in ${n.settlementName}.`,
      notice: true,
    };
  if (n.kind === 'rejected')
    return {
      title: 'Invitation Rejected',
      description: `${n.who} turned down the bed in ${n.settlementName}.`,
      notice: true,
    };
  return {
    title: 'Removed From Your Bed',
    description: `${n.who} took your bed in ${n.settlementName} back: you will not wake up there.`,
    variant: 'destructive',
  };
}

/** A shelter went up at a site in sight that is not one of ours (poi_updated.hasShelter). */
export const shelterSeenToast: ToastInput = {
  title: 'Shelter Built Nearby',
  description: 'Another survivor raised a shelter at a site near you: a settlement may follow.',
  notice: true,
};

/** How long a shelter frame waits before it counts as someone else's: our own build's answer lists ours by then. */
export const OWN_SHELTER_GRACE_MS = 1500;

/** A wanderer's offer still open when the page loads (GET /api/player/npc-spawn-check): it was met before a reload. */
export const offerWaitingToast = (name: string): ToastInput => ({
  title: 'A Survivor Is Waiting',
  description: `${name} still wants to join a settlement of yours (an offer stands for ${NPC_OFFER_TTL_MS / 60_000} minutes).`,
  duration: 8000,
  notice: true,
});
