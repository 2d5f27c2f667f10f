import { type } from 'arktype';
import { NPC_BATCH_MAX } from '../game/npc-equipment.ts';
import { EquipmentItem, Slot } from './equipment.ts';
import { idText } from './settlements.ts';
import { worldIdText } from './text.ts';
import { DEFAULT_WORLD_ID } from './world.ts';

/**
 * NPC equipment on the wire (spec section 7, "NPCs"): the bodies the server validates and its answers. Rules in
 * api/game/npc-equipment.ts and api/game/equipment.ts. No body names a world: the NPC's own world is used.
 */

/** `itemId` is a storage row id of the NPC's settlement; `settlementId` must be the NPC's settlement. */
export const NpcEquipBody = type({ itemId: idText, slot: Slot, settlementId: idText });
export const NpcUnequipBody = type({ slot: Slot, settlementId: idText });
export const NpcSettlementBody = type({ settlementId: idText });

/** GET /api/npcs/{id}/equipment. Every change answers EquipmentOutcome: its sentence and what the NPC wears after. */
export const NpcEquipmentList = type({ equipment: EquipmentItem.array() });
export type NpcEquipmentList = typeof NpcEquipmentList.infer;

/**
 * GET /api/npcs/batch-equipment?npcIds=1&npcIds=2 (a comma list is split too): at most NPC_BATCH_MAX ids, of the
 * world in `worldId` (the default world when absent).
 */
export const BatchEquipmentQuery = type({
  'npcIds?': idText.or(idText.array().atMostLength(NPC_BATCH_MAX)),
  worldId: worldIdText.default(DEFAULT_WORLD_ID),
});

export const BatchEquipmentItem = type({ itemName: 'string', slot: Slot, quality: 'number' });
/** NPC id → what it wears (in slot order); ids of no NPC of that world are absent. */
export const BatchEquipment = type({ equipmentData: type({ '[string]': BatchEquipmentItem.array() }) });
export type BatchEquipment = typeof BatchEquipment.infer;
