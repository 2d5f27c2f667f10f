import { useId } from 'react';
import type { BuildingView } from '../../../../../api/contract/settlements.ts';
import { CONTAINER_MAX_LEVEL } from '../../../../../api/game/settlements.ts';
import { CATEGORY_LABELS } from '../../../game/actions/inventory.ts';

/** Beds with who sleeps in them, containers with their category and level. */
export function BuildingsList({ buildings }: { buildings: readonly BuildingView[] }) {
  const headId = useId();
  const beds = buildings.filter((b) => b.type === 'bed');
  const containers = buildings.filter((b) => b.type === 'container');
  return (
    <section className="stl-block" aria-labelledby={headId}>
      <h4 id={headId} className="stl-block__title">
        Buildings <span className="wl-muted">{buildings.length}</span>
      </h4>
      {buildings.length === 0 ? (
        <p className="act-hint wl-muted">Nothing built yet. A bed makes this settlement your home.</p>
      ) : (
        <ul className="stl-buildings" data-testid="buildings">
          {beds.map((b) => (
            <li key={b.id}>
              <span className="stl-buildings__name">{b.name}</span>
              <span className={b.occupant ? 'stl-buildings__what' : 'stl-buildings__what wl-muted'}>
                {b.occupant ?? 'Vacant'}
              </span>
            </li>
          ))}
          {containers.map((b) => (
            <li key={b.id}>
              <span className="stl-buildings__name">{b.name}</span>
              <span className="stl-buildings__what wl-muted">
                {b.subtype ? CATEGORY_LABELS[b.subtype] : 'Storage'} · L{b.level}/{CONTAINER_MAX_LEVEL}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
