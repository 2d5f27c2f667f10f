import { type } from 'arktype';
import { ITEM_TYPES, STORAGE_CATEGORIES } from '../game/items.ts';

/** The item catalogue lives in api/game/items.ts (plain, for the page); the server reads it here too. */
export * from '../game/items.ts';

/** An inventory stack as the API returns it: stacked by name and quality. */
export const InventoryItem = type({
  id: 'string',
  itemName: 'string',
  itemType: type.enumerated(...ITEM_TYPES),
  category: type.enumerated(...STORAGE_CATEGORIES),
  quantity: 'number',
  metadata: { quality: 'number' },
});
export type InventoryItem = typeof InventoryItem.infer;

/** One granted item in a scavenge or forage result. */
export const LootItem = type({
  itemName: 'string',
  itemType: type.enumerated(...ITEM_TYPES),
  quantity: 'number',
  metadata: { quality: 'number' },
});
export type LootItem = typeof LootItem.infer;
