/** Packs, storage and queues as the server answers them, for the crafting tests. */
import type { CraftJobView, CraftQueueView } from '../../../../api/contract/crafting.ts';
import type { InventoryItem } from '../../../../api/contract/items.ts';
import type { StorageEntry } from '../../../../api/contract/settlements.ts';
import { itemDef } from '../../../../api/game/items.ts';

let n = 0;
/** A stack of `itemName` (its type and category from the catalogue). */
export function stack(itemName: string, quantity: number, quality = 50): InventoryItem {
  const def = itemDef(itemName);
  n += 1;
  return {
    id: `i${n}`,
    itemName,
    itemType: def?.type ?? 'misc',
    category: def?.category ?? 'misc',
    quantity,
    metadata: { quality },
  };
}

/** A container holding `items` (only what the crafting code reads of it). */
export const container = (id: string, items: InventoryItem[]): StorageEntry =>
  ({
    building: { id, name: `Box ${id}` },
    items,
    totalQuantity: items.reduce((t, i) => t + i.quantity, 0),
    usedCapacity: 0,
    maxCapacity: 100,
    protectedCapacity: 50,
  }) as unknown as StorageEntry;

export const craftJob = (over: Partial<CraftJobView> = {}): CraftJobView => ({
  id: '1',
  recipeId: 'portable-radio',
  name: 'Portable Radio',
  quantity: 1,
  output: { itemName: 'Portable Radio', quantity: 1, quality: 55 },
  startedAt: '2026-03-01T10:00:00.000Z',
  readyAt: '2026-03-01T10:01:30.000Z',
  crafterName: 'Ash',
  ...over,
});

export const craftQueue = (jobs: CraftJobView[] = [craftJob()], crafters = 0): CraftQueueView => ({ jobs, crafters });
