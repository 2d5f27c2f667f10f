import type { UserRow } from '../../../db/repos/accounts.ts';
import type { SettlementView, ShelterView, StorageEntry } from '../../contract/settlements.ts';
import { bedState } from '../../game/beds.ts';
import { canManage } from '../../game/settlements.ts';
import { toInvitationView } from './beds-service.ts';
import { HttpError } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { chunkRange } from '../../../db/repos/settlements.ts';
import { SETTLEMENT_NOT_FOUND } from '../../contract/settlements.ts';
import { type SettlementService, toSettlementView, toShelterView } from './service.ts';
import { toBuildingView, toStorage } from './views.ts';

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

  private async found(id: string) {
    const s = await this.repo.settlement(Number(id));
    if (!s) throw new HttpError(404, SETTLEMENT_NOT_FOUND);
    return s;
  }

  async one(user: UserRow, id: string): Promise<SettlementView> {
    return toSettlementView(await this.found(id), user.id);
  }

  async buildings(id: string) {
    const s = await this.found(id);
    return { buildings: (await this.repo.buildings(s.id)).map(toBuildingView) };
  }

  /** The settlement, provided the user manages it (a member); else 403. */
  private async managed(user: UserRow, id: string) {
    const s = await this.found(id);
    if (!canManage(user.id, s)) throw new HttpError(403, `You do not manage ${s.name}: only players with a bed there can`);
    return s;
  }

  /** Only the settlement's managers see what its containers hold. */
  async storage(user: UserRow, id: string): Promise<{ storage: StorageEntry[] }> {
    const s = await this.managed(user, id);
    const [buildings, rows] = await Promise.all([this.repo.buildings(s.id), this.repo.storage(s.id)]);
    return { storage: toStorage(buildings, rows) };
  }

  async bedAssignments(id: string) {
    const s = await this.found(id);
    const [all, pending] = await Promise.all([this.repo.buildings(s.id), this.services.repos.beds.pendingIn(s.id)]);
    const invitationOf = new Map(pending.map((p) => [p.bedId, p.id]));
    return {
      bedAssignments: all
        .filter((b) => b.type === 'bed')
        .map((b) => {
          const invitationId = invitationOf.get(b.id) ?? null;
          return {
            bedId: String(b.id),
            state: bedState({ occupantId: b.occupantId ?? (b.occupant ? 'npc' : null), invitationId }),
            invitationId: invitationId === null ? null : String(invitationId),
            playerId: b.occupantId,
            playerName: b.occupant,
            npcName: b.occupant?.startsWith('NPC:') ? b.occupant.slice(4) : null,
            isActive: b.occupant !== null,
          };
        }),
    };
  }

  /** Who is invited, by whom and when: the members' business only, like the storage. */
  async pendingInvitations(user: UserRow, id: string) {
    const s = await this.managed(user, id);
    return { pendingInvitations: (await this.services.repos.beds.pendingIn(s.id)).map(toInvitationView) };
  }
}
