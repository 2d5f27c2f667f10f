import type { BiomeName } from '../../core-wasm/constants.ts';
import type { LootItem } from '../contract/items.ts';
import { FINDABLE_ITEMS, itemDef, type ItemDef } from './items.ts';
import { lootItem, rollQuality, stackLoot } from './loot.ts';
import { pickWeighted, type Rng } from './random.ts';

/** The foraging rules (wiki: Exploration & Resource Gathering). */
export const FORAGE_RULES = {
  /** Tiles searched around the player: a 5 × 5 square centred on its tile. */
  halfSize: 2,
  /** Each tile rests this long per player after it was foraged. */
  cooldownMs: 20 * 60 * 1000,
  /** Independent odds per tile. */
  foodChance: 1 / 10,
  materialsChance: 1 / 20,
  rareChance: 1 / 1000,
} as const;

const def = (name: string): ItemDef => itemDef(name)!;

/** What the land gives, by biome: [item, weight] for a food find and for a materials find. */
const FORAGE_TABLE: Record<BiomeName, { food: [ItemDef, number][]; materials: [ItemDef, number][] }> = {
  plains: {
    food: [
      [def('Wild Berries'), 3],
      [def('Edible Roots'), 3],
      [def('Medicinal Herbs'), 1],
    ],
    materials: [
      [def('Cloth Scraps'), 1],
      [def('Rope'), 1],
    ],
  },
  water: {
    food: [
      [def('Fresh Fish'), 5],
      [def('Clean Water'), 1],
    ],
    materials: [
      [def('Wood Planks'), 1],
      [def('Glass Shards'), 1],
    ],
  },
  desert: {
    food: [[def('Edible Roots'), 1]],
    materials: [
      [def('Scrap Metal'), 2],
      [def('Glass Shards'), 1],
    ],
  },
  hills: {
    food: [
      [def('Wild Berries'), 2],
      [def('Medicinal Herbs'), 1],
    ],
    materials: [
      [def('Wood Planks'), 1],
      [def('Scrap Metal'), 1],
    ],
  },
  marsh: {
    food: [
      [def('Fresh Fish'), 2],
      [def('Edible Roots'), 2],
      [def('Medicinal Herbs'), 1],
    ],
    materials: [
      [def('Rope'), 2],
      [def('Wood Planks'), 1],
    ],
  },
  ruins: {
    food: [
      [def('Canned Beans'), 3],
      [def('Clean Water'), 1],
    ],
    materials: [
      [def('Scrap Metal'), 3],
      [def('Glass Shards'), 2],
      [def('Steel Pipes'), 1],
    ],
  },
  forest: {
    food: [
      [def('Wild Berries'), 3],
      [def('Medicinal Herbs'), 1],
    ],
    materials: [
      [def('Wood Planks'), 4],
      [def('Rope'), 1],
    ],
  },
  mountains: {
    food: [[def('Edible Roots'), 1]],
    materials: [
      [def('Scrap Metal'), 2],
      [def('Steel Pipes'), 1],
    ],
  },
};

const RARE_ITEMS = FINDABLE_ITEMS.filter((i) => i.rarity === 'rare').map((i) => [i as ItemDef, 1] as [ItemDef, number]);

/** Tiles of the 5 × 5 square around (tileX, tileY). */
export function forageTiles(tileX: number, tileY: number): { tileX: number; tileY: number }[] {
  const out: { tileX: number; tileY: number }[] = [];
  for (let dy = -FORAGE_RULES.halfSize; dy <= FORAGE_RULES.halfSize; dy++) {
    for (let dx = -FORAGE_RULES.halfSize; dx <= FORAGE_RULES.halfSize; dx++) out.push({ tileX: tileX + dx, tileY: tileY + dy });
  }
  return out;
}

/** Whether a tile foraged at `lastAtMs` (or never: null) may be foraged again at `nowMs`. */
export function tileReady(lastAtMs: number | null, nowMs: number): boolean {
  return lastAtMs === null || nowMs - lastAtMs >= FORAGE_RULES.cooldownMs;
}

/** Rolls every ready tile once: food 1:10, materials 1:20, rare 1:1000, chosen by the tile's biome. */
export function forageTilesLoot(tiles: readonly { biome: BiomeName }[], rng: Rng): LootItem[] {
  const found: LootItem[] = [];
  for (const t of tiles) {
    const table = FORAGE_TABLE[t.biome];
    if (rng() < FORAGE_RULES.foodChance) found.push(find(pickWeighted(rng, table.food), rng));
    if (rng() < FORAGE_RULES.materialsChance) found.push(find(pickWeighted(rng, table.materials), rng));
    if (rng() < FORAGE_RULES.rareChance) found.push(find(pickWeighted(rng, RARE_ITEMS), rng));
  }
  return stackLoot(found);
}

function find(item: ItemDef, rng: Rng): LootItem {
  return lootItem(item, 1, rollQuality(rng, item));
}
