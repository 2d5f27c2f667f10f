import { useStore } from '@nanostores/react';
import { useId, useMemo, useState } from 'react';
import { effectState, gearEffectLines } from '../../../game/equipment/effects.ts';
import { equipOptions, slotRows } from '../../../game/equipment/options.ts';
import { $equipmentActions } from '../../../game/equipment/wire.ts';
import { $inventory } from '../../../stores/actions.ts';
import { $equipBusy, $equipment, $equipSite, $equipStorage, $gear, $walking } from '../../../stores/equipment.ts';
import { $time } from '../../../stores/game.ts';
import './equipment.css';

/** What the worn gear does, and whether it works now (the rules are the server's: api/game/equipment.ts). */
function GearEffects() {
  const gear = useStore($gear);
  const time = useStore($time);
  const walking = useStore($walking);
  const lines = gearEffectLines(gear, time && { isDay: time.isDay, moving: walking });
  if (lines.length === 0) return null;
  return (
    <ul className="eq-effects" aria-label="Gear effects">
      {lines.map((l) => (
        <li key={l.text} data-active={l.active}>
          {l.text} <span className="eq-effect-state">({effectState(l)})</span>
        </li>
      ))}
    </ul>
  );
}

/** The survivor's slots with Unequip, the Equip choice (pack and, at a settlement you manage, its storage), Equip all / Unequip all. */
export function EquipmentPanel() {
  const worn = useStore($equipment);
  const site = useStore($equipSite);
  const storage = useStore($equipStorage);
  const inventory = useStore($inventory);
  const busy = useStore($equipBusy) !== null;
  const actions = useStore($equipmentActions);
  const [choice, setChoice] = useState('');
  const selectId = useId();
  const options = useMemo(() => equipOptions(inventory.items, site ? storage : []), [inventory.items, site, storage]);
  const chosen = options.find((o) => o.key === choice) ?? null;
  const pack = options.filter((o) => o.source === 'inventory');
  const stored = options.filter((o) => o.source === 'settlement');
  const off = busy || !actions;

  return (
    <section className="eq-panel" data-testid="equipment" aria-label="Equipment">
      <h3 className="eq-title">Equipment</h3>
      {worn.status === 'error' && <p className="wl-error act-hint">Could not load your equipment.</p>}
      <ul className="eq-slots" aria-label="Equipped items">
        {slotRows(worn.items).map((row) => (
          <li key={row.slot} data-slot={row.slot} data-testid="equipment-slot">
            <span className="eq-slots__slot">{row.label}</span>
            {row.item ? (
              <>
                <span className="eq-slots__item">
                  {row.item.itemName} <span className="wl-muted">Q{row.item.quality}</span>
                </span>
                <button
                  type="button"
                  className="wl-button wl-button--sm wl-button--ghost"
                  disabled={off}
                  aria-label={`Unequip ${row.item.itemName}`}
                  onClick={() => void actions?.unequip(row.item!.id)}
                >
                  Unequip
                </button>
              </>
            ) : (
              <span className="eq-slots__item wl-muted">Empty</span>
            )}
          </li>
        ))}
      </ul>
      <GearEffects />
      <p className="act-hint wl-muted" data-testid="equipment-site">
        {site ? `At ${site.name}: you can change your gear here.` : 'Gear can only be changed at a settlement you manage.'}
      </p>
      <div className="eq-equip">
        <label htmlFor={selectId} className="wl-visually-hidden">
          Item to equip
        </label>
        <select
          id={selectId}
          className="wl-input"
          value={chosen?.key ?? ''}
          disabled={options.length === 0}
          onChange={(e) => setChoice(e.target.value)}
        >
          <option value="">{options.length ? 'Choose an item to equip…' : 'Nothing to equip'}</option>
          {pack.length > 0 && (
            <optgroup label="Your pack">
              {pack.map((o) => (
                <option key={o.key} value={o.key}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          )}
          {stored.length > 0 && (
            <optgroup label={site ? `${site.name} storage` : 'Storage'}>
              {stored.map((o) => (
                <option key={o.key} value={o.key}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          )}
        </select>
        <button
          type="button"
          className="wl-button wl-button--sm"
          disabled={off || !chosen}
          onClick={() => {
            void actions?.equip(chosen);
            setChoice('');
          }}
        >
          Equip
        </button>
      </div>
      <div className="eq-bulk">
        <button
          type="button"
          className="wl-button wl-button--sm wl-button--ghost"
          disabled={off}
          onClick={() => void actions?.equipAll()}
        >
          Equip all from settlement
        </button>
        <button
          type="button"
          className="wl-button wl-button--sm wl-button--ghost"
          disabled={off}
          onClick={() => void actions?.unequipAll()}
        >
          Unequip all
        </button>
      </div>
    </section>
  );
}
