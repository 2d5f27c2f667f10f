/**
 * What a settlement grows into: its levels (Camp → Outpost → Town → Stronghold), what each asks before it can be
 * reached, and the buildings a level unlocks (a Workshop, Walls). One home: the server judges every level-up and
 * build with these (api/modules/settlements), the Settlement panel shows the same have/need lines, and the wiki quotes
 * the numbers. Pure: no server imports.
 */
import { INFIRMARY_HEAL_SHARE, INFIRMARY_PATIENTS_PER_DOSE } from './upkeep.ts';
import {
  type BuildingType,
  type ContainerSubtype,
  type Materials,
  nextBuildingCost,
  STOREHOUSE_PROTECTION_PER_LEVEL,
  scaledCost,
} from './settlements.ts';

export const SETTLEMENT_LEVEL_NAMES = ['Camp', 'Outpost', 'Town', 'Stronghold'] as const;
export type SettlementLevelName = (typeof SETTLEMENT_LEVEL_NAMES)[number];
export const MAX_SETTLEMENT_LEVEL = SETTLEMENT_LEVEL_NAMES.length - 1;

/** What a settlement has that a level can ask for. */
export interface SettlementHoldings {
  beds: number;
  containers: number;
  /** Containers reinforced at least once. */
  reinforced: number;
  /** Recruited NPCs living there. */
  npcs: number;
  workshop: boolean;
  /** The walls' level (0: none). */
  walls: number;
}

export interface LevelStep {
  level: number;
  name: SettlementLevelName;
  /** What must stand (and live) there first. */
  needs: Partial<Record<Exclude<keyof SettlementHoldings, 'workshop'>, number>> & { workshop?: true };
  /** Paid once, from the pack then the settlement's storage. */
  cost: Materials;
}

/** The steps up, from Camp (a new settlement) to Stronghold. */
export const LEVEL_STEPS: readonly LevelStep[] = [
  {
    level: 1,
    name: 'Outpost',
    needs: { beds: 2, containers: 2, npcs: 1 },
    cost: { 'Wood Planks': 10, 'Scrap Metal': 8, Rope: 4 },
  },
  {
    level: 2,
    name: 'Town',
    needs: { beds: 3, containers: 4, reinforced: 2, npcs: 2, workshop: true },
    cost: { 'Wood Planks': 15, 'Steel Pipes': 6, 'Duct Tape': 4, 'Electronic Parts': 2 },
  },
  {
    level: 3,
    name: 'Stronghold',
    needs: { beds: 4, containers: 6, reinforced: 4, npcs: 3, walls: 2 },
    cost: { 'Scrap Metal': 20, 'Steel Pipes': 10, 'Electronic Parts': 4, 'Glass Shards': 6, Batteries: 6 },
  },
];

export function levelName(level: number): SettlementLevelName {
  return SETTLEMENT_LEVEL_NAMES[Math.max(0, Math.min(MAX_SETTLEMENT_LEVEL, level))]!;
}

export function nextStep(level: number): LevelStep | null {
  return LEVEL_STEPS.find((s) => s.level === level + 1) ?? null;
}

export interface Requirement {
  what: string;
  have: number;
  need: number;
}

const NEED_LABELS: Record<keyof SettlementHoldings, string> = {
  beds: 'Beds',
  containers: 'Storage containers',
  reinforced: 'Reinforced containers',
  npcs: 'Recruited NPCs',
  workshop: 'Workshop',
  walls: 'Walls level',
};

/**
 * The next level's lines, have against need: what must stand there, then each material of its cost (`held`: units in
 * the pack and the settlement's storage together, what paying may spend).
 */
export function requirementsFor(step: LevelStep, has: SettlementHoldings, held: (itemName: string) => number): Requirement[] {
  const lines: Requirement[] = [];
  for (const [key, need] of Object.entries(step.needs) as [keyof SettlementHoldings, number | true][]) {
    const have = key === 'workshop' ? (has.workshop ? 1 : 0) : has[key];
    lines.push({ what: NEED_LABELS[key], have: Number(have), need: need === true ? 1 : need });
  }
  for (const [itemName, need] of Object.entries(step.cost)) lines.push({ what: itemName, have: held(itemName), need });
  return lines;
}

export const met = (lines: readonly Requirement[]): boolean => lines.every((l) => l.have >= l.need);

/** 'Requirements not met: Beds 1/2, Recruited NPCs 0/1.' */
export function unmetMessage(lines: readonly Requirement[]): string {
  const missing = lines.filter((l) => l.have < l.need).map((l) => `${l.what} ${l.have}/${l.need}`);
  return `Requirements not met: ${missing.join(', ')}.`;
}

export const LEVEL_TEXT = {
  levelled: (name: string, level: SettlementLevelName) => `${name} is now ${/^[AEIOU]/.test(level) ? 'an' : 'a'} ${level}!`,
  topLevel: (name: string) => `${name} is a Stronghold: the highest level`,
} as const;

// ── Buildings a level unlocks ───────────────────────────────────────────────────────────────────────────────────

export const UNLOCKED_BUILDINGS = ['workshop', 'walls', 'storehouse', 'watchtower', 'infirmary'] as const;
export type UnlockedBuilding = (typeof UNLOCKED_BUILDINGS)[number];

/** Whether a building is one a settlement level unlocks (levels, upkeep and condition), not a bed or a container. */
export function isUnlockedBuilding(type: string): type is UnlockedBuilding {
  return (UNLOCKED_BUILDINGS as readonly string[]).includes(type);
}

export interface UnlockedBuildingDef {
  type: UnlockedBuilding;
  name: string;
  /** The settlement level it is built from. */
  needsLevel: number;
  /** Its own highest level; walls may not stand higher than the settlement's level. */
  maxLevel: number;
  /** Level 1's cost; each level above costs half as much again per level (scaledCost). */
  baseCost: Materials;
  effect: string;
}

/** A Workshop's bench works this much faster: jobs take ×0.7 of their time. */
export const WORKSHOP_TIME_FACTOR = 0.7;
/** A Watchtower sees raiders coming this many times earlier: the warning (RAID_WARNING_MS, api/game/raids.ts) is longer. */
export const WATCHTOWER_WARNING_FACTOR = 2;
/** Each level of walls adds this to the defence rating. */
export const WALL_DEFENCE_PER_LEVEL = 6;

export const UNLOCKED_BUILDING_DEFS: Readonly<Record<UnlockedBuilding, UnlockedBuildingDef>> = {
  workshop: {
    type: 'workshop',
    name: 'Workshop',
    needsLevel: 1,
    maxLevel: 1,
    baseCost: { 'Wood Planks': 6, 'Scrap Metal': 4, 'Steel Pipes': 2, 'Duct Tape': 2 },
    effect: `The bench works faster (every job takes ×${WORKSHOP_TIME_FACTOR} of its time) and can make a Backpack`,
  },
  walls: {
    type: 'walls',
    name: 'Walls',
    needsLevel: 1,
    maxLevel: 3,
    baseCost: { 'Wood Planks': 8, 'Scrap Metal': 6, Rope: 2 },
    effect: `+${WALL_DEFENCE_PER_LEVEL} defence rating per level against raids; up to the settlement's level`,
  },
  watchtower: {
    type: 'watchtower',
    name: 'Watchtower',
    needsLevel: 1,
    maxLevel: 1,
    baseCost: { 'Wood Planks': 10, Rope: 3, 'Glass Shards': 2 },
    effect: `Raiders are seen from afar: a raid is announced ${WATCHTOWER_WARNING_FACTOR} times as long before it arrives`,
  },
  infirmary: {
    type: 'infirmary',
    name: 'Infirmary',
    needsLevel: 2,
    maxLevel: 1,
    baseCost: { 'Wood Planks': 8, 'Cloth Scraps': 6, 'Glass Shards': 4, 'Duct Tape': 2 },
    effect: `The injured heal in ${INFIRMARY_HEAL_SHARE * 100}% of the time, and one dose of medicine treats ${INFIRMARY_PATIENTS_PER_DOSE} of them`,
  },
  storehouse: {
    type: 'storehouse',
    name: 'Storehouse',
    needsLevel: 1,
    maxLevel: 3,
    baseCost: { 'Wood Planks': 6, 'Steel Pipes': 2, 'Cloth Scraps': 4, 'Glass Shards': 2 },
    effect: `+${STOREHOUSE_PROTECTION_PER_LEVEL} protected units in every container per level, which raiders never take; up to the settlement's level`,
  },
};

/** What a building of this kind does at `level`, in a few words (the Settlement panel's row). */
export function effectAtLevel(type: UnlockedBuilding, level: number): string {
  if (level <= 0) return 'idle: raise it to work again';
  if (type === 'walls') return `+${level * WALL_DEFENCE_PER_LEVEL} defence`;
  if (type === 'storehouse') return `+${level * STOREHOUSE_PROTECTION_PER_LEVEL} protected in every container`;
  if (type === 'watchtower') return `raids announced ×${WATCHTOWER_WARNING_FACTOR} as early`;
  if (type === 'infirmary') return `heals ×${1 / INFIRMARY_HEAL_SHARE} as fast, a dose treats ${INFIRMARY_PATIENTS_PER_DOSE}`;
  return `bench ×${WORKSHOP_TIME_FACTOR}, Backpacks`;
}

/** What walls, a workshop or a storehouse cost at `level` (1 to build, 2 and up to raise). */
export function unlockedBuildingCost(type: UnlockedBuilding, level: number): Materials {
  return scaledCost(UNLOCKED_BUILDING_DEFS[type].baseCost, Math.max(0, level - 1));
}

/** The highest level this building may reach in a settlement of `settlementLevel`. */
export function buildingLevelCap(type: UnlockedBuilding, settlementLevel: number): number {
  const def = UNLOCKED_BUILDING_DEFS[type];
  return type === 'walls' || type === 'storehouse' ? Math.min(def.maxLevel, settlementLevel) : def.maxLevel;
}

/** Why this building cannot be built (or raised to `level`) at a settlement of `settlementLevel`, or null. */
export function unlockRefusal(type: UnlockedBuilding, settlementLevel: number, level = 1): string | null {
  const def = UNLOCKED_BUILDING_DEFS[type];
  if (settlementLevel < def.needsLevel) return `${def.name} needs a settlement of level ${levelName(def.needsLevel)} or more`;
  if (level > buildingLevelCap(type, settlementLevel)) {
    return level > def.maxLevel
      ? `${def.name} is at its highest level (${def.maxLevel})`
      : `${def.name} cannot stand higher than the settlement's level: reach ${levelName(level)} first`;
  }
  return null;
}

/** What building one more of this kind costs where `standing` stand: a bed or container grows per one standing. */
export function costToBuild(
  type: BuildingType,
  subtype: ContainerSubtype | null,
  standing: readonly { type: BuildingType; subtype: string | null }[],
): Materials {
  return type === 'bed' || type === 'container' ? nextBuildingCost(type, subtype, standing) : unlockedBuildingCost(type, 1);
}

/** Whether a working Workshop stands (one at level 0, its upkeep long unpaid, does nothing until raised again). */
export function hasWorkshop(standing: readonly { type: BuildingType; level: number }[]): boolean {
  return standing.some((b) => b.type === 'workshop' && b.level >= 1);
}

/** A settlement's holdings from its buildings and NPC count. */
export function holdingsOf(standing: readonly { type: BuildingType; level: number }[], npcs: number): SettlementHoldings {
  const containers = standing.filter((b) => b.type === 'container');
  return {
    beds: standing.filter((b) => b.type === 'bed').length,
    containers: containers.length,
    reinforced: containers.filter((c) => c.level >= 1).length,
    npcs,
    // A workshop that lost its level to unpaid upkeep stands, but counts (and works) only once raised again.
    workshop: hasWorkshop(standing),
    walls: Math.max(0, ...standing.filter((b) => b.type === 'walls').map((b) => b.level)),
  };
}
