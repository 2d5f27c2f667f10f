import type { InventoryItem, LootItem } from '../../../../../api/contract/items.ts';

/**
 * Items as rows: name, quantity, quality (metadata.quality, 1–100). `mark` may put a small badge after a name (the
 * inventory's "Craftable").
 */
export function ItemList({
  items,
  label,
  mark,
}: {
  items: readonly (LootItem | InventoryItem)[];
  label?: string;
  mark?: (itemName: string) => { text: string; title: string } | null;
}) {
  return (
    <ul className="act-items" aria-label={label}>
      {items.map((i, n) => {
        const badge = mark?.(i.itemName);
        return (
          <li key={'id' in i ? i.id : `${i.itemName}-${i.metadata.quality}-${n}`}>
            <span className="act-items__name">
              {i.itemName}
              {badge && ' '}
              {badge && (
                <span className="act-items__mark" title={badge.title} data-testid="item-mark">
                  {badge.text}
                </span>
              )}
            </span>
            <span className="act-items__qty">
              <span className="wl-visually-hidden">quantity </span>×{i.quantity}
            </span>
            <span className="act-items__quality" title={`Quality ${i.metadata.quality} of 100`}>
              Q{i.metadata.quality}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
