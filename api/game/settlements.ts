/**
 * The settlement rules: shelters, settlements, buildings and what they cost, container capacity and who may manage.
 * One home: the server judges every request with these (api/modules/settlements), the islands show costs and
 * enable buttons with the same functions, and the wiki quotes these numbers. Pure: no server imports.
 */
import { INTERACTION_RADIUS } from '../../core-wasm/constants.ts';
import { itemDef, STORAGE_CATEGORIES, type StorageCategory } from './items.ts';
import { normaliseName } from './names.ts';

/** Item name → how many. */
export type Materials = Readonly<Record<string, number>>;

/** Spec section 8 texts for these calls (successes and the client's fallbacks). */
export const SETTLEMENT_TEXT = {
  poiUpgraded: 'POI upgraded!',
  shelterBuilt: 'Basic Shelter built!',
  settlementEstablished: 'Settlement established!',
  buildingConstructed: 'Building constructed!',
  buildingCompleted: 'Building completed successfully!',
  containerReinforced: 'Container reinforced successfully!',
  invalidPoiId: 'Invalid POI ID',
  poiMissing: 'POI does not exist',
  createAnyway: 'Create Settlement Here Anyway',
  failedShelter: 'Failed to build shelter',
  failedSettlement: 'Failed to create settlement',
  failedBuilding: 'Failed to construct building',
  failedDeposit: 'Failed to deposit items',
  failedTransfer: 'Failed to transfer item',
  failedPickup: 'Failed to pick up items',
  failedConsolidate: 'Failed to consolidate storage',
} as const;

/** Whether a settlement error lets the player found it at their shelter without the POI (spec section 8). */
export function offersCreateAnyway(message: string): boolean {
  return message.includes(SETTLEMENT_TEXT.invalidPoiId) || message.includes(SETTLEMENT_TEXT.poiMissing);
}

/** Beds and containers from the start; a workshop and walls once the settlement's level unlocks them (settlement-levels.ts). */
export const BUILDING_TYPES = ['bed', 'container', 'workshop', 'walls', 'storehouse', 'watchtower', 'infirmary'] as const;
export type BuildingType = (typeof BUILDING_TYPES)[number];
export type BasicBuildingType = 'bed' | 'container';
export const CONTAINER_SUBTYPES = STORAGE_CATEGORIES;
export type ContainerSubtype = StorageCategory;

export { SHELTER_COST } from './shelter-cost.ts';
/** Spec section 9: what the first of each kind costs. */
export const BED_BASE_COST: Materials = { 'Cloth Scraps': 3, 'Wood Planks': 2 };
export const CONTAINER_BASE_COST: Readonly<Record<ContainerSubtype, Materials>> = {
  food: { 'Wood Planks': 4, 'Scrap Metal': 2 },
  medicine: { 'Glass Shards': 3, 'Scrap Metal': 2 },
  ammo: { 'Steel Pipes': 2, 'Scrap Metal': 4 },
  materials: { 'Wood Planks': 3, 'Steel Pipes': 2 },
  items: { 'Wood Planks': 3, 'Scrap Metal': 3 },
  misc: { 'Wood Planks': 2, 'Cloth Scraps': 2 },
};
/** Each building of the same kind already standing adds half the base cost (rounded up per material). */
export const COST_STEP_PER_EXISTING = 0.5;
/** Spec section 9: reinforcing a container, whatever its level: one level, CONTAINER_CAPACITY_STEP more units. */
export const REINFORCE_COST: Materials = { 'Scrap Metal': 5, 'Cloth Scraps': 3 };
/**
 * What one crafted Reinforcement Kit (api/game/crafting.ts) gives: one reinforcement, exactly what REINFORCE_COST
 * buys (one level, CONTAINER_CAPACITY_STEP more units). So one kit stands in for REINFORCE_COST.
 */
export const REINFORCE_KIT: Materials = { 'Reinforcement Kit': 1 };
/** How a reinforcement is paid: the first of these the pack and storage together cover (a kit before raw materials). */
export const REINFORCE_PAYMENTS: readonly Materials[] = [REINFORCE_KIT, REINFORCE_COST];

/** Units a new container holds (one unit per item); each reinforcement adds a step, up to the maximum level. */
export const CONTAINER_BASE_CAPACITY = 100;
export const CONTAINER_CAPACITY_STEP = 50;
export const CONTAINER_MAX_LEVEL = 4;
/** Spec section 9: reported with every container (the part of its contents later raid rules may not take). */
export const PROTECTED_CAPACITY = 50;
/** Each level of a Storehouse (api/game/settlement-levels.ts) adds this to every container's protected part. */
export const STOREHOUSE_PROTECTION_PER_LEVEL = 25;
/** Every container's protected part (what raiders never take) where a Storehouse of `storehouseLevel` stands. */
export function protectedPart(storehouseLevel: number): number {
  return PROTECTED_CAPACITY + STOREHOUSE_PROTECTION_PER_LEVEL * Math.max(0, storehouseLevel);
}

/** How far (world units) a shelter or a settlement can be built from where the survivor stands: the spec's reach. */
export const SHELTER_REACH = INTERACTION_RADIUS;
/** Settlement centres keep at least this far apart (world units: 40 tiles). */
export const SETTLEMENT_MIN_DISTANCE = 200;
/**
 * Building, reinforcing and moving items in or out of storage happen at the settlement: within this many world
 * units (20 tiles) of its centre. The equipment rules use the same radius.
 */
export const SETTLEMENT_REACH = 100;
export const SETTLEMENT_NAME_MAX = 40;
export const BUILDING_NAME_MAX = 40;
/** Spec section 9: one click takes at most 20 of an item out of storage, 1 of the items (equipment) category. */
export const TRANSFER_MAX = 20;
export const TRANSFER_MAX_ITEMS = 1;

/** What the n-th building of a kind costs, where `existing` of that kind already stand: base × (1 + 0.5 n), rounded up. */
export function scaledCost(base: Materials, existing: number): Materials {
  const factor = 1 + COST_STEP_PER_EXISTING * existing;
  return Object.fromEntries(Object.entries(base).map(([name, n]) => [name, Math.ceil(n * factor)]));
}

export function buildingBaseCost(type: BasicBuildingType, subtype: ContainerSubtype | null): Materials {
  return type === 'bed' ? BED_BASE_COST : CONTAINER_BASE_COST[subtype ?? 'misc'];
}

/** Beds count beds; containers count containers of the same subtype. */
export function sameKind(
  a: { type: BuildingType; subtype: string | null },
  b: { type: BuildingType; subtype: string | null },
): boolean {
  return a.type === b.type && (a.type === 'bed' || a.subtype === b.subtype);
}

/** The cost of the next building of this kind in a settlement whose buildings are `standing`. */
export function nextBuildingCost(
  type: BasicBuildingType,
  subtype: ContainerSubtype | null,
  standing: readonly { type: BuildingType; subtype: string | null }[],
): Materials {
  const existing = standing.filter((b) => sameKind(b, { type, subtype })).length;
  return scaledCost(buildingBaseCost(type, subtype), existing);
}

export function containerCapacity(level: number): number {
  return CONTAINER_BASE_CAPACITY + CONTAINER_CAPACITY_STEP * Math.min(Math.max(0, level), CONTAINER_MAX_LEVEL);
}

/** How many of an item one transfer-from-storage click takes at most. */
export function transferLimit(itemName: string): number {
  return itemDef(itemName)?.category === 'items' ? TRANSFER_MAX_ITEMS : TRANSFER_MAX;
}

/** The storage category an item belongs in (unknown names are misc). */
export function categoryOf(itemName: string): StorageCategory {
  return itemDef(itemName)?.category ?? 'misc';
}

/**
 * A settlement, building or survivor's name as the server will read it (api/game/names.ts normaliseName: NFKC,
 * spaces collapsed and trimmed); the wire schema then applies the name rules and the length.
 */
export function cleanName(name: string): string {
  return normaliseName(name);
}

// ── Who manages ──────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A settlement is manageable by a player who holds a bed there; its founder manages it too while no player holds a
 * bed there (before the first bed, or when the founder's bed went to someone else's settlement).
 */
export function canManage(userId: string, s: { founderId: string; bedHolders: readonly string[] }): boolean {
  return s.bedHolders.includes(userId) || (s.founderId === userId && s.bedHolders.length === 0);
}

// ── Spending materials ──────────────────────────────────────────────────────────────────────────────────────────

export interface Stack {
  id: number;
  itemName: string;
  quality: number;
  quantity: number;
}

export interface Shortage {
  itemName: string;
  have: number;
  need: number;
}

/** Where a unit was taken from: the player's pack, or a container (building id). */
export type TakenFrom = { from: 'pack' } | { from: 'storage'; containerId: number };
export type Take = TakenFrom & { stackId: number; itemName: string; quality: number; quantity: number };

/**
 * Which stacks pay for `needs`, for every settlement cost and the bench alike: for each item the pack's stacks first,
 * then the settlement storage's, each the lowest quality first. Nothing is taken when anything is missing; `have`
 * counts pack and storage together. A cost paid away from any settlement (a shelter) passes no storage.
 */
export function planPayment(
  pack: readonly Stack[],
  storage: readonly (Stack & { containerId: number })[],
  needs: Materials,
): { ok: true; takes: Take[] } | { ok: false; missing: Shortage[] } {
  const byQuality = <S extends Stack>(list: readonly S[], name: string) =>
    list.filter((s) => s.itemName === name && s.quantity > 0).sort((a, b) => a.quality - b.quality || a.id - b.id);
  const takes: Take[] = [];
  const missing: Shortage[] = [];
  for (const [itemName, need] of Object.entries(needs)) {
    let left = need;
    const sources: [Stack, TakenFrom][] = [
      ...byQuality(pack, itemName).map((s) => [s, { from: 'pack' }] as [Stack, TakenFrom]),
      ...byQuality(storage, itemName).map((s) => [s, { from: 'storage', containerId: s.containerId }] as [Stack, TakenFrom]),
    ];
    for (const [s, where] of sources) {
      if (left <= 0) break;
      const quantity = Math.min(left, s.quantity);
      takes.push({ ...where, stackId: s.id, itemName, quality: s.quality, quantity });
      left -= quantity;
    }
    if (left > 0) missing.push({ itemName, have: need - left, need });
  }
  return missing.length ? { ok: false, missing } : { ok: true, takes };
}

// ── Counting what a cost can be paid from (the panels' have/need) ──────────────────────────────────────────────

/** Units of each item (any quality) in the pack and in the settlement's storage: what planPayment can spend. */
export interface Held {
  pack: ReadonlyMap<string, number>;
  storage: ReadonlyMap<string, number>;
}

function tally(items: readonly { itemName: string; quantity: number }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const i of items) out.set(i.itemName, (out.get(i.itemName) ?? 0) + i.quantity);
  return out;
}

/** What the pack and (when the cost is paid at a settlement) its storage hold. */
export function held(
  pack: readonly { itemName: string; quantity: number }[],
  storage: readonly { itemName: string; quantity: number }[] = [],
): Held {
  return { pack: tally(pack), storage: tally(storage) };
}

/** One item of a cost: what it needs, what the pack and storage hold of it, and what paying would take from storage. */
export interface CostLine {
  itemName: string;
  need: number;
  pack: number;
  storage: number;
  /** pack + storage. */
  have: number;
  missing: number;
  short: boolean;
  /** Units planPayment takes from storage once the pack's are used. */
  fromStorage: number;
}

export function costLines(needs: Materials, h: Held): CostLine[] {
  return Object.entries(needs).map(([itemName, need]) => {
    const pack = h.pack.get(itemName) ?? 0;
    const storage = h.storage.get(itemName) ?? 0;
    const have = pack + storage;
    const missing = Math.max(0, need - have);
    return {
      itemName,
      need,
      pack,
      storage,
      have,
      missing,
      short: missing > 0,
      fromStorage: Math.min(storage, Math.max(0, need - pack)),
    };
  });
}

export const covered = (lines: readonly CostLine[]): boolean => lines.every((l) => !l.short);

/** What a reinforcement would cost with these holdings: the first of REINFORCE_PAYMENTS covered, else the raw cost. */
export function reinforcePayment(h: Held): Materials {
  return REINFORCE_PAYMENTS.find((m) => covered(costLines(m, h))) ?? REINFORCE_COST;
}

export const INSUFFICIENT_MATERIALS = 'Insufficient materials!';

/** 'Insufficient materials! Missing 2 Wood Planks, 1 Cloth Scraps.' */
export function insufficientMessage(missing: readonly Shortage[]): string {
  return `${INSUFFICIENT_MATERIALS} Missing ${missing.map((m) => `${m.need - m.have} ${m.itemName}`).join(', ')}.`;
}

export function formatMaterials(m: Materials): string {
  return Object.entries(m)
    .map(([name, n]) => `${n} ${name}`)
    .join(', ');
}

export { STORAGE_CATEGORIES };

/** Founding on a shelter someone else built (and paid for): only its builder may (403). */
export function shelterNotYours(poiName: string | null): string {
  const only = 'was built by another survivor: only its builder can found a settlement on it';
  return poiName ? `The shelter at ${poiName} ${only}` : `This shelter ${only}; build one of your own`;
}
