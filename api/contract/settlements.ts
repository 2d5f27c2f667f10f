import { type } from 'arktype';
import { BIOME_NAMES } from '../../core-wasm/constants.ts';
import { BUILDING_NAME_MAX, BUILDING_TYPES, CONTAINER_SUBTYPES, SETTLEMENT_NAME_MAX } from '../game/settlements.ts';
import { InventoryItem, STORAGE_CATEGORIES } from './items.ts';
import { SETTLEMENT_LEVEL_NAMES } from '../game/settlement-levels.ts';
import { chosenName, text, worldIdText } from './text.ts';

/**
 * Shelters, settlements, buildings and storage on the wire (spec section 7, "Settlements and buildings"): the
 * bodies the server validates and the answers it gives, shared by the routes, the islands and the tests. The rules
 * themselves live in api/game/settlements.ts and api/game/storage.ts.
 */

/** The texts and offersCreateAnyway live with the settlement rules (plain, for the page); read them here too. */
export { offersCreateAnyway, SETTLEMENT_TEXT } from '../game/settlements.ts';

const finite = type('number').narrow((n, ctx) => Number.isFinite(n) || ctx.mustBe('a finite number'));
/** What the client displayed as the cost: read for logging only, the server computes the real one. */
const ShownMaterials = type('Record<string, number>');
/** Settlement, building and shelter ids: the database's positive integers, as strings on the wire. */
export const idText = type(/^[1-9]\d{0,9}$/)
  .narrow((s) => Number(s) <= 2_147_483_647)
  .describe('a numeric id');
export const Category = type.enumerated(...STORAGE_CATEGORIES);

export const BuildShelterBody = type({ worldId: worldIdText, x: finite, y: finite, 'materials?': ShownMaterials });
export const CreateSettlementBody = type({
  worldId: worldIdText,
  name: chosenName('Settlement names', SETTLEMENT_NAME_MAX),
  x: finite,
  y: finite,
  'poiId?': text(0, 80),
});
export const BuildingBody = type({
  type: type.enumerated(...BUILDING_TYPES),
  'subtype?': type.enumerated(...CONTAINER_SUBTYPES).or('null'),
  name: chosenName('Building names', BUILDING_NAME_MAX),
  'materials?': ShownMaterials,
  settlementId: idText,
  worldId: worldIdText,
}).narrow(
  (b, ctx) =>
    b.type !== 'container' ||
    !!b.subtype ||
    ctx.reject({ path: ['subtype'], expected: 'one of food, medicine, ammo, materials, items, misc for a container' }),
);
export type BuildingBody = typeof BuildingBody.infer;
export const UpgradeBody = type({ 'materials?': ShownMaterials, worldId: worldIdText });
export const IdParams = type({ id: idText });
export const BedParams = type({ id: idText, bedId: idText });
export const WorldBody = type({ worldId: worldIdText });
/** The spec does not show fix-items' body: the world is optional (default world). */
export const OptionalWorldBody = type({ 'worldId?': worldIdText });
export const DepositCategoryBody = type({ worldId: worldIdText, category: Category });
/** More than one click's limit is capped, not refused (api/game/settlements.ts transferLimit). */
export const TransferBody = type({ worldId: worldIdText, itemName: text(1, 64), quantity: '1 <= number.integer <= 1000000' });

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────────────────────

export const ShelterView = type({
  id: 'string',
  x: 'number',
  y: 'number',
  tileX: 'number',
  tileY: 'number',
  /** The POI this shelter upgraded, or null for a basic shelter. */
  poiId: 'string | null',
  settlementId: 'string | null',
  /** Who built (and paid for) it: only they may found a settlement on it. Null once their account is gone. */
  builtBy: 'string | null',
});
export type ShelterView = typeof ShelterView.infer;

export const ShelterBuilt = type({
  upgradedPOI: 'boolean',
  'poi?': { id: 'string', name: 'string' },
  shelter: ShelterView,
  x: 'number',
  y: 'number',
  message: 'string',
});
export type ShelterBuilt = typeof ShelterBuilt.infer;

export const SETTLEMENT_STATUSES = ['manageable', 'visible'] as const;
export const SettlementView = type({
  id: 'string',
  worldId: 'string',
  name: 'string',
  x: 'number',
  y: 'number',
  biome: type.enumerated(...BIOME_NAMES),
  /** For the caller: 'manageable' when they may build and use storage there. */
  status: type.enumerated(...SETTLEMENT_STATUSES),
  /** Beds with nobody in them. */
  emptyBeds: 'number',
  beds: 'number',
  founderId: 'string',
  founderName: 'string',
  poiId: 'string | null',
  createdAt: 'string',
  /** Camp 0 … Stronghold 3 (api/game/settlement-levels.ts), and its name. */
  level: 'number',
  levelName: type.enumerated(...SETTLEMENT_LEVEL_NAMES),
});
export type SettlementView = typeof SettlementView.infer;
export const SettlementList = SettlementView.array();

export const BuildingView = type({
  id: 'string',
  settlementId: 'string',
  type: type.enumerated(...BUILDING_TYPES),
  subtype: Category.or('null'),
  name: 'string',
  /** Units a container holds (null for a bed). */
  capacity: 'number | null',
  /** Reinforcements so far (containers); a workshop's or walls' level. */
  level: 'number',
  /** A workshop's or walls' condition: days of unpaid upkeep left before it loses a level (api/game/building-upkeep.ts). */
  'condition?': 'number',
  /** A bed's occupant's name, if any. */
  occupant: 'string | null',
  createdAt: 'string',
});
export type BuildingView = typeof BuildingView.infer;
export const Buildings = type({ buildings: BuildingView.array() });

export const StorageEntry = type({
  building: BuildingView,
  items: InventoryItem.array(),
  totalQuantity: 'number',
  usedCapacity: 'number',
  maxCapacity: 'number',
  protectedCapacity: 'number',
});
export type StorageEntry = typeof StorageEntry.infer;
export const Storage = type({ storage: StorageEntry.array() });

export const BED_STATES = ['vacant', 'pending', 'occupied'] as const;
export const BedAssignment = type({
  bedId: 'string',
  state: type.enumerated(...BED_STATES),
  /** The pending invitation's id (state 'pending'). */
  invitationId: 'string | null',
  playerId: 'string | null',
  playerName: 'string | null',
  npcName: 'string | null',
  isActive: 'boolean',
});
export const BedAssignments = type({ bedAssignments: BedAssignment.array() });

export const BuildingBuilt = type({ building: BuildingView, cost: 'Record<string, number>', message: 'string' });
export const ContainerReinforced = type({ building: BuildingView, cost: 'Record<string, number>', message: 'string' });

/** Every storage call answers what it did: units moved, stacks touched, units left behind, and a sentence. */
export const StorageOutcome = type({ moved: 'number', stacks: 'number', left: 'number', message: 'string' });
export type StorageOutcome = typeof StorageOutcome.infer;

export const SETTLEMENT_NOT_FOUND = 'Settlement not found';

// ── Levels and the buildings they unlock ────────────────────────────────────────────────────────────────────────

export const Requirement = type({ what: 'string', have: 'number', need: 'number' });
/** GET /api/settlements/:id/progress (members): the level, and what the next one asks (null at the top). */
export const SettlementProgress = type({
  level: 'number',
  levelName: type.enumerated(...SETTLEMENT_LEVEL_NAMES),
  next: type({
    level: 'number',
    levelName: type.enumerated(...SETTLEMENT_LEVEL_NAMES),
    requirements: Requirement.array(),
    met: 'boolean',
  }).or('null'),
});
export type SettlementProgress = typeof SettlementProgress.infer;
/** POST /api/settlements/:id/level-up (managers, at the settlement). */
export const LevelledUp = type({ level: 'number', levelName: type.enumerated(...SETTLEMENT_LEVEL_NAMES), message: 'string' });

/** One kind of building in GET /api/buildings/catalogue (public): its cost per level, the level it needs, its effect. */
export const CatalogueBuilding = type({
  type: type.enumerated(...BUILDING_TYPES),
  name: 'string',
  needsLevel: 'number',
  maxLevel: 'number',
  /** Level 1's cost first (for beds and containers: the first one's; each more costs half as much again). */
  costPerLevel: type('Record<string, number>').array(),
  effect: 'string',
});
export const BuildingCatalogue = type({ buildings: CatalogueBuilding.array() });
export type BuildingCatalogue = typeof BuildingCatalogue.infer;
