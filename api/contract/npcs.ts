import { NPC_SKILLS } from '../game/npc-skills.ts';
import { type } from 'arktype';
import { NPC_ASSIGNMENTS, NPC_STATUSES, normaliseAssignment } from '../game/npcs.ts';
import { NPC_CONDITIONS } from '../game/upkeep.ts';
import { idText } from './settlements.ts';
import { safeString, text, worldIdText } from './text.ts';

/** NPCs on the wire (spec section 7, "NPCs"); rules in api/game/npcs.ts, the simulation in api/game/npc-sim.ts. */

const npcName = safeString.pipe((s) => s.trim()).to('1 <= string <= 60');
export const RecruitBody = type({
  npcName,
  npcDescription: text(0, 300),
  settlementId: idText,
  worldId: worldIdText,
});
export const DismissBody = type({ npcName, worldId: worldIdText });
export const AssignBody = type({
  assignment: type('string')
    .narrow((a, ctx) => normaliseAssignment(a) !== null || ctx.mustBe('one of defend, scavenge, foraging (or gather)'))
    .pipe((a) => normaliseAssignment(a)!),
  worldId: worldIdText,
});
export const NpcParams = type({ id: idText });

/** A survivor met or living in a settlement: its skills (api/game/npc-skills.ts) are what it is good at. */
export const Survivor = type({ name: 'string', description: 'string', 'skills?': type.enumerated(...NPC_SKILLS).array() });
export const RecruitSettlement = type({ id: 'string', name: 'string', emptyBeds: 'number', x: 'number', y: 'number' });
export const RecruitmentOptions = type({ npc: Survivor.or('null'), settlements: RecruitSettlement.array() });

export const NpcJourney = type({
  startX: 'number',
  startY: 'number',
  targetX: 'number',
  targetY: 'number',
  /** ISO times of game-world departure and arrival. */
  startAt: 'string',
  endAt: 'string',
  /** Milliseconds. */
  duration: 'number',
  purpose: 'string',
});
export const NpcView = type({
  id: 'string',
  name: 'string',
  description: 'string',
  x: 'number',
  y: 'number',
  targetX: 'number | null',
  targetY: 'number | null',
  isMoving: 'boolean',
  isRecruited: 'boolean',
  assignment: type.enumerated(...NPC_ASSIGNMENTS),
  assignmentStatus: type.enumerated(...NPC_STATUSES),
  buildingId: 'string',
  settlementId: 'string',
  settlementName: 'string',
  journey: NpcJourney.or('null'),
  /** fit, injured (rests until treated or healed) or hungry (works slower): api/game/upkeep.ts. */
  condition: type.enumerated(...NPC_CONDITIONS),
  skills: type.enumerated(...NPC_SKILLS).array(),
});
export type NpcView = typeof NpcView.infer;
export const NpcList = NpcView.array();
export const SettlementNpcs = type({ npcs: NpcView.array() });
