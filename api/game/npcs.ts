/**
 * NPC rules: recruitment, assignments and the work cycle's numbers. One home: the server (api/modules/npcs, the
 * simulation in api/game/npc-sim.ts), the islands and the wiki read these.
 */

export const NPC_ASSIGNMENTS = ['defend', 'scavenge', 'foraging', 'craft'] as const;
export type NpcAssignment = (typeof NPC_ASSIGNMENTS)[number];
/** Assignments done at the settlement: no work cycles, the NPC stays home (defending, or at the bench). */
export const HOME_ASSIGNMENTS = ['defend', 'craft'] as const satisfies readonly NpcAssignment[];
/** "Ada will …" when an NPC is given a job. */
export const ASSIGNMENT_DUTIES: Readonly<Record<NpcAssignment, string>> = {
  defend: 'defend the settlement',
  scavenge: 'scavenge',
  foraging: 'forage',
  craft: 'work at the bench (crafting goes faster)',
};
export const worksAway = (a: NpcAssignment): boolean => !(HOME_ASSIGNMENTS as readonly string[]).includes(a);
/** The spec also names foraging 'gather': accepted on the wire and stored as 'foraging'. */
export const ASSIGNMENT_ALIASES: Readonly<Record<string, NpcAssignment>> = { gather: 'foraging' };
export function normaliseAssignment(a: string): NpcAssignment | null {
  if ((NPC_ASSIGNMENTS as readonly string[]).includes(a)) return a as NpcAssignment;
  return ASSIGNMENT_ALIASES[a] ?? null;
}

export const NPC_STATUSES = ['resting', 'gathering', 'working', 'returning'] as const;
export type NpcStatus = (typeof NPC_STATUSES)[number];

/** A survivor drawn by a scavenge waits this long for the player to recruit or dismiss them. */
export const NPC_OFFER_TTL_MS = 10 * 60 * 1000;
export const DEFAULT_NPC = { name: 'Unknown Survivor', description: 'A survivor seeking shelter and safety.' } as const;

/** A work cycle: up to 5 attempts, each a journey of 50–200 tiles out, capped at 4–6 minutes, then home and rest. */
export const CYCLE_ATTEMPTS = 5;
export const JOURNEY_MIN_TILES = 50;
export const JOURNEY_MAX_TILES = 200;
export const CYCLE_CAP_MIN_MS = 4 * 60 * 1000;
export const CYCLE_CAP_MAX_MS = 6 * 60 * 1000;
/** Rest at the settlement between cycles. */
export const NPC_REST_MS = 2 * 60 * 1000;
/** NPCs walk at half a survivor's pace (world units per second of game time): they carry their finds. */
export const NPC_SPEED_UNITS_PER_SECOND = 30;
/** The map snaps a gliding NPC onto its target within this many units (spec section 9). */
export const NPC_SNAP_UNITS = 5;

export const NPC_TEXT = {
  noSettlementSelected: 'No Settlement Selected',
  selectSettlement: 'Please select a settlement for the NPC',
  noAvailableBeds: 'No Available Beds',
  needEmptyBed: 'You need an empty bed in a settlement to recruit survivors.',
  noBedsOption: 'No settlements with available beds!',
  recruited: 'NPC Recruited!',
  recruitFailed: 'Recruitment Failed',
  recruitFailedDefault: 'Failed to recruit NPC',
  dismissed: 'NPC Dismissed',
  dismissFailed: 'Dismissal Failed',
  dismissFailedDefault: 'Failed to dismiss NPC',
  assignFailed: 'Failed to assign NPC',
} as const;
