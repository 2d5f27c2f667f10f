import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { countItems } from '../../game/actions/text.ts';
import { groupInventory, inventoryTotal, itemRows } from '../../game/actions/inventory.ts';
import { craftableMark } from '../../game/crafting/text.ts';
import { $inventory } from '../../stores/actions.ts';
import { InventoryRows } from './actions/InventoryRows.tsx';
import { LoadBar } from './actions/LoadBar.tsx';
import './actions/actions.css';

/**
 * Your pack, grouped by storage category, one row per item with its total and quality range, each quality on
 * expand (refreshed every 12 s and on changes); what a settlement's bench can make is marked Craftable.
 */
export function InventoryPanel() {
  const inv = useStore($inventory);
  const groups = useMemo(() => groupInventory(inv.items), [inv.items]);
  if (groups.length === 0) {
    if (inv.status === 'loading') return <p className="wl-muted game-slot">Checking your pack...</p>;
    if (inv.status === 'error') return <p className="wl-error game-slot">Could not load your inventory.</p>;
    return (
      <div className="act-inventory" data-slot="inventory">
        <LoadBar />
        <p className="wl-muted game-slot">Your pack is empty.</p>
      </div>
    );
  }
  return (
    <div className="act-inventory" data-slot="inventory" data-testid="inventory">
      <LoadBar />
      <p className="act-hint wl-muted">{countItems(inventoryTotal(inv.items))} in your pack</p>
      {groups.map((g) => (
        <section key={g.category} className="act-inventory__group" aria-label={g.label}>
          <h3>
            {g.label} <span className="wl-muted">{g.total}</span>
          </h3>
          <InventoryRows rows={itemRows(g.stacks)} label={g.label} mark={craftableMark} />
        </section>
      ))}
    </div>
  );
}
