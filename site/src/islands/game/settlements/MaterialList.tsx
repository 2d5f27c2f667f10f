import type { MaterialRow } from '../../../game/settlements/costs.ts';

/** What a build needs: each material as owned/required, short ones marked (in words too, not only colour). */
export function MaterialList({ rows, label, inline }: { rows: readonly MaterialRow[]; label: string; inline?: boolean }) {
  return (
    <ul className={inline ? 'stl-materials stl-materials--inline' : 'stl-materials'} aria-label={label}>
      {rows.map((r) => (
        <li key={r.itemName} className={r.short ? 'stl-materials__row stl-materials__row--short' : 'stl-materials__row'}>
          <span className="stl-materials__name">{r.itemName}</span>
          <span className="stl-materials__count">
            {r.owned}/{r.required}
            {r.short && <span className="wl-visually-hidden"> (not enough)</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
