/**
 * Bed rules: who may invite, accept, withdraw and kick. One home, imported by the server (api/modules/settlements/
 * beds-service.ts) and the islands (which offer only what the server would allow); the wiki quotes them.
 */
import { canManage } from './settlements.ts';

/** Spec section 7 texts for invitations and kicks. */
export const BED_TEXT = {
  invitationSent: 'Invitation sent successfully',
  failedInvitation: 'Failed to send invitation',
  failedKick: 'Failed to kick bed occupant',
} as const;

export type BedState = 'vacant' | 'pending' | 'occupied';

export function bedState(bed: { occupantId: string | null; npcName?: string | null; invitationId: number | null }): BedState {
  if (bed.occupantId || bed.npcName) return 'occupied';
  return bed.invitationId !== null ? 'pending' : 'vacant';
}

/** Members (who manage the settlement) invite to vacant beds and withdraw pending invitations. */
export const canInvite = canManage;

/**
 * Kicking frees a bed. A member may kick any occupant except the founder, who built the place; anyone may give up
 * their own bed, the last member and the founder included (with nobody in a bed, the founder manages it again).
 */
export function kickRefusal(
  actorId: string,
  occupantId: string | null,
  s: { founderId: string; bedHolders: readonly string[] },
): string | null {
  if (occupantId === actorId) return null;
  if (!canManage(actorId, s)) return 'Only members of this settlement can free its beds';
  if (occupantId !== null && occupantId === s.founderId) return 'The founder cannot be kicked from their settlement';
  return null;
}

/**
 * An invitation names its invitee by player id (the invite dialog's player list) or by name. A name must resolve
 * to exactly one survivor: their username or display name (regardless of case), or a name that looks like one of
 * them (the look-alike key of api/contract/name-key.ts); more than one, and the invitation is refused.
 */
export function severalCalled(name: string): string {
  return `Several players are called ${name}, invite from the player list`;
}
