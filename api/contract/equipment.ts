import { type } from 'arktype';
import { EQUIP_SOURCES, EQUIPMENT_SLOTS } from '../game/equipment.ts';
import { idText } from './settlements.ts';
import { worldIdText } from './text.ts';
import { DEFAULT_WORLD_ID } from './world.ts';

/**
 * Player equipment on the wire (spec section 7, "Equipment"): the bodies the server validates and the answers it
 * gives, shared by the routes, the islands and the tests. The rules live in api/game/equipment.ts.
 */

/** The Equipment Error texts and the equip sources live with the gear's rules (plain, for the page); read them here too. */
export { EQUIP_SOURCES, type EquipSource, EQUIPMENT_TEXT } from '../game/equipment.ts';

export const Slot = type.enumerated(...EQUIPMENT_SLOTS);

/**
 * `itemId` is the inventory stack's id, or with `source: 'settlement'` the storage row's id in the nearest
 * settlement the player manages. `slot` must be the catalogue's slot for the item.
 */
export const EquipBody = type({
  itemId: idText,
  slot: Slot,
  worldId: worldIdText,
  'source?': type.enumerated(...EQUIP_SOURCES),
});
/** `itemId` is the equipment row's id; the spec sends no world, so it defaults. */
export const UnequipBody = type({ itemId: idText, worldId: worldIdText.default(DEFAULT_WORLD_ID) });
export const EquipAllBody = type({ settlementId: idText, worldId: worldIdText });
export const UnequipAllBody = type({ settlementId: idText, worldId: worldIdText.default(DEFAULT_WORLD_ID) });

export const EquipmentItem = type({ id: 'string', itemName: 'string', slot: Slot, quality: 'number' });
export type EquipmentItem = typeof EquipmentItem.infer;

/** What the worn gear does, as the server applies it (api/game/equipment.ts equipmentEffects). */
export const EquipmentEffects = type({
  binoculars: 'boolean',
  nightVisionMultiplier: 'number',
  radio: 'boolean',
  tools: { crowbar: 'boolean', multitool: 'boolean', scanner: 'boolean' },
});

/** GET /api/player/equipment. */
export const EquipmentList = type({ equipment: EquipmentItem.array(), effects: EquipmentEffects });
export type EquipmentList = typeof EquipmentList.infer;

/** Every change answers its sentence and what is worn afterwards. */
export const EquipmentOutcome = type({ message: 'string', equipment: EquipmentItem.array() });
export type EquipmentOutcome = typeof EquipmentOutcome.infer;
