import { type } from 'arktype';
import { cleanName } from '../game/settlements.ts';
import { idText } from './settlements.ts';
import { safeString, text, worldIdText } from './text.ts';

/** Beds, invitations, kicks and respawn on the wire (spec section 7); the rules are in api/game/beds.ts. */

/** The beds' texts live with their rules (plain, for the page); read them here too. */
export { BED_TEXT } from '../game/beds.ts';

/**
 * The invitee: `inviteeId` (a player id, as the invite dialog's player list sends it) or `inviteePlayerName` (a
 * username or display name, which must mean exactly one survivor: api/game/beds.ts). One of the two is required;
 * with both, the id decides.
 */
export const InviteBody = type({
  worldId: worldIdText,
  settlementId: idText,
  buildingId: idText,
  'inviteePlayerName?': safeString.pipe((s) => cleanName(s)).to('1 <= string <= 64'),
  'inviteeId?': text(1, 64),
}).narrow(
  (b, ctx) =>
    b.inviteeId !== undefined ||
    b.inviteePlayerName !== undefined ||
    ctx.reject({ path: ['inviteePlayerName'], expected: 'a name, or inviteeId' }),
);
export type InviteBody = typeof InviteBody.infer;
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
  'bedName?': 'string',
  'x?': 'number',
  'y?': 'number',
});

/** What a bed_notice tells: your invitation was accepted or rejected (to the inviter), or you were put out of a bed. */
export const BED_NOTICE_KINDS = ['accepted', 'rejected', 'kicked'] as const;
export type BedNoticeKind = (typeof BED_NOTICE_KINDS)[number];
/**
 * Live, to one survivor: the inviter learns of the answer (`who` is the invitee), a kicked survivor of the kick (`who`
 * is the one who kicked). Small: the client reloads what it shows.
 */
export const BedNoticeFrame = type({
  type: "'bed_notice'",
  kind: type.enumerated(...BED_NOTICE_KINDS),
  settlementId: idText,
  settlementName: 'string',
  who: 'string',
});
export type BedNoticeFrame = typeof BedNoticeFrame.infer;
