/** The equipment routes (api/modules/equipment) and the reads the panel needs, through the typed client, bound to one world. */
import { api, unwrap } from '../../lib/api.ts';
import type { StoredItem } from '../../stores/equipment.ts';
import type { EquipmentCalls } from './actions.ts';

export function equipmentCalls(worldId: string): EquipmentCalls {
  const equipment = api.api.player.equipment;
  return {
    equip: (body) => unwrap(equipment.equip.post({ ...body, worldId })),
    unequip: (itemId) => unwrap(equipment.unequip.post({ itemId, worldId })),
    equipAll: (settlementId) => unwrap(equipment['equip-all-settlement'].post({ settlementId, worldId })),
    unequipAll: (settlementId) => unwrap(equipment['unequip-all'].post({ settlementId, worldId })),
  };
}

export function equipmentReads(worldId: string) {
  return {
    worn: async () => (await unwrap(api.api.player.equipment.get({ query: { worldId } }))).equipment,
    /** The settlements the player manages in this world (Your Settlements' list), wherever they are. */
    mine: () => unwrap(api.api.player.settlements.get({ query: { worldId } })),
    storage: async (settlementId: string): Promise<StoredItem[]> =>
      (await unwrap(api.api.settlements({ id: settlementId }).storage.get())).storage.flatMap((e) =>
        e.items.map((i) => ({ id: i.id, itemName: i.itemName, quality: i.metadata.quality, quantity: i.quantity })),
      ),
  };
}
export type EquipmentReads = ReturnType<typeof equipmentReads>;
