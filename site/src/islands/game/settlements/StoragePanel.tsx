import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { STORAGE_CATEGORIES, type StorageCategory } from '../../../../../api/game/items.ts';
import { TRANSFER_MAX, TRANSFER_MAX_ITEMS } from '../../../../../api/game/settlements.ts';
import { CATEGORY_LABELS } from '../../../game/actions/inventory.ts';
import { $settlementActions } from '../../../game/settlements/wire.ts';
import { $settlementBusy, $storage } from '../../../stores/settlements.ts';
import { ContainerCard } from './ContainerCard.tsx';

/** The settlement's containers and what to do with them: deposit, take back, tidy up. */
export function StoragePanel({ settlementId }: { settlementId: string }) {
  const storage = useStore($storage);
  const busy = useStore($settlementBusy);
  const actions = useStore($settlementActions);
  const [category, setCategory] = useState<StorageCategory>('food');
  const headId = useId();
  const categoryId = useId();
  const entries = storage?.settlementId === settlementId ? storage.entries : [];
  const off = !actions || !!busy || entries.length === 0;
  const label = (name: string, idle: string) => (busy === name ? 'Working...' : idle);
  return (
    <section className="stl-block" aria-labelledby={headId} data-testid="storage">
      <h4 id={headId} className="stl-block__title">
        Storage <span className="wl-muted">{entries.length}</span>
      </h4>
      {entries.length === 0 ? (
        <p className="act-hint wl-muted">No containers yet: build one to store what you carry.</p>
      ) : (
        <>
          <div className="stl-storage-actions">
            <button type="button" className="wl-button wl-button--sm" disabled={off} onClick={() => void actions?.deposit()}>
              {label('deposit', 'Deposit all')}
            </button>
            <button
              type="button"
              className="wl-button wl-button--sm wl-button--ghost"
              disabled={off}
              onClick={() => void actions?.storage('pickup')}
            >
              {label('pickup', 'Pick up all')}
            </button>
            <label htmlFor={categoryId} className="wl-visually-hidden">
              Category to deposit
            </label>
            <select
              id={categoryId}
              className="wl-input"
              value={category}
              onChange={(e) => setCategory(e.target.value as StorageCategory)}
            >
              {STORAGE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {CATEGORY_LABELS[c]}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="wl-button wl-button--sm wl-button--ghost"
              disabled={off}
              aria-label={`Deposit ${category}`}
              onClick={() => void actions?.deposit(category)}
            >
              Deposit
            </button>
            <button
              type="button"
              className="wl-button wl-button--sm wl-button--ghost"
              disabled={off}
              onClick={() => void actions?.storage('consolidate')}
            >
              {label('consolidate', 'Consolidate')}
            </button>
            <button
              type="button"
              className="wl-button wl-button--sm wl-button--ghost"
              disabled={off}
              title="Move items sitting in a container of another category to their own"
              onClick={() => void actions?.storage('fixCategorization')}
            >
              {label('fixCategorization', 'Fix categories')}
            </button>
          </div>
          <p className="act-hint wl-muted">
            Take moves up to {TRANSFER_MAX} of an item ({TRANSFER_MAX_ITEMS} piece of equipment) per click, best quality first.
          </p>
          <ul className="stl-containers">
            {entries.map((e) => (
              <li key={e.building.id}>
                <ContainerCard entry={e} storage={entries} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
