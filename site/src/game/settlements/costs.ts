/**
 * What a settlement cost needs against what pays it, as the panels list it: each material as have/need, counted over
 * the pack and (at a settlement) its storage by the rule the server pays by (api/game/settlements.ts costLines: the
 * pack first, then storage, any quality). Pure.
 */
import type { InventoryItem } from '../../../../api/contract/items.ts';
import type { StorageEntry } from '../../../../api/contract/settlements.ts';
import { type CostLine, costLines, covered, held, type Materials, reinforcePayment } from '../../../../api/game/settlements.ts';

export type MaterialRow = CostLine;

/** The pack's and this settlement's storage's units (storage is empty away from a settlement, as for a shelter). */
export function holdingsOf(pack: readonly InventoryItem[], storage: readonly StorageEntry[] = []) {
  return held(
    pack,
    storage.flatMap((e) => e.items),
  );
}

export function materialRows(
  pack: readonly InventoryItem[],
  needs: Materials,
  storage: readonly StorageEntry[] = [],
): MaterialRow[] {
  return costLines(needs, holdingsOf(pack, storage));
}

export const affordable = (rows: readonly MaterialRow[]): boolean => covered(rows);

/** A reinforcement's rows: a Reinforcement Kit's when the pack or storage holds one, else the raw materials'. */
export function reinforceRows(pack: readonly InventoryItem[], storage: readonly StorageEntry[]): MaterialRow[] {
  const h = holdingsOf(pack, storage);
  return costLines(reinforcePayment(h), h);
}
