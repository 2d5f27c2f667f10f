import { useId, useState } from 'react';
import { type ItemRow, qualityRange } from '../../../game/actions/inventory.ts';

/**
 * The pack's items, one row each (every quality summed): name, total, quality range; an item held at more than one
 * quality opens to its breakdown (quantity per quality). `mark` may badge a name (the inventory's "Craftable").
 */
export function InventoryRows({
  rows,
  label,
  mark,
}: {
  rows: readonly ItemRow[];
  label: string;
  mark?: (itemName: string) => { text: string; title: string } | null;
}) {
  return (
    <ul className="act-items act-items--rows" aria-label={label}>
      {rows.map((r) => (
        <Row key={r.itemName} row={r} mark={mark?.(r.itemName) ?? null} />
      ))}
    </ul>
  );
}

function Row({ row: r, mark }: { row: ItemRow; mark: { text: string; title: string } | null }) {
  const [open, setOpen] = useState(false);
  const breakdownId = useId();
  const several = r.stacks.length > 1;
  return (
    <li data-testid="inventory-row" data-item={r.itemName}>
      <span className="act-items__name">
        {r.itemName}
        {mark && ' '}
        {mark && (
          <span className="act-items__mark" title={mark.title} data-testid="item-mark">
            {mark.text}
          </span>
        )}
      </span>
      <span className="act-items__qty">
        <span className="wl-visually-hidden">quantity </span>×{r.quantity}
      </span>
      {several ? (
        <button
          type="button"
          className="act-items__quality act-items__toggle"
          aria-expanded={open}
          aria-controls={breakdownId}
          aria-label={`${r.itemName}: quality ${r.worst} to ${r.best}, ${open ? 'hide' : 'show'} each quality`}
          onClick={() => setOpen((o) => !o)}
        >
          {qualityRange(r)} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
        </button>
      ) : (
        <span className="act-items__quality" title={`Quality ${r.best} of 100`}>
          {qualityRange(r)}
        </span>
      )}
      {several && (
        <ul id={breakdownId} className="act-items__breakdown" aria-label={`${r.itemName} by quality`} hidden={!open}>
          {r.stacks.map((s) => (
            <li key={s.id} data-testid="inventory-quality">
              <span>
                Q{s.metadata.quality}
                <span className="wl-visually-hidden"> of 100</span>
              </span>
              <span className="act-items__qty">×{s.quantity}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
