/**
 * Every item the game knows: one catalogue for the server's loot rules, the islands and the wiki.
 * Item names are wire values (inventory rows store them): rename only with a migration. Plain data, no arktype:
 * api/contract/items.ts builds the inventory schemas from it.
 */

export const STORAGE_CATEGORIES = ['food', 'medicine', 'ammo', 'materials', 'items', 'misc'] as const;
export type StorageCategory = (typeof STORAGE_CATEGORIES)[number];

export const RARITIES = ['common', 'uncommon', 'rare'] as const;
export type Rarity = (typeof RARITIES)[number];

export const ITEM_TYPES = ['material', 'food', 'medicine', 'ammo', 'equipment', 'misc'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export type EquipmentSlot = 'vision' | 'communication' | 'tool' | 'light' | 'device' | 'other';

export interface ItemDef {
  name: string;
  type: ItemType;
  category: StorageCategory;
  rarity: Rarity;
  /** metadata.quality is drawn uniformly from this range (1–100). */
  quality: readonly [number, number];
  slot?: EquipmentSlot;
  description: string;
  /** Made only at a settlement's bench (api/game/crafting.ts): never found by scavenging or foraging. */
  craftedOnly?: true;
}

const item = (
  name: string,
  type: ItemType,
  category: StorageCategory,
  rarity: Rarity,
  quality: readonly [number, number],
  description: string,
  slot?: EquipmentSlot,
): ItemDef => ({ name, type, category, rarity, quality, description, ...(slot ? { slot } : {}) });

export const ITEMS = [
  // Materials: what shelters, beds and containers are built from.
  item('Wood Planks', 'material', 'materials', 'common', [20, 80], 'Boards pulled from fences and floors.'),
  item('Scrap Metal', 'material', 'materials', 'common', [20, 80], 'Sheet and bar stock, rusty but workable.'),
  item('Cloth Scraps', 'material', 'materials', 'common', [15, 70], 'Rags, tarps and curtains.'),
  item('Glass Shards', 'material', 'materials', 'common', [10, 60], 'Careful. Useful for medicine cabinets.'),
  item('Rope', 'material', 'materials', 'common', [20, 80], 'Frayed but holds.'),
  item('Steel Pipes', 'material', 'materials', 'uncommon', [30, 90], 'Plumbing and scaffolding tubes.'),
  item('Duct Tape', 'material', 'materials', 'uncommon', [40, 90], 'Fixes nearly anything.'),
  item('Electronic Parts', 'material', 'materials', 'rare', [30, 95], 'Circuit boards and wiring.'),
  {
    ...item('Reinforcement Kit', 'material', 'materials', 'uncommon', [40, 90], 'Plates and lashings: reinforces a container.'),
    craftedOnly: true,
  },
  // Food.
  item('Canned Beans', 'food', 'food', 'common', [30, 90], 'Dented tin, still sealed.'),
  item('Wild Berries', 'food', 'food', 'common', [20, 80], 'Foraged from bushes.'),
  item('Edible Roots', 'food', 'food', 'common', [20, 70], 'Dug from soft ground.'),
  item('Fresh Fish', 'food', 'food', 'common', [30, 90], 'Caught in the shallows.'),
  item('Dried Meat', 'food', 'food', 'uncommon', [40, 90], 'Jerky from an old larder.'),
  item('Clean Water', 'food', 'food', 'uncommon', [50, 100], 'Sealed bottles, a treasure.'),
  item('Military Rations', 'food', 'food', 'rare', [60, 100], 'A full day of calories.'),
  // Medicine.
  item('Bandages', 'medicine', 'medicine', 'common', [20, 80], 'Clean strips of gauze.'),
  item('Medicinal Herbs', 'medicine', 'medicine', 'common', [20, 70], 'Yarrow and willow bark.'),
  item('Painkillers', 'medicine', 'medicine', 'uncommon', [40, 90], 'Half a bottle of pills.'),
  item('Antibiotics', 'medicine', 'medicine', 'rare', [50, 100], 'Worth more than ammunition.'),
  item('First Aid Kit', 'medicine', 'medicine', 'rare', [50, 100], 'A complete kit.'),
  // Ammunition.
  item('Pistol Rounds', 'ammo', 'ammo', 'uncommon', [30, 90], 'A handful of 9 mm.'),
  item('Shotgun Shells', 'ammo', 'ammo', 'uncommon', [30, 90], 'Twelve-gauge, mixed loads.'),
  item('Rifle Rounds', 'ammo', 'ammo', 'rare', [40, 100], 'Full-power cartridges.'),
  // Equipment (storage category "items").
  item('Flashlight', 'equipment', 'items', 'uncommon', [30, 90], 'Lights the way at night.', 'light'),
  item('Lockpick Set', 'equipment', 'items', 'uncommon', [30, 90], 'Opens what was locked.', 'tool'),
  item('Binoculars', 'equipment', 'items', 'uncommon', [30, 95], 'Vision ×2.5 by day while standing still.', 'vision'),
  item('Crowbar', 'equipment', 'items', 'uncommon', [40, 95], 'Pry deeper: search a place down to significance −3.', 'tool'),
  item('Night Vision Goggles', 'equipment', 'items', 'rare', [40, 100], 'See in the dark.', 'vision'),
  item('Scanner', 'equipment', 'items', 'rare', [40, 100], 'Finds the good stuff: loot quality +15%.', 'device'),
  item(
    'Portable Radio',
    'equipment',
    'items',
    'rare',
    [40, 100],
    'Talk on the radio; see radio-carrying survivors.',
    'communication',
  ),
  item('Multitool', 'equipment', 'items', 'rare', [40, 100], 'Search down to −5 and +20% scavenging yield.', 'tool'),
  {
    ...item('Backpack', 'equipment', 'items', 'uncommon', [40, 90], 'Worn: carry 20 kg more at full speed.', 'other'),
    craftedOnly: true,
  },
  // Miscellany.
  item('Batteries', 'misc', 'misc', 'common', [10, 80], 'Some still hold a charge.'),
  item('Old Coins', 'misc', 'misc', 'uncommon', [10, 100], 'Worthless, or priceless.'),
  item('Pre-war Photograph', 'misc', 'misc', 'rare', [10, 100], 'Somebody once smiled here.'),
] as const satisfies readonly ItemDef[];

export type ItemName = (typeof ITEMS)[number]['name'];

/** What scavenging and foraging can turn up: everything but what only a bench makes. */
export const FINDABLE_ITEMS: readonly ItemDef[] = ITEMS.filter((i: ItemDef) => !i.craftedOnly);

const BY_NAME = new Map<string, ItemDef>(ITEMS.map((i) => [i.name, i]));
export function itemDef(name: string): ItemDef | undefined {
  return BY_NAME.get(name);
}

/** The names the spec lets a player equip (also the only ones the equip dropdown lists). */
export const EQUIPPABLE_NAMES = [
  'Flashlight',
  'Lockpick Set',
  'Night Vision Goggles',
  'Binoculars',
  'Crowbar',
  'Scanner',
  'Portable Radio',
  'Multitool',
  'Backpack',
] as const satisfies readonly ItemName[];
