import type { InventoryItem, LootItem } from '../../../../../api/contract/items.ts';

/** Items as rows: name, quantity, quality (metadata.quality, 1–100). */
export function ItemList({ items, label }: { items: readonly (LootItem | InventoryItem)[]; label?: string }) {
  return (
    <ul className="act-items" aria-label={label}>
      {items.map((i, n) => (
        <li key={'id' in i ? i.id : `${i.itemName}-${i.metadata.quality}-${n}`}>
          <span className="act-items__name">{i.itemName}</span>
          <span className="act-items__qty">
            <span className="wl-visually-hidden">quantity </span>×{i.quantity}
          </span>
          <span className="act-items__quality" title={`Quality ${i.metadata.quality} of 100`}>
            Q{i.metadata.quality}
          </span>
        </li>
      ))}
    </ul>
  );
}
