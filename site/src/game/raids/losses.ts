/**
 * A raid's losses as the history lists them: one line per item and quality (the server records them per container,
 * so the same stack may come twice), by name, best quality first, and the units taken in all. Pure.
 */
import type { RaidLoss } from '../../../../api/contract/raids.ts';

export function groupLosses(losses: readonly RaidLoss[]): RaidLoss[] {
  const by = new Map<string, RaidLoss>();
  for (const l of losses) {
    if (l.quantity <= 0) continue;
    const key = `${l.itemName}\u0000${l.quality}`;
    const row = by.get(key);
    if (row) row.quantity += l.quantity;
    else by.set(key, { ...l });
  }
  return [...by.values()].sort((a, b) => a.itemName.localeCompare(b.itemName) || b.quality - a.quality);
}

export const unitsLost = (losses: readonly RaidLoss[]): number => losses.reduce((sum, l) => sum + Math.max(0, l.quantity), 0);
