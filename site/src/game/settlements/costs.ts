/**
 * What a build costs against what the pack holds, as the panels list it: each material as owned/required, owned
 * summed over stacks of any quality (the rule the server pays by, api/game/settlements.ts owned). Pure.
 */
import type { InventoryItem } from '../../../../api/contract/items.ts';
import { type Materials, owned, type Stack } from '../../../../api/game/settlements.ts';

export interface MaterialRow {
  itemName: string;
  owned: number;
  required: number;
  short: boolean;
}

/** Inventory stacks in the shape the rules read (ids are only for paying, which the server does). */
export function toStacks(items: readonly InventoryItem[]): Stack[] {
  return items.map((i, n) => ({ id: n, itemName: i.itemName, quality: i.metadata.quality, quantity: i.quantity }));
}

export function materialRows(items: readonly InventoryItem[], needs: Materials): MaterialRow[] {
  const have = owned(toStacks(items), needs);
  return Object.entries(needs).map(([itemName, required]) => {
    const n = have[itemName] ?? 0;
    return { itemName, owned: n, required, short: n < required };
  });
}

export const affordable = (rows: readonly MaterialRow[]): boolean => rows.every((r) => !r.short);
