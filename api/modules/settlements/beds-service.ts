import type { UserRow } from '../../../db/repos/accounts.ts';
import type { SettlementFacts, SettlementOps } from '../../../db/repos/settlements.ts';
import { BED_TEXT, type BedInvitation, type BedNoticeKind, type InviteBody } from '../../contract/beds.ts';
import { canInvite, kickRefusal, severalCalled } from '../../game/beds.ts';
import { HttpError } from '../../http/errors.ts';
import { requireSeatedIn } from '../game-access.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { Services } from '../../services.ts';
import { SETTLEMENT_NOT_FOUND } from '../../contract/settlements.ts';
import type { SettlementService } from './service.ts';

export const INVITATION_NOT_FOUND = 'Invitation not found';

export function toInvitationView(i: {
  id: number;
  settlementId: number;
  settlementName: string;
  x: number;
  y: number;
  bedId: number;
  fromPlayerName: string;
  invitee: string;
  createdAt: Date;
}): BedInvitation {
  return {
    id: String(i.id),
    settlement: { id: String(i.settlementId), name: i.settlementName, x: i.x, y: i.y },
    fromPlayerName: i.fromPlayerName,
    buildingId: String(i.bedId),
    invitee: i.invitee,
    createdAt: new Date(i.createdAt).toISOString(),
  };
}

/**
 * Invitations, accept / reject / withdraw, kicks and respawn. Every change locks the settlement row first (so an
 * accept racing a kick or a withdrawal is decided in one order), and an accept also serialises per invitee, so a
 * survivor ends up in exactly one bed per world.
 */
export class BedService {
  constructor(
    private readonly services: Services,
    private readonly settlements: SettlementService,
    private readonly live: LiveHub,
  ) {}

  /** Runs `fn` with the settlement locked, provided it lives in the world the caller is seated in. */
  private async inSettlement<T>(
    settlementId: number,
    seatWorldId: string,
    fn: (ops: SettlementOps, s: SettlementFacts) => Promise<T>,
  ): Promise<{ result: T; facts: SettlementFacts }> {
    return this.services.repos.settlements.transaction(async (ops) => {
      const s = await ops.lockSettlement(settlementId);
      if (!s) throw new HttpError(404, SETTLEMENT_NOT_FOUND);
      requireSeatedIn(s.worldId, seatWorldId);
      const result = await fn(ops, s);
      return { result, facts: (await ops.lockSettlement(settlementId))! };
    });
  }

  private tell(facts: SettlementFacts, ...users: string[]) {
    this.settlements.announce(facts, 'settlement_updated');
    for (const userId of users) {
      this.live.send(
        facts.worldId,
        { to: 'user', userId },
        {
          type: 'settlement_updated',
          settlement: { id: String(facts.id), worldId: facts.worldId, name: facts.name, x: facts.x, y: facts.y },
        },
      );
    }
  }

  /** Tells one survivor, wherever they are connected, what happened to an invitation of theirs or to their bed. */
  private notice(facts: SettlementFacts, to: string, kind: BedNoticeKind, by: UserRow) {
    this.live.send(
      facts.worldId,
      { to: 'user', userId: to },
      {
        type: 'bed_notice',
        kind,
        settlementId: String(facts.id),
        settlementName: facts.name,
        who: by.displayName ?? by.username,
      },
    );
  }

  /** The one survivor the invitation names: by id (the player list), else by a name that must mean exactly one. */
  private async invitee(ops: SettlementOps, body: InviteBody): Promise<{ id: string; name: string }> {
    if (body.inviteeId) {
      const byId = await ops.beds.userWithId(body.inviteeId);
      if (!byId) throw new HttpError(404, 'That survivor does not exist');
      return byId;
    }
    const name = body.inviteePlayerName ?? '';
    const named = await ops.beds.usersNamed(name);
    if (named.length === 0) throw new HttpError(404, `No survivor is called ${name}`);
    if (named.length > 1) throw new HttpError(409, severalCalled(name));
    return named[0]!;
  }

  async invite(user: UserRow, body: InviteBody) {
    await this.settlements.world(body.worldId);
    // body.worldId is the seat's world (the game plugin checked it).
    const { result, facts } = await this.inSettlement(Number(body.settlementId), body.worldId, async (ops, s) => {
      if (!canInvite(user.id, s)) throw new HttpError(403, `Only members of ${s.name} can invite to its beds`);
      const bed = await ops.beds.bed(Number(body.buildingId));
      if (!bed || bed.settlementId !== s.id) throw new HttpError(404, `There is no such bed in ${s.name}`);
      const invitee = await this.invitee(ops, body);
      if (invitee.id === user.id) throw new HttpError(409, 'You cannot invite yourself');
      if (s.bedHolders.includes(invitee.id)) throw new HttpError(409, `${invitee.name} already has a bed in ${s.name}`);
      if (await ops.beds.occupant(bed.id)) throw new HttpError(409, `${bed.name} is already taken`);
      if (await ops.beds.invitationForBed(bed.id)) throw new HttpError(409, `${bed.name} already has an invitation pending`);
      await ops.beds.insertInvitation({
        worldId: s.worldId,
        settlementId: s.id,
        bedId: bed.id,
        fromUserId: user.id,
        inviteeId: invitee.id,
        createdAt: this.services.now(),
      });
      return invitee.id;
    });
    this.tell(facts, result);
    return { message: BED_TEXT.invitationSent };
  }

  async invitations(userId: string, worldId: string) {
    await this.settlements.world(worldId);
    return { invitations: (await this.services.repos.beds.invitationsFor(userId, worldId)).map(toInvitationView) };
  }

  /** Accept (take the bed, giving up any other in this world) or reject: only the invitee may. */
  async answer(user: UserRow, seatWorldId: string, invitationId: number, accept: boolean) {
    const settlementId = await this.services.repos.beds.settlementOfInvitation(invitationId);
    if (settlementId === null) throw new HttpError(404, INVITATION_NOT_FOUND);
    let left: number | null = null;
    const { result: inviter, facts } = await this.inSettlement(settlementId, seatWorldId, async (ops, s) => {
      const inv = await ops.beds.invitation(invitationId);
      if (!inv || inv.inviteeId !== user.id) throw new HttpError(404, INVITATION_NOT_FOUND);
      await ops.beds.deleteInvitation(inv.id);
      if (!accept) return inv.fromUserId;
      await ops.lockPlayerAction(user.id, s.worldId, 'bed');
      if (await ops.beds.occupant(inv.bedId)) throw new HttpError(409, 'That bed has been taken');
      left = await ops.beds.vacateUser(user.id, s.worldId);
      await ops.assignBed(inv.bedId, s.id, s.worldId, user.id, this.services.now());
      return inv.fromUserId;
    });
    this.tell(facts);
    this.notice(facts, inviter, accept ? 'accepted' : 'rejected', user);
    if (left !== null && left !== settlementId) {
      const old = await this.services.repos.settlements.settlement(left);
      if (old) this.settlements.announce(old, 'settlement_updated');
    }
    return { message: accept ? `You now have a bed in ${facts.name}` : 'Invitation rejected' };
  }

  /** A member takes back a pending invitation (the bed is vacant again). */
  async withdraw(user: UserRow, seatWorldId: string, invitationId: number) {
    const settlementId = await this.services.repos.beds.settlementOfInvitation(invitationId);
    if (settlementId === null) throw new HttpError(404, INVITATION_NOT_FOUND);
    const { result: inviteeId, facts } = await this.inSettlement(settlementId, seatWorldId, async (ops, s) => {
      const inv = await ops.beds.invitation(invitationId);
      if (!inv) throw new HttpError(404, INVITATION_NOT_FOUND);
      if (!canInvite(user.id, s)) throw new HttpError(403, `Only members of ${s.name} can withdraw its invitations`);
      await ops.beds.deleteInvitation(inv.id);
      return inv.inviteeId;
    });
    this.tell(facts, inviteeId);
    return { message: 'Invitation withdrawn' };
  }

  /** Frees a bed: its occupant leaves it, or its pending invitation is withdrawn. */
  async kick(user: UserRow, seatWorldId: string, settlementId: number, bedId: number) {
    let kicked: string | null = null;
    const { facts } = await this.inSettlement(settlementId, seatWorldId, async (ops, s) => {
      const bed = await ops.beds.bed(bedId);
      if (!bed || bed.settlementId !== s.id) throw new HttpError(404, `There is no such bed in ${s.name}`);
      const occupant = await ops.beds.occupant(bed.id);
      // An NPC's bed is its home: it leaves by being dismissed, which also returns what it wore and carried.
      if (occupant === 'npc') throw new HttpError(409, `An NPC sleeps in ${bed.name}: dismiss them instead`);
      const refusal = kickRefusal(user.id, occupant === 'npc' ? null : occupant, s);
      if (refusal) throw new HttpError(403, refusal);
      const inv = await ops.beds.invitationForBed(bed.id);
      if (inv) await ops.beds.deleteInvitation(inv.id);
      if (!occupant && !inv) throw new HttpError(409, `${bed.name} is already vacant`);
      if (occupant) await ops.beds.vacateBed(bed.id);
      kicked = occupant === 'npc' ? null : occupant;
    });
    this.tell(facts, ...(kicked ? [kicked] : []));
    if (kicked && kicked !== user.id) this.notice(facts, kicked, 'kicked', user);
    return { message: kicked === user.id ? `You left your bed in ${facts.name}` : 'The bed is free again' };
  }

  async respawn(userId: string, worldId: string) {
    await this.settlements.world(worldId);
    const bed = await this.services.repos.beds.bedOf(userId, worldId);
    if (!bed) return { buildingId: null, isActive: false };
    return {
      buildingId: String(bed.bedId),
      isActive: true,
      settlementId: String(bed.settlementId),
      settlementName: bed.name,
      bedName: bed.bedName,
      x: bed.x,
      y: bed.y,
    };
  }
}
