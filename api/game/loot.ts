import type { BiomeName, PoiType } from '../../core-wasm/constants.ts';
import type { LootItem } from '../contract/items.ts';
import { FINDABLE_ITEMS, type ItemDef, type Rarity, type StorageCategory } from './items.ts';
import { intBetween, pickWeighted, type Rng } from './random.ts';

/**
 * What a scavenge turns up: rarity, then item, quantity and quality. The base odds are the wiki's
 * 80% common / 15% uncommon / 5% rare; valuable places and ruins shift them, and each place favours
 * the kind of goods you would expect there.
 */
export const BASE_RARITY_WEIGHTS: Readonly<Record<Rarity, number>> = { common: 80, uncommon: 15, rare: 5 };

/** Places that hold better goods: uncommon ×1.5, rare ×2 (landmarks double rare again). */
const VALUABLE_PLACES = new Set<PoiType>([
  'military_outpost',
  'bunker',
  'hospital',
  'police_station',
  'crash_site',
  'radio_tower',
]);

/** What each kind of place favours: category weight multipliers (default 1; materials 2 everywhere builders go). */
const PLACE_AFFINITY: Partial<Record<PoiType, Partial<Record<StorageCategory, number>>>> = {
  hospital: { medicine: 6 },
  pharmacy: { medicine: 6 },
  police_station: { ammo: 5, items: 2 },
  military_outpost: { ammo: 5, items: 2, food: 2 },
  bunker: { ammo: 4, items: 2, food: 2 },
  supermarket: { food: 5 },
  diner: { food: 4 },
  farmstead: { food: 3, materials: 2 },
  factory: { materials: 4 },
  warehouse: { materials: 4, items: 2 },
  mine: { materials: 4 },
  gas_station: { materials: 2, food: 2, misc: 2 },
  radio_tower: { items: 3, materials: 2 },
  crash_site: { items: 3, materials: 2 },
  fishing_shack: { food: 4 },
  hunting_cabin: { food: 2, items: 2, ammo: 2 },
  ranger_station: { items: 2, medicine: 2 },
  campground: { food: 2, items: 2 },
  pumping_station: { materials: 3 },
  water_tower: { materials: 2, food: 2 },
};
const DEFAULT_AFFINITY: Partial<Record<StorageCategory, number>> = { materials: 2 };

export interface LootPlace {
  type: PoiType;
  biome: BiomeName;
  landmark: boolean;
}

export function rarityWeights(place: LootPlace): Record<Rarity, number> {
  const w = { ...BASE_RARITY_WEIGHTS };
  if (VALUABLE_PLACES.has(place.type)) {
    w.uncommon *= 1.5;
    w.rare *= 2;
  }
  if (place.landmark) w.rare *= 2;
  if (place.biome === 'ruins') w.uncommon *= 1.25;
  return w;
}

export function rollRarity(rng: Rng, place: LootPlace): Rarity {
  const w = rarityWeights(place);
  return pickWeighted(rng, [
    ['common', w.common],
    ['uncommon', w.uncommon],
    ['rare', w.rare],
  ] as const);
}

const ITEMS_BY_RARITY = new Map<Rarity, ItemDef[]>(
  (['common', 'uncommon', 'rare'] as const).map((r) => [r, FINDABLE_ITEMS.filter((i) => i.rarity === r)]),
);

export function pickItem(rng: Rng, rarity: Rarity, place: LootPlace): ItemDef {
  const affinity = PLACE_AFFINITY[place.type] ?? DEFAULT_AFFINITY;
  const pool = ITEMS_BY_RARITY.get(rarity)!;
  return pickWeighted(
    rng,
    pool.map((i) => [i, affinity[i.category] ?? 1] as const),
  );
}

/** How many of an item one find gives before bonuses. */
export function baseQuantity(rng: Rng, item: ItemDef): number {
  switch (item.category) {
    case 'materials':
    case 'food':
      return intBetween(rng, 1, 3);
    case 'medicine':
    case 'ammo':
      return intBetween(rng, 1, 2);
    default:
      return 1;
  }
}

export function rollQuality(rng: Rng, item: ItemDef, qualityBonus = 0): number {
  const q = intBetween(rng, item.quality[0], item.quality[1]);
  return Math.min(100, Math.round(q * (1 + qualityBonus)));
}

/** Merges finds of the same item and quality, as the inventory stacks them. */
export function stackLoot(items: LootItem[]): LootItem[] {
  const byKey = new Map<string, LootItem>();
  for (const i of items) {
    const key = `${i.itemName}\u0000${i.metadata.quality}`;
    const seen = byKey.get(key);
    if (seen) seen.quantity += i.quantity;
    else byKey.set(key, { ...i, metadata: { ...i.metadata } });
  }
  return [...byKey.values()];
}

export function lootItem(item: ItemDef, quantity: number, quality: number): LootItem {
  return { itemName: item.name, itemType: item.type, quantity, metadata: { quality } };
}
