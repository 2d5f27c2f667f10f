/**
 * NPC equipment rules on top of the player's (api/game/equipment.ts): the same slots, catalogue and "best item per
 * empty slot" choice; this file adds who may change an NPC's gear and from where, what worn gear does for an NPC
 * (its tools on a scavenge, the radio that lets radio-carrying players track it) and the batch call's cap. Pure: the
 * server (api/modules/npc-equipment), the simulation (api/game/npc-sim.ts) and the islands read these.
 */
import { significanceFloor, type Tools, toolsFrom } from './actions.ts';
import { byQuality, type CandidateOrder, EQUIPMENT_REACH, hasRadio, wornTools } from './equipment.ts';
import { NPC_ASSIGNMENTS, type NpcAssignment, worksAway } from './npcs.ts';

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

/**
 * How much a worn item helps an NPC at its job, by the effects the simulation applies (0: none). A scavenger searches
 * a place deeper with a Multitool (down to −5) than with a Crowbar (−3) and finds better loot with a Scanner; an NPC
 * working away from home can be followed on the map by radio. Nothing else an NPC wears does anything yet: a
 * Lockpick Set has no effect, and vision gear and lights are a survivor's.
 */
export function npcGearHelps(itemName: string, assignment: NpcAssignment): number {
  const tools = toolsFrom([itemName]);
  if (assignment === 'scavenge') {
    const depth = -significanceFloor(tools);
    if (depth > 0) return depth;
    if (tools.scanner) return 1;
  }
  if (worksAway(assignment) && hasRadio([{ itemName }])) return 1;
  return 0;
}

/** Whether an item does anything for an NPC on any job. */
export function npcGearHasEffect(itemName: string): boolean {
  return NPC_ASSIGNMENTS.some((a) => npcGearHelps(itemName, a) > 0);
}

/**
 * Equip all's choice per slot for an NPC on `assignment`: what helps that job most, then what would help on some other
 * job, then the higher quality; items without an effect come last.
 */
export function npcEquipOrder(assignment: NpcAssignment): CandidateOrder {
  return (a, b) =>
    npcGearHelps(a.itemName, assignment) - npcGearHelps(b.itemName, assignment) ||
    Number(npcGearHasEffect(a.itemName)) - Number(npcGearHasEffect(b.itemName)) ||
    byQuality(a, b);
}
