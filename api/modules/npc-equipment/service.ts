import type { UserRow } from '../../../db/repos/accounts.ts';
import type { NpcEquipmentOps, NpcRef } from '../../../db/repos/npc-equipment.ts';
import type { SettlementFacts } from '../../../db/repos/settlements.ts';
import type { EquipmentOutcome } from '../../contract/equipment.ts';
import type { BatchEquipment, NpcEquipmentList } from '../../contract/npc-equipment.ts';
import { bestForEmptySlots, type EquipmentSlot, equipRefusal, hasRadio } from '../../game/equipment.ts';
import { NPC_EQUIPMENT_REACH, NPC_EQUIPMENT_TEXT, npcEquipOrder } from '../../game/npc-equipment.ts';
import { canManage } from '../../game/settlements.ts';
import { HttpError } from '../../http/errors.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { Services } from '../../services.ts';
import { bySlot, stowAtSettlement, toEquipmentView, unequippedMessage } from '../equipment/gear.ts';
import { SETTLEMENT_NOT_FOUND } from '../../contract/settlements.ts';
import type { SettlementService } from '../settlements/service.ts';
import { requireSeatedIn } from '../game-access.ts';

const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

const notMember = (s: { name: string }) => `You do not manage ${s.name}: only players with a bed there can`;

/** Where a taken-off item went: "into Haven's storage" or "into your pack (no room for it in storage)". */
const wentTo = (s: { name: string }, counts: { stored: number }) =>
  counts.stored ? `into ${s.name}'s storage` : 'into your pack (no room for it in storage)';

/**
 * Takes off everything an NPC wears and puts it away at its settlement: storage where a container of its kind has
 * room, else `pack`'s inventory (nothing is lost). Inside a transaction that locked the settlement, then the NPC.
 * Unequip-all uses it; dismissing an NPC should too, before its row (and with it its gear) is deleted.
 */
export async function stowNpcGear(
  ops: NpcEquipmentOps,
  settlementId: number,
  npcId: number,
  pack: { userId: string; worldId: string },
  now: Date,
): Promise<{ stored: number; packed: number }> {
  const worn = bySlot(await ops.lockNpcEquipment(npcId));
  for (const w of worn) await ops.takeOffNpc(w.id);
  return stowAtSettlement(ops, settlementId, worn, pack, now);
}

type Change = { message: string; stored: number; packed: number; tookFromStorage: boolean };

/**
 * NPC equipment: the same slots and rules as a player's (api/game/equipment.ts), from and to the storage of the
 * NPC's settlement. Reading it needs membership of that settlement; changing it also needs the member to stand
 * within NPC_EQUIPMENT_REACH of its centre. Each change is one transaction that locks the settlement, then the NPC
 * (key share: the simulation may update its phase meanwhile, but it cannot be dismissed), then the gear and the
 * storage; every move takes one unit from one place and gives it to another, so storage + NPC gear + the member's
 * pack totals are conserved. A refusal is thrown as HttpError and rolls it back.
 */
export class NpcEquipmentService {
  constructor(
    private readonly services: Services,
    private readonly settlements: SettlementService,
    private readonly live: LiveHub,
  ) {}

  private get repo() {
    return this.services.repos.npcEquipment;
  }

  private async npc(id: number, seatWorldId: string): Promise<NpcRef> {
    const npc = await this.repo.npc(id);
    if (!npc) throw new HttpError(404, NPC_EQUIPMENT_TEXT.npcNotFound);
    requireSeatedIn(npc.worldId, seatWorldId);
    return npc;
  }

  /** What the NPC wears: for members of its settlement. */
  async list(user: UserRow, seatWorldId: string, npcId: number): Promise<NpcEquipmentList> {
    const npc = await this.npc(npcId, seatWorldId);
    const s = await this.services.repos.settlements.settlement(npc.settlementId);
    if (!s) throw new HttpError(404, NPC_EQUIPMENT_TEXT.npcNotFound);
    if (!canManage(user.id, s)) throw new HttpError(403, notMember(s));
    return { equipment: toEquipmentView(await this.repo.worn(npc.id)) };
  }

  /**
   * Runs one change: 404 for an unknown NPC, 403 for a non-member, 404 / 403 / 400 when `settlementId` is no
   * settlement / one of another world / not the NPC's, 403 when the member stands away from it. Members hear settlement_updated when storage changed;
   * the member's inventory refreshes when something went into their pack.
   */
  private async change(
    user: UserRow,
    seatWorldId: string,
    npcId: number,
    settlementId: number,
    fn: (ops: NpcEquipmentOps, s: SettlementFacts, npc: NpcRef) => Promise<Change>,
  ): Promise<EquipmentOutcome> {
    const found = await this.npc(npcId, seatWorldId);
    await this.settlements.world(found.worldId);
    const home = await this.services.repos.settlements.settlement(found.settlementId);
    if (!home) throw new HttpError(404, NPC_EQUIPMENT_TEXT.npcNotFound);
    if (!canManage(user.id, home)) throw new HttpError(403, notMember(home));
    // An NPC never changes settlement, so the named one is judged here, unlocked (PGlite has one connection: a
    // read outside the transaction would wait for it).
    if (settlementId !== home.id) {
      const named = await this.services.repos.settlements.settlement(settlementId);
      if (!named) throw new HttpError(404, SETTLEMENT_NOT_FOUND);
      requireSeatedIn(named.worldId, seatWorldId);
      throw new HttpError(400, `${found.name} lives in ${home.name}, not in ${named.name}`);
    }
    const pos = await this.settlements.position(user, found.worldId);
    const { outcome, facts, packed } = await this.repo.transaction(async (ops) => {
      const s = await ops.lockSettlement(home.id);
      const npc = await ops.lockNpc(npcId);
      // Dismissed (or its settlement gone) since it was looked up.
      if (!s || !npc || npc.settlementId !== s.id) throw new HttpError(404, NPC_EQUIPMENT_TEXT.npcNotFound);
      // Membership again, under the lock: a kick may have landed meanwhile.
      if (!canManage(user.id, s)) throw new HttpError(403, notMember(s));
      if (dist(pos, s) > NPC_EQUIPMENT_REACH) {
        throw new HttpError(403, `Walk to ${s.name} first (within ${NPC_EQUIPMENT_REACH} units of its centre)`);
      }
      const c = await fn(ops, s, npc);
      const equipment = toEquipmentView(await ops.lockNpcEquipment(npc.id));
      const storageChanged = c.tookFromStorage || c.stored > 0;
      return {
        outcome: { message: c.message, equipment },
        facts: storageChanged ? await ops.lockSettlement(s.id) : null,
        packed: c.packed > 0,
      };
    });
    if (facts) this.settlements.announce(facts, 'settlement_updated');
    if (packed) this.live.send(found.worldId, { to: 'user', userId: user.id }, { type: 'inventory_updated' });
    return outcome;
  }

  private pack(user: UserRow, npc: NpcRef) {
    return { userId: user.id, worldId: npc.worldId };
  }

  /** Puts the storage row's item on the NPC; whatever the slot held goes back to storage (or the member's pack). */
  equip(user: UserRow, seatWorldId: string, npcId: number, body: { itemId: string; slot: EquipmentSlot; settlementId: string }) {
    const { slot } = body;
    const itemId = Number(body.itemId);
    return this.change(user, seatWorldId, npcId, Number(body.settlementId), async (ops, s, npc) => {
      const row = (await ops.lockStorage(s.id)).find((r) => r.id === itemId);
      if (!row) throw new HttpError(404, `That item is not in ${s.name}'s storage`);
      const refusal = equipRefusal(row.itemName, slot);
      if (refusal) throw new HttpError(400, refusal);
      await ops.takeFromStorage(row.id, 1);
      const previous = (await ops.lockNpcEquipment(npc.id)).find((w) => w.slot === slot);
      let counts = { stored: 0, packed: 0 };
      if (previous) {
        await ops.takeOffNpc(previous.id);
        counts = await stowAtSettlement(ops, s.id, [previous], this.pack(user, npc), this.services.now());
      }
      await ops.wearNpc({ npcId: npc.id, slot, itemName: row.itemName, quality: row.quality });
      const swapped = previous ? `; ${previous.itemName} went ${wentTo(s, counts)}` : '';
      return { message: `Equipped ${row.itemName} on ${npc.name}${swapped}`, ...counts, tookFromStorage: true };
    });
  }

  /** Takes off what the slot holds, into storage (or the member's pack when no container has room). */
  unequip(user: UserRow, seatWorldId: string, npcId: number, body: { slot: EquipmentSlot; settlementId: string }) {
    return this.change(user, seatWorldId, npcId, Number(body.settlementId), async (ops, s, npc) => {
      const worn = (await ops.lockNpcEquipment(npc.id)).find((w) => w.slot === body.slot);
      if (!worn) throw new HttpError(404, `${npc.name} has nothing in the ${body.slot} slot`);
      await ops.takeOffNpc(worn.id);
      const counts = await stowAtSettlement(ops, s.id, [worn], this.pack(user, npc), this.services.now());
      return {
        message: `Unequipped ${worn.itemName} from ${npc.name}: ${wentTo(s, counts)}`,
        ...counts,
        tookFromStorage: false,
      };
    });
  }

  /**
   * Fills every empty slot of the NPC with the item in the settlement's storage that helps its job most (items without
   * an effect last, then the best quality).
   */
  equipAll(user: UserRow, seatWorldId: string, npcId: number, body: { settlementId: string }) {
    return this.change(user, seatWorldId, npcId, Number(body.settlementId), async (ops, s, npc) => {
      const worn = await ops.lockNpcEquipment(npc.id);
      const picks = bestForEmptySlots(
        await ops.lockStorage(s.id),
        worn.map((w) => w.slot),
        npcEquipOrder(npc.assignment),
      );
      for (const { slot, item } of picks) {
        await ops.takeFromStorage(item.id, 1);
        await ops.wearNpc({ npcId: npc.id, slot, itemName: item.itemName, quality: item.quality });
      }
      const message = picks.length
        ? `Equipped ${picks.map((p) => p.item.itemName).join(', ')} on ${npc.name} from ${s.name}`
        : `Nothing in ${s.name}'s storage fits ${npc.name}'s empty slots`;
      return { message, stored: 0, packed: 0, tookFromStorage: picks.length > 0 };
    });
  }

  /**
   * Everything the NPC wears back into storage. When no container of its kind has room, an item goes into the
   * acting member's pack (as with the player's own unequip-all): nothing is lost and the call never fails for room.
   */
  unequipAll(user: UserRow, seatWorldId: string, npcId: number, body: { settlementId: string }) {
    return this.change(user, seatWorldId, npcId, Number(body.settlementId), async (ops, s, npc) => {
      const counts = await stowNpcGear(ops, s.id, npc.id, this.pack(user, npc), this.services.now());
      if (counts.stored + counts.packed === 0) {
        return { message: `${npc.name} has nothing equipped`, ...counts, tookFromStorage: false };
      }
      return { message: `${unequippedMessage(s.name, counts)} (from ${npc.name})`, ...counts, tookFromStorage: false };
    });
  }

  /**
   * Radio tracking: what each NPC of the world among `ids` wears (those with nothing get an empty list; ids of no NPC
   * there are absent). Only for a caller wearing a Portable Radio in that world.
   */
  async batch(user: UserRow, worldId: string, ids: readonly string[]): Promise<BatchEquipment> {
    await this.settlements.world(worldId);
    if (!hasRadio(await this.services.repos.equipment.worn(user.id, worldId))) {
      throw new HttpError(403, NPC_EQUIPMENT_TEXT.needRadio);
    }
    const worn = await this.repo.wornByNpcs(worldId, [...new Set(ids.map(Number))]);
    const equipmentData: BatchEquipment['equipmentData'] = {};
    for (const [id, rows] of worn) {
      equipmentData[String(id)] = bySlot(rows).map((r) => ({ itemName: r.itemName, slot: r.slot, quality: r.quality }));
    }
    return { equipmentData };
  }
}
