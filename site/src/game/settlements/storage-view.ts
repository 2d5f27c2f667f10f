/**
 * A container as the panel lists it: one row per item (its stacks of every quality together, since a Take takes
 * by name, best quality first) and how many units one Take click moves. Pure.
 */
import type { InventoryItem } from '../../../../api/contract/items.ts';
import { transferLimit } from '../../../../api/game/settlements.ts';

export interface StoredRow {
  itemName: string;
  quantity: number;
  qualityMin: number;
  qualityMax: number;
  /** Units one Take click moves (the click's limit, or what is there). */
  take: number;
}

export function storedRows(items: readonly InventoryItem[]): StoredRow[] {
  const by = new Map<string, StoredRow>();
  for (const i of items) {
    const q = i.metadata.quality;
    const row = by.get(i.itemName);
    if (row) {
      row.quantity += i.quantity;
      row.qualityMin = Math.min(row.qualityMin, q);
      row.qualityMax = Math.max(row.qualityMax, q);
    } else by.set(i.itemName, { itemName: i.itemName, quantity: i.quantity, qualityMin: q, qualityMax: q, take: 0 });
  }
  return [...by.values()]
    .map((r) => ({ ...r, take: Math.min(r.quantity, transferLimit(r.itemName)) }))
    .sort((a, b) => a.itemName.localeCompare(b.itemName));
}

export const qualityLabel = (r: StoredRow): string =>
  r.qualityMin === r.qualityMax ? `Q${r.qualityMax}` : `Q${r.qualityMin}–${r.qualityMax}`;
