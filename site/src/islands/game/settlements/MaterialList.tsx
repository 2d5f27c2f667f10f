import type { MaterialRow } from '../../../game/settlements/costs.ts';

/**
 * What a cost needs: each material as have/need over the pack and the settlement's storage, short ones marked (in
 * words too, not only colour), and how much of it storage would give.
 */
export function MaterialList({ rows, label, inline }: { rows: readonly MaterialRow[]; label: string; inline?: boolean }) {
  return (
    <ul className={inline ? 'stl-materials stl-materials--inline' : 'stl-materials'} aria-label={label}>
      {rows.map((r) => (
        <li key={r.itemName} className={r.short ? 'stl-materials__row stl-materials__row--short' : 'stl-materials__row'}>
          <span className="stl-materials__name">{r.itemName}</span>
          <span className="stl-materials__count">
            {r.have}/{r.need}
            {r.short && <span className="wl-visually-hidden"> (not enough)</span>}
          </span>
          {r.fromStorage > 0 && <span className="stl-materials__note">{r.fromStorage} from storage</span>}
        </li>
      ))}
    </ul>
  );
}
