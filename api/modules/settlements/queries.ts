import type { UserRow } from '../../../db/repos/accounts.ts';
import type { SettlementView, ShelterView, StorageEntry } from '../../contract/settlements.ts';
import { bedState } from '../../game/beds.ts';
import { canManage } from '../../game/settlements.ts';
import { toInvitationView } from './beds-service.ts';
import { HttpError } from '../../http/errors.ts';
import { requireSeatedIn } from '../game-access.ts';
import type { Services } from '../../services.ts';
import { chunkRange } from '../../../db/repos/settlements.ts';
import { SETTLEMENT_NOT_FOUND } from '../../contract/settlements.ts';
import { type SettlementService, toSettlementView, toShelterView } from './service.ts';
import { toBuildingView, toStorage } from './views.ts';

/** A bed as a non-member sees it: whether it is taken or offered, not to whom. */
const NOBODY_NAMED = { invitationId: null, playerId: null, playerName: null, npcName: null } as const;

/** What the map and the panels read: settlements and shelters of a region, a settlement's buildings and storage. */
export class SettlementQueries {
  constructor(
    private readonly services: Services,
    private readonly settlements: SettlementService,
  ) {}

  private get repo() {
    return this.services.repos.settlements;
  }

  async inRegion(userId: string, worldId: string, cx: number, cy: number, radius: number): Promise<SettlementView[]> {
    await this.settlements.world(worldId);
    const rows = await this.repo.settlementsInChunks(worldId, chunkRange(cx, cy, radius));
    return rows.map((s) => toSettlementView(s, userId));
  }

  async sheltersInRegion(worldId: string, cx: number, cy: number, radius: number): Promise<ShelterView[]> {
    await this.settlements.world(worldId);
    const rows = await this.repo.sheltersInChunks(worldId, chunkRange(cx, cy, radius));
    return rows.map((s) => toShelterView(s, s.settlementId));
  }

  /** The settlements the player manages in the world (Your Settlements), wherever they are. */
  async mine(userId: string, worldId: string): Promise<SettlementView[]> {
    await this.settlements.world(worldId);
    const rows = await this.repo.settlementsOf(userId, worldId);
    return rows.filter((s) => canManage(userId, s)).map((s) => toSettlementView(s, userId));
  }

  /** The settlement, provided it lives in the world the caller is seated in (else 403; unknown: 404). */
  private async found(id: string, seatWorldId: string) {
    const s = await this.repo.settlement(Number(id));
    if (!s) throw new HttpError(404, SETTLEMENT_NOT_FOUND);
    requireSeatedIn(s.worldId, seatWorldId);
    return s;
  }

  async one(user: UserRow, seatWorldId: string, id: string): Promise<SettlementView> {
    return toSettlementView(await this.found(id, seatWorldId), user.id);
  }

  /**
   * Anyone in the world sees what stands there; who sleeps in which bed is the members' business (as the pending
   * invitations are): for others a bed shows no occupant.
   */
  async buildings(user: UserRow, seatWorldId: string, id: string) {
    const s = await this.found(id, seatWorldId);
    const member = canManage(user.id, s);
    const rows = await this.repo.buildings(s.id);
    return { buildings: rows.map((b) => toBuildingView(member ? b : { ...b, occupant: null })) };
  }

  /** The settlement, provided the user manages it (a member); else 403. */
  private async managed(user: UserRow, seatWorldId: string, id: string) {
    const s = await this.found(id, seatWorldId);
    if (!canManage(user.id, s)) throw new HttpError(403, `You do not manage ${s.name}: only players with a bed there can`);
    return s;
  }

  /** Only the settlement's managers see what its containers hold. */
  async storage(user: UserRow, seatWorldId: string, id: string): Promise<{ storage: StorageEntry[] }> {
    const s = await this.managed(user, seatWorldId, id);
    const [buildings, rows] = await Promise.all([this.repo.buildings(s.id), this.repo.storage(s.id)]);
    return { storage: toStorage(buildings, rows) };
  }

  /**
   * Each bed and whether it is vacant, offered or taken. Members also see who holds it and the pending invitation's
   * id (what kick and withdraw act on); for anyone else those stay null.
   */
  async bedAssignments(user: UserRow, seatWorldId: string, id: string) {
    const s = await this.found(id, seatWorldId);
    const member = canManage(user.id, s);
    const [all, pending] = await Promise.all([this.repo.buildings(s.id), this.services.repos.beds.pendingIn(s.id)]);
    const invitationOf = new Map(pending.map((p) => [p.bedId, p.id]));
    return {
      bedAssignments: all
        .filter((b) => b.type === 'bed')
        .map((b) => {
          const invitationId = invitationOf.get(b.id) ?? null;
          const bed = {
            bedId: String(b.id),
            state: bedState({ occupantId: b.occupantId ?? (b.occupant ? 'npc' : null), invitationId }),
            invitationId: invitationId === null ? null : String(invitationId),
            playerId: b.occupantId,
            playerName: b.occupant,
            npcName: b.occupant?.startsWith('NPC:') ? b.occupant.slice(4) : null,
            isActive: b.occupant !== null,
          };
          return member ? bed : { ...bed, ...NOBODY_NAMED };
        }),
    };
  }

  /** Who is invited, by whom and when: the members' business only, like the storage. */
  async pendingInvitations(user: UserRow, seatWorldId: string, id: string) {
    const s = await this.managed(user, seatWorldId, id);
    return { pendingInvitations: (await this.services.repos.beds.pendingIn(s.id)).map(toInvitationView) };
  }
}
