import { useStore } from '@nanostores/react';
import { useId, useMemo } from 'react';
import type { StorageEntry } from '../../../../../api/contract/settlements.ts';
import { CONTAINER_CAPACITY_STEP, CONTAINER_MAX_LEVEL } from '../../../../../api/game/settlements.ts';
import { CATEGORY_LABELS } from '../../../game/actions/inventory.ts';
import { affordable, reinforceRows } from '../../../game/settlements/costs.ts';
import { qualityLabel, storedRows } from '../../../game/settlements/storage-view.ts';
import { $settlementActions } from '../../../game/settlements/wire.ts';
import { $inventory } from '../../../stores/actions.ts';
import { $settlementBusy } from '../../../stores/settlements.ts';
import { MaterialList } from './MaterialList.tsx';

/** One container: how full, how well protected, what it holds (with Take), and Reinforce. */
export function ContainerCard({ entry: e, storage }: { entry: StorageEntry; storage: readonly StorageEntry[] }) {
  const inv = useStore($inventory);
  const busy = useStore($settlementBusy);
  const actions = useStore($settlementActions);
  const titleId = useId();
  const b = e.building;
  const rows = useMemo(() => storedRows(e.items), [e.items]);
  // A Reinforcement Kit in the pack or storage pays, else the raw materials from both (the server's order).
  const cost = useMemo(() => reinforceRows(inv.items, storage), [inv.items, storage]);
  const maxed = b.level >= CONTAINER_MAX_LEVEL;
  return (
    <article className="stl-container" aria-labelledby={titleId} data-testid="container" data-subtype={b.subtype ?? ''}>
      <h5 id={titleId} className="stl-container__title">
        {b.name}
        <span className="wl-muted">
          {b.subtype ? CATEGORY_LABELS[b.subtype] : 'Storage'} · Level {b.level}/{CONTAINER_MAX_LEVEL}
        </span>
      </h5>
      <div className="stl-capacity">
        <meter
          className="stl-capacity__bar"
          min={0}
          max={e.maxCapacity}
          value={e.usedCapacity}
          high={e.maxCapacity * 0.9}
          optimum={0}
          aria-label={`${b.name} capacity`}
        />
        <span className="stl-capacity__text" data-testid="container-capacity">
          {e.usedCapacity}/{e.maxCapacity}
        </span>
      </div>
      <p className="act-hint wl-muted">Protected: {e.protectedCapacity} units</p>
      {rows.length === 0 ? (
        <p className="act-hint wl-muted">Empty.</p>
      ) : (
        <ul className="stl-stored" aria-label={`${b.name} contents`}>
          {rows.map((r) => (
            <li key={r.itemName}>
              <span className="stl-stored__name">{r.itemName}</span>
              <span className="stl-stored__qty">×{r.quantity}</span>
              <span className="stl-stored__q" title="Quality (1–100)">
                {qualityLabel(r)}
              </span>
              <button
                type="button"
                className="wl-button wl-button--sm wl-button--ghost stl-stored__take"
                disabled={!actions || !!busy}
                aria-label={`Take ${r.take} ${r.itemName}`}
                onClick={() => void actions?.take(r.itemName)}
              >
                Take {r.take}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="stl-reinforce">
        <button
          type="button"
          className="wl-button wl-button--sm wl-button--ghost"
          disabled={!actions || !!busy || maxed || !affordable(cost)}
          onClick={() => void actions?.reinforce(b.id)}
        >
          {busy === `reinforce:${b.id}` ? 'Reinforcing...' : `Reinforce +${CONTAINER_CAPACITY_STEP}`}
        </button>
        {maxed ? (
          <span className="act-hint wl-muted">Fully reinforced.</span>
        ) : (
          <MaterialList rows={cost} label={`Reinforce ${b.name} materials`} inline />
        )}
      </div>
    </article>
  );
}
