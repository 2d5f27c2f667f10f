/** The Inventory panel's layout: stacks grouped by storage category (the catalogue's order), pure. */
import type { InventoryItem } from '../../../../api/contract/items.ts';
import { STORAGE_CATEGORIES, type StorageCategory } from '../../../../api/game/items.ts';

export const CATEGORY_LABELS: Record<StorageCategory, string> = {
  food: 'Food',
  medicine: 'Medicine',
  ammo: 'Ammo',
  materials: 'Materials',
  items: 'Items',
  misc: 'Misc',
};

export interface InventoryGroup {
  category: StorageCategory;
  label: string;
  /** Sum of the stacks' quantities. */
  total: number;
  /** By name, then best quality first. */
  stacks: InventoryItem[];
}

/** Non-empty categories in catalogue order; an unknown category counts as misc. */
export function groupInventory(items: readonly InventoryItem[]): InventoryGroup[] {
  const by = new Map<StorageCategory, InventoryItem[]>();
  for (const item of items) {
    const cat: StorageCategory = STORAGE_CATEGORIES.includes(item.category) ? item.category : 'misc';
    by.set(cat, [...(by.get(cat) ?? []), item]);
  }
  return STORAGE_CATEGORIES.filter((c) => by.has(c)).map((category) => {
    const stacks = by
      .get(category)!
      .sort((a, b) => a.itemName.localeCompare(b.itemName) || b.metadata.quality - a.metadata.quality);
    return { category, label: CATEGORY_LABELS[category], total: stacks.reduce((n, s) => n + s.quantity, 0), stacks };
  });
}

/** Sum of every stack. */
export function inventoryTotal(items: readonly InventoryItem[]): number {
  return items.reduce((n, i) => n + i.quantity, 0);
}

/** One row of the Inventory panel: an item over all its stacks, with each quality's stack for the breakdown. */
export interface ItemRow {
  itemName: string;
  quantity: number;
  /** Lowest and highest quality held (equal when one stack). */
  worst: number;
  best: number;
  /** Best quality first (as groupInventory sorts them). */
  stacks: readonly InventoryItem[];
}

/** Stacks of the same item (sorted by name, as a group's are) as one row each. */
export function itemRows(stacks: readonly InventoryItem[]): ItemRow[] {
  const rows = new Map<string, InventoryItem[]>();
  for (const s of stacks) rows.set(s.itemName, [...(rows.get(s.itemName) ?? []), s]);
  return [...rows].map(([itemName, list]) => {
    const qualities = list.map((s) => s.metadata.quality);
    return {
      itemName,
      quantity: list.reduce((n, s) => n + s.quantity, 0),
      worst: Math.min(...qualities),
      best: Math.max(...qualities),
      stacks: list,
    };
  });
}

/** 'Q40' for one quality, 'Q20–75' for a range. */
export const qualityRange = (r: Pick<ItemRow, 'worst' | 'best'>): string =>
  r.worst === r.best ? `Q${r.best}` : `Q${r.worst}–${r.best}`;
