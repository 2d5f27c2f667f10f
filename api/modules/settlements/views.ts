import type { BuildingRow, StorageRow } from '../../../db/repos/settlements.ts';
import { itemDef } from '../../contract/items.ts';
import type { BuildingView, StorageEntry } from '../../contract/settlements.ts';
import { isUnlockedBuilding } from '../../game/settlement-levels.ts';
import { containerCapacity, protectedPart } from '../../game/settlements.ts';

export function toBuildingView(b: BuildingRow & { occupant: string | null }): BuildingView {
  return {
    id: String(b.id),
    settlementId: String(b.settlementId),
    type: b.type,
    subtype: b.subtype,
    name: b.name,
    capacity: b.type === 'container' ? containerCapacity(b.level) : null,
    level: b.level,
    ...(isUnlockedBuilding(b.type) ? { condition: b.condition } : {}),
    occupant: b.occupant,
    createdAt: b.createdAt.toISOString(),
  };
}

/** One storage entry per container, with its stacks (best quality first within a name). */
export function toStorage(buildings: (BuildingRow & { occupant: string | null })[], rows: StorageRow[]): StorageEntry[] {
  // A Storehouse's level raises every container's protected part; one that lost its level protects nothing more.
  const shielded = protectedPart(Math.max(0, ...buildings.filter((b) => b.type === 'storehouse').map((b) => b.level)));
  return buildings
    .filter((b) => b.type === 'container')
    .map((b) => {
      const items = rows
        .filter((r) => r.buildingId === b.id)
        .map((r) => {
          const def = itemDef(r.itemName);
          return {
            id: String(r.id),
            itemName: r.itemName,
            itemType: def?.type ?? 'misc',
            category: def?.category ?? 'misc',
            quantity: r.quantity,
            metadata: { quality: r.quality },
          } as const;
        });
      const total = items.reduce((s, i) => s + i.quantity, 0);
      return {
        building: toBuildingView(b),
        items,
        totalQuantity: total,
        usedCapacity: total,
        maxCapacity: containerCapacity(b.level),
        protectedCapacity: shielded,
      };
    });
}
