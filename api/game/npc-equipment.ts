/**
 * NPC equipment rules on top of the player's (api/game/equipment.ts): the same slots, catalogue and "best item per
 * empty slot" choice; this file adds who may change an NPC's gear and from where, what worn gear does for an NPC
 * (its tools on a scavenge, the radio that lets radio-carrying players track it) and the batch call's cap. Pure: the
 * server (api/modules/npc-equipment), the simulation (api/game/npc-sim.ts) and the islands read these.
 */
import type { Tools } from './actions.ts';
import { EQUIPMENT_REACH, hasRadio, wornTools } from './equipment.ts';

/**
 * The spec names no distance rule for NPC gear; it is managed like the player's: gear comes out of and goes back
 * into the settlement's storage, and storage is handled at the settlement. So a member must stand within this many
 * world units of the settlement's centre (the player-gear and storage radius).
 */
export const NPC_EQUIPMENT_REACH = EQUIPMENT_REACH;

/** GET /api/npcs/batch-equipment answers at most this many NPC ids per call (the map polls the NPCs it draws). */
export const NPC_BATCH_MAX = 100;

export const NPC_EQUIPMENT_TEXT = {
  needRadio: 'You need a Portable Radio equipped',
  npcNotFound: 'NPC not found',
} as const;

type Worn = readonly { itemName: string }[];

/** The tools (Crowbar, Multitool, Scanner) an NPC wears: a scavenging NPC searches with them like a player. */
export function npcTools(worn: Worn): Tools {
  return wornTools(worn);
}

/** The NPC carries a Portable Radio: players with a radio see it on the map beyond their vision. */
export function carriesRadio(worn: Worn): boolean {
  return hasRadio(worn);
}
