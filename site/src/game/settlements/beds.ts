/**
 * The bed list of the settlement here: each bed's state, who is in it (or invited to it), and the one action the
 * player may take on it (none on an NPC's bed: an NPC is dismissed from the NPC list). The rules are
 * api/game/beds.ts's own (kickRefusal), so the panel offers only what the
 * server would allow; the server still decides. Pure.
 */
import type { BedInvitation } from '../../../../api/contract/beds.ts';
import type { BuildingView, SettlementView } from '../../../../api/contract/settlements.ts';
import { type BedState, kickRefusal } from '../../../../api/game/beds.ts';
import { canManage } from '../../../../api/game/settlements.ts';
import type { BedAssignmentView } from '../../stores/settlements.ts';

export type BedOffer = 'invite' | 'withdraw' | 'kick' | 'leave';

export interface BedRow {
  bedId: string;
  /** The bed building's name ('Bed', 'Bunk 2'). */
  name: string;
  state: BedState;
  /** The occupant (player or NPC) or the invitee; null for a vacant bed. */
  who: string | null;
  /** The bed is the player's own. */
  mine: boolean;
  /** An NPC sleeps here: it leaves by Dismiss in the NPC list, never by Kick. */
  npc?: boolean;
  invitationId: string | null;
  /** What the player may do here; null when nothing (or while the assignments are still loading). */
  offer: BedOffer | null;
}

/** NPC occupants come as 'NPC:<name>' (spec section 3); the panel shows the name. */
export function shownOccupant(a: Pick<BedAssignmentView, 'playerName' | 'npcName'>): string | null {
  if (a.npcName) return a.npcName;
  if (!a.playerName) return null;
  return a.playerName.startsWith('NPC:') ? a.playerName.slice(4) : a.playerName;
}

/** Whether an NPC holds the bed (by its name, or the 'NPC:' prefix of older rows). */
export const isNpcOccupant = (a: Pick<BedAssignmentView, 'playerName' | 'npcName'>): boolean =>
  !!a.npcName || !!a.playerName?.startsWith('NPC:');

export interface BedsInput {
  settlement: Pick<SettlementView, 'status' | 'founderId'>;
  buildings: readonly BuildingView[];
  /** Null until GET bed-assignments answered for this settlement. */
  assignments: readonly BedAssignmentView[] | null;
  pending: readonly BedInvitation[];
  meId: string | null;
}

export function bedRows(input: BedsInput): BedRow[] {
  const beds = input.buildings.filter((b) => b.type === 'bed');
  const byBed = new Map((input.assignments ?? []).map((a) => [a.bedId, a]));
  const invitee = new Map(input.pending.map((p) => [p.id, p.invitee]));
  const holders = (input.assignments ?? []).flatMap((a) => (a.playerId ? [a.playerId] : []));
  const { founderId } = input.settlement;
  // The server computed canInvite (= canManage) for the caller as the settlement's status.
  const member = input.settlement.status === 'manageable';
  return beds.map((b): BedRow => {
    const a = byBed.get(b.id);
    if (!a || !input.meId) {
      // Not loaded yet: the building's own occupant, and no action until the assignments say more.
      return {
        bedId: b.id,
        name: b.name,
        state: b.occupant ? 'occupied' : 'vacant',
        who: b.occupant,
        mine: false,
        invitationId: null,
        offer: null,
      };
    }
    const me = input.meId;
    const mine = a.playerId === me;
    const row = { bedId: b.id, name: b.name, state: a.state, invitationId: a.invitationId, mine };
    if (a.state === 'vacant') return { ...row, who: null, offer: member ? 'invite' : null };
    if (a.state === 'pending') {
      const name = (a.invitationId && invitee.get(a.invitationId)) || null;
      return { ...row, who: name, offer: member && a.invitationId ? 'withdraw' : null };
    }
    if (mine) return { ...row, who: shownOccupant(a), offer: 'leave' };
    // An NPC's bed is freed by dismissing the NPC (the NPC list's Dismiss), which also hands back what it carried.
    if (isNpcOccupant(a)) return { ...row, who: shownOccupant(a), npc: true, offer: null };
    const allowed = kickRefusal(me, a.playerId, { founderId, bedHolders: holders }) === null;
    return { ...row, who: shownOccupant(a), offer: allowed ? 'kick' : null };
  });
}

/** Whether the player still manages the settlement after giving up their bed (the founder does, once nobody is left). */
export function managesAfterLeaving(input: BedsInput): boolean {
  const me = input.meId;
  if (!me) return false;
  const holders = (input.assignments ?? []).flatMap((a) => (a.playerId && a.playerId !== me ? [a.playerId] : []));
  return canManage(me, { founderId: input.settlement.founderId, bedHolders: holders });
}

/** 'Vacant', 'Pending', 'Occupied' as the panel labels a bed. */
export const BED_STATE_LABEL: Record<BedState, string> = { vacant: 'Vacant', pending: 'Pending', occupied: 'Occupied' };
