import { type } from 'arktype';
import { cleanName } from '../game/settlements.ts';
import { idText } from './settlements.ts';
import { safeString, worldIdText } from './text.ts';

/** Beds, invitations, kicks and respawn on the wire (spec section 7); the rules are in api/game/beds.ts. */

/** The beds' texts live with their rules (plain, for the page); read them here too. */
export { BED_TEXT } from '../game/beds.ts';

export const InviteBody = type({
  worldId: worldIdText,
  settlementId: idText,
  buildingId: idText,
  inviteePlayerName: safeString.pipe((s) => cleanName(s)).to('1 <= string <= 64'),
});
export const InvitationParams = type({ id: idText });

export const BedInvitation = type({
  id: 'string',
  settlement: { id: 'string', name: 'string', x: 'number', y: 'number' },
  fromPlayerName: 'string',
  buildingId: 'string',
  invitee: 'string',
  createdAt: 'string',
});
export type BedInvitation = typeof BedInvitation.infer;
export const Invitations = type({ invitations: BedInvitation.array() });
export const PendingInvitations = type({ pendingInvitations: BedInvitation.array() });

/** GET /api/player/respawn: the bed a survivor wakes up in after logging out or a restart (none: the usual spawn). */
export const Respawn = type({
  buildingId: 'string | null',
  isActive: 'boolean',
  'settlementId?': 'string',
  'settlementName?': 'string',
  'x?': 'number',
  'y?': 'number',
});
