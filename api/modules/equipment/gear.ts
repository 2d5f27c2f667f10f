import type { SettlementOps } from '../../../db/repos/settlements.ts';
import type { EquipmentItem } from '../../contract/equipment.ts';
import { EQUIPMENT_SLOTS, type EquipmentSlot, planUnequipAll } from '../../game/equipment.ts';
import { containerStates } from '../../game/storage.ts';

/**
 * What player gear (./service.ts) and NPC gear (../npc-equipment/service.ts) share once inside their transaction:
 * how worn rows are shown, and where taken-off items go at a settlement.
 */

interface WornRow {
  id: number;
  itemName: string;
  slot: EquipmentSlot;
  quality: number;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Worn rows in slot order (vision, communication, tool, light, device, other). */
export function bySlot<R extends { slot: EquipmentSlot }>(rows: readonly R[]): R[] {
  return [...rows].sort((a, b) => EQUIPMENT_SLOTS.indexOf(a.slot) - EQUIPMENT_SLOTS.indexOf(b.slot));
}

export function toEquipmentView(rows: readonly WornRow[]): EquipmentItem[] {
  return bySlot(rows).map((r) => ({ id: String(r.id), itemName: r.itemName, slot: r.slot, quality: r.quality }));
}

/**
 * Puts items that were just taken off (their worn rows already deleted by the caller) away at a settlement: each
 * into the first container of its storage category with room (planUnequipAll), the rest into `pack`'s inventory,
 * so nothing is lost when storage is full. The storage rows must be locked by the caller's transaction (this locks
 * them again, which is harmless). One unit per item.
 */
export async function stowAtSettlement(
  ops: SettlementOps,
  settlementId: number,
  items: readonly WornRow[],
  pack: { userId: string; worldId: string },
  now: Date,
): Promise<{ stored: number; packed: number }> {
  if (items.length === 0) return { stored: 0, packed: 0 };
  const containers = containerStates(await ops.buildings(settlementId), await ops.lockStorage(settlementId));
  let stored = 0;
  for (const step of planUnequipAll(items, containers)) {
    const item = items.find((i) => i.id === step.id)!;
    if (step.toContainerId === null) {
      await ops.grantItems(pack.userId, pack.worldId, [{ itemName: item.itemName, quality: item.quality, quantity: 1 }], now);
    } else {
      await ops.addToContainer(step.toContainerId, item.itemName, item.quality, 1);
      stored++;
    }
  }
  return { stored, packed: items.length - stored };
}

/** "Unequipped 3 items: 1 into Haven's storage, 2 into your pack (no room for them in storage)". */
export function unequippedMessage(settlementName: string, counts: { stored: number; packed: number }): string {
  const { stored, packed } = counts;
  const where = [
    stored ? `${stored} into ${settlementName}'s storage` : '',
    packed ? `${packed} into your pack (no room for ${packed === 1 ? 'it' : 'them'} in storage)` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `Unequipped ${plural(stored + packed, 'item')}: ${where}`;
}
