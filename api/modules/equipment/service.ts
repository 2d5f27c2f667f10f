import type { UserRow } from '../../../db/repos/accounts.ts';
import type { EquipmentOps, EquipmentRow } from '../../../db/repos/equipment.ts';
import type { SettlementFacts } from '../../../db/repos/settlements.ts';
import type { EquipmentList, EquipmentOutcome, EquipSource } from '../../contract/equipment.ts';
import {
  bestForEmptySlots,
  EQUIPMENT_REACH,
  type EquipmentSlot,
  equipmentEffects,
  equipRefusal,
  NO_SETTLEMENT_NEARBY,
} from '../../game/equipment.ts';
import { canManage } from '../../game/settlements.ts';
import { HttpError } from '../../http/errors.ts';
import { requireSeatedIn } from '../game-access.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { Services } from '../../services.ts';
import { SETTLEMENT_NOT_FOUND } from '../../contract/settlements.ts';
import type { SettlementService } from '../settlements/service.ts';
import { bySlot, stowAtSettlement, toEquipmentView, unequippedMessage } from './gear.ts';

const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

/** Which settlement a change happens at: the one named (equip-all, unequip-all) or the nearest one the player manages. */
type At = { settlementId: number } | 'nearest';

/**
 * Player equipment: every change happens at a settlement the player manages, within EQUIPMENT_REACH of its centre,
 * in one transaction that locks the settlement, then the wearer (so one survivor's changes run one at a time),
 * then the storage and inventory stacks it reads; each move takes one unit from one place and gives it to another,
 * so inventory + storage + equipment totals are conserved. A refusal is thrown as HttpError and rolls it back.
 */
export class EquipmentService {
  constructor(
    private readonly services: Services,
    private readonly settlements: SettlementService,
    private readonly live: LiveHub,
  ) {}

  private get repo() {
    return this.services.repos.equipment;
  }

  async list(userId: string, worldId: string): Promise<EquipmentList> {
    await this.settlements.world(worldId);
    const rows = await this.repo.worn(userId, worldId);
    return { equipment: toEquipmentView(rows), effects: equipmentEffects(rows) };
  }

  /** The nearest settlement the player manages within reach (read unlocked: the transaction checks it again). */
  private async nearestManaged(user: UserRow, worldId: string, at: { x: number; y: number }): Promise<number> {
    const mine = await this.services.repos.settlements.settlementsOf(user.id, worldId);
    const near = mine
      .filter((s) => canManage(user.id, s) && dist(s, at) <= EQUIPMENT_REACH)
      .sort((a, b) => dist(a, at) - dist(b, at));
    if (!near[0]) throw new HttpError(403, NO_SETTLEMENT_NEARBY);
    return near[0].id;
  }

  private async change(
    user: UserRow,
    worldId: string,
    at: At,
    fn: (ops: EquipmentOps, s: SettlementFacts) => Promise<{ message: string; storageChanged: boolean }>,
  ): Promise<EquipmentOutcome> {
    await this.settlements.world(worldId);
    const pos = await this.settlements.position(user, worldId);
    const named = at !== 'nearest';
    const settlementId = named ? at.settlementId : await this.nearestManaged(user, worldId, pos);
    const { outcome, facts } = await this.repo.transaction(async (ops) => {
      const s = await ops.lockSettlement(settlementId);
      if (named && !s) throw new HttpError(404, SETTLEMENT_NOT_FOUND);
      // worldId is the seat's world (the game plugin checked it): a settlement named in another is not for this seat.
      if (named) requireSeatedIn(s!.worldId, worldId);
      const manages = !!s && canManage(user.id, s);
      if (named && !manages) throw new HttpError(403, `You do not manage ${s!.name}: only players with a bed there can`);
      if (!s || !manages || s.worldId !== worldId || dist(pos, s) > EQUIPMENT_REACH) {
        throw new HttpError(403, NO_SETTLEMENT_NEARBY);
      }
      await ops.lockWearer(user.id, worldId);
      const { message, storageChanged } = await fn(ops, s);
      const equipment = toEquipmentView(await ops.lockEquipment(user.id, worldId));
      return { outcome: { message, equipment }, facts: storageChanged ? await ops.lockSettlement(s.id) : null };
    });
    if (facts) this.settlements.announce(facts, 'settlement_updated');
    this.live.send(worldId, { to: 'user', userId: user.id }, { type: 'inventory_updated' });
    this.live.gearChanged(worldId, user.id);
    return outcome;
  }

  /** Puts a worn item back into the pack. */
  private async toPack(ops: EquipmentOps, user: UserRow, worn: EquipmentRow): Promise<void> {
    await ops.takeOff(worn.id);
    await ops.grantItems(
      user.id,
      worn.worldId,
      [{ itemName: worn.itemName, quality: worn.quality, quantity: 1 }],
      this.services.now(),
    );
  }

  equip(user: UserRow, body: { itemId: string; slot: EquipmentSlot; worldId: string; source?: EquipSource | undefined }) {
    const { worldId, slot } = body;
    const itemId = Number(body.itemId);
    const fromStorage = body.source === 'settlement';
    return this.change(user, worldId, 'nearest', async (ops, s) => {
      let item: { itemName: string; quality: number };
      if (fromStorage) {
        const row = (await ops.lockStorage(s.id)).find((r) => r.id === itemId);
        if (!row) throw new HttpError(404, `That item is not in ${s.name}'s storage`);
        const refusal = equipRefusal(row.itemName, slot);
        if (refusal) throw new HttpError(400, refusal);
        await ops.takeFromStorage(row.id, 1);
        item = row;
      } else {
        const stack = (await ops.lockInventory(user.id, worldId)).find((r) => r.id === itemId);
        if (!stack) throw new HttpError(404, 'That item is not in your pack');
        const refusal = equipRefusal(stack.itemName, slot);
        if (refusal) throw new HttpError(400, refusal);
        await ops.takeFromInventory([{ id: stack.id, quantity: 1 }]);
        item = stack;
      }
      const previous = (await ops.lockEquipment(user.id, worldId)).find((w) => w.slot === slot);
      if (previous) await this.toPack(ops, user, previous);
      await ops.wear({
        userId: user.id,
        worldId,
        slot,
        itemName: item.itemName,
        quality: item.quality,
        equippedAt: this.services.now(),
      });
      const swapped = previous ? `; ${previous.itemName} went back to your pack` : '';
      return { message: `Equipped ${item.itemName}${swapped}`, storageChanged: fromStorage };
    });
  }

  unequip(user: UserRow, body: { itemId: string; worldId: string }) {
    return this.change(user, body.worldId, 'nearest', async (ops) => {
      const worn = (await ops.lockEquipment(user.id, body.worldId)).find((w) => w.id === Number(body.itemId));
      if (!worn) throw new HttpError(404, 'That item is not equipped');
      await this.toPack(ops, user, worn);
      return { message: `Unequipped ${worn.itemName}`, storageChanged: false };
    });
  }

  /** Fills every empty slot with the best item for it in the settlement's storage. */
  equipAll(user: UserRow, body: { settlementId: string; worldId: string }) {
    const { worldId } = body;
    return this.change(user, worldId, { settlementId: Number(body.settlementId) }, async (ops, s) => {
      const worn = await ops.lockEquipment(user.id, worldId);
      const picks = bestForEmptySlots(
        await ops.lockStorage(s.id),
        worn.map((w) => w.slot),
      );
      for (const { slot, item } of picks) {
        await ops.takeFromStorage(item.id, 1);
        await ops.wear({
          userId: user.id,
          worldId,
          slot,
          itemName: item.itemName,
          quality: item.quality,
          equippedAt: this.services.now(),
        });
      }
      const message = picks.length
        ? `Equipped ${picks.map((p) => p.item.itemName).join(', ')} from ${s.name}`
        : `Nothing in ${s.name}'s storage fits your empty slots`;
      return { message, storageChanged: picks.length > 0 };
    });
  }

  /** Everything worn into the settlement's storage, or the pack where no container of its kind has room. */
  unequipAll(user: UserRow, body: { settlementId: string; worldId: string }) {
    const { worldId } = body;
    return this.change(user, worldId, { settlementId: Number(body.settlementId) }, async (ops, s) => {
      // In slot order, so which items find room in a nearly full container does not depend on when they were worn.
      const worn = bySlot(await ops.lockEquipment(user.id, worldId));
      if (worn.length === 0) return { message: 'Nothing is equipped', storageChanged: false };
      for (const w of worn) await ops.takeOff(w.id);
      const counts = await stowAtSettlement(ops, s.id, worn, { userId: user.id, worldId }, this.services.now());
      return { message: unequippedMessage(s.name, counts), storageChanged: counts.stored > 0 };
    });
  }
}
