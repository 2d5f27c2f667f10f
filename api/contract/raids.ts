import { type } from 'arktype';
import { NPC_CONDITIONS } from '../game/upkeep.ts';
import { idText } from './settlements.ts';
import { worldIdText } from './text.ts';
import { RAID_OUTCOMES, THREAT_LEVELS } from './raid-text.ts';

/** The plain values (no arktype: the page's main thread imports them) live in raid-text.ts; read them here too. */
export * from './raid-text.ts';

/**
 * Raids, defence and upkeep on the wire; the rules are api/game/raids.ts and api/game/upkeep.ts.
 * Times are ISO strings, as everywhere on the wire.
 */

/** GET /api/settlements/{id}/defence: what the Defence section shows (members only). */
export const DefenceView = type({
  rating: 'number',
  defenders: 'number',
  ammo: 'number',
  protectedCapacity: 'number',
  /** Units stored above the containers' protected parts: what raiders come for. */
  wealthAbove: 'number',
  threat: type.enumerated(...THREAT_LEVELS),
  /** The announced raid's arrival, while one is on its way. */
  nextRaidAt: 'string | null',
  /** The next night's start: raids come only at night. */
  nextNightAt: 'string',
  /** The end of beginner's protection, while it lasts. */
  protectedUntil: 'string | null',
  /** Recruited NPCs, the food units they eat each in-game day, and the food stored. */
  upkeep: { npcs: 'number', foodPerDay: 'number', food: 'number', medicine: 'number' },
});
export type DefenceView = typeof DefenceView.infer;

export const RaidLoss = type({ itemName: 'string', quality: 'number', quantity: 'number' });
export type RaidLoss = typeof RaidLoss.infer;

export const RaidView = type({
  id: 'string',
  warnedAt: 'string',
  arrivedAt: 'string',
  strength: 'number',
  defence: 'number',
  outcome: type.enumerated(...RAID_OUTCOMES),
  losses: RaidLoss.array(),
  ammoSpent: 'number',
  /** Names of the NPCs injured. */
  injured: 'string[]',
});
export type RaidView = typeof RaidView.infer;
export const RaidList = type({ raids: RaidView.array() });

/** POST /api/npcs/{id}/treat: a member uses medicine from the pack on an injured NPC of the settlement. */
export const TreatBody = type({ worldId: worldIdText });
export const NpcConditionText = type.enumerated(...NPC_CONDITIONS);

/** Live frames (parts of ServerMessage in ./protocol.ts), to the settlement's members wherever they are. */
export const RaidWarningFrame = type({
  type: "'raid_warning'",
  settlementId: idText,
  settlementName: 'string',
  x: 'number',
  y: 'number',
  arriveAt: 'string',
  /** The raiders' strength as scouts see it, to set against the Defence rating. */
  strength: 'number',
});
export const RaidResultFrame = type({
  type: "'raid_result'",
  settlementId: idText,
  settlementName: 'string',
  raid: RaidView,
});
/** An NPC's condition changed; `left` when it walked away unfed (its bed freed, its gear put into storage). */
export const NpcConditionFrame = type({
  type: "'npc_condition'",
  settlementId: idText,
  npcId: idText,
  npcName: 'string',
  condition: type.enumerated(...NPC_CONDITIONS, 'left'),
});
/** An NPC came home from a work cycle and stored its finds (units by item, most first, at most NPC_RETURN_ITEMS_MAX). */
export const NpcReturnedFrame = type({
  type: "'npc_returned'",
  settlementId: idText,
  npcId: idText,
  npcName: 'string',
  items: type({ itemName: 'string', quantity: 'number' }).array(),
});
/** A workshop or walls lost a level: its upkeep went unpaid for longer than its condition lasts. */
export const BuildingDecayedFrame = type({
  type: "'building_decayed'",
  settlementId: idText,
  settlementName: 'string',
  buildingId: idText,
  buildingName: 'string',
  level: 'number',
});
export type RaidWarningFrame = typeof RaidWarningFrame.infer;
export type RaidResultFrame = typeof RaidResultFrame.infer;
export type NpcConditionFrame = typeof NpcConditionFrame.infer;
