import { useStore } from '@nanostores/react';
import { useId, useMemo, useState } from 'react';
import { equipOptions, slotRows } from '../../../game/equipment/options.ts';
import { $npcActions } from '../../../game/npcs/wire.ts';
import { $npcBusy, $npcGear, type NpcView } from '../../../stores/npcs.ts';
import { $storage } from '../../../stores/settlements.ts';
import { Modal } from './Modal.tsx';
import '../equipment/equipment.css';

/**
 * An NPC's equipment: its slots with what fills each (Unequip puts it back into the settlement's storage), Equip
 * from that storage (the spec's list of names, the slot guessed from the name), Equip all and Unequip all.
 */
export function NpcEquipmentDialog({
  npc,
  settlementName,
  onClose,
}: {
  npc: NpcView;
  settlementName: string;
  onClose: () => void;
}) {
  const gear = useStore($npcGear);
  const storage = useStore($storage);
  const busy = useStore($npcBusy);
  const actions = useStore($npcActions);
  const [choice, setChoice] = useState('');
  const titleId = useId();
  const bodyId = useId();
  const selectId = useId();
  const stored = useMemo(
    () =>
      storage?.settlementId === npc.settlementId
        ? storage.entries.flatMap((e) =>
            e.items.map((i) => ({ id: i.id, itemName: i.itemName, quality: i.metadata.quality, quantity: i.quantity })),
          )
        : [],
    [storage, npc.settlementId],
  );
  const options = useMemo(() => equipOptions([], stored), [stored]);
  const chosen = options.find((o) => o.key === choice) ?? null;
  const items = gear?.npcId === npc.id ? gear.items : null;
  const error = gear?.npcId === npc.id ? gear.error : null;
  const off = !actions || !!busy || items === null;

  return (
    <Modal labelledBy={titleId} describedBy={bodyId} onClose={onClose} testId="npc-equipment-dialog">
      {(close) => (
        <>
          <h2 id={titleId}>{npc.name}'s equipment</h2>
          <p id={bodyId} className="wl-muted act-hint">
            Gear comes out of {settlementName}'s storage and goes back into it.
          </p>
          {error ? (
            <p className="wl-error act-hint" role="alert">
              Could not load the equipment: {error}
            </p>
          ) : items === null ? (
            <p className="wl-muted act-hint" role="status">
              Loading the equipment...
            </p>
          ) : (
            <ul className="eq-slots npc-gear__slots" aria-label={`Equipped by ${npc.name}`}>
              {slotRows(items).map((row) => (
                <li key={row.slot} data-slot={row.slot} data-testid="npc-equipment-slot">
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
                        onClick={() => void actions?.unequip(npc.id, row.slot)}
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
          )}
          <div className="eq-equip">
            <label htmlFor={selectId} className="wl-visually-hidden">
              Item to equip on {npc.name}
            </label>
            <select
              id={selectId}
              className="wl-input"
              value={chosen?.key ?? ''}
              disabled={options.length === 0}
              onChange={(e) => setChoice(e.target.value)}
            >
              <option value="">{options.length ? 'Pick from storage…' : 'No gear in storage'}</option>
              {options.map((o) => (
                <option key={o.key} value={o.key}>
                  {o.label}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="wl-button wl-button--sm"
              disabled={off || !chosen}
              onClick={() => {
                void actions?.equip(npc.id, chosen && { itemId: chosen.itemId, slot: chosen.slot });
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
              onClick={() => void actions?.equipAll(npc.id)}
            >
              Equip all
            </button>
            <button
              type="button"
              className="wl-button wl-button--sm wl-button--ghost"
              disabled={off}
              onClick={() => void actions?.unequipAll(npc.id)}
            >
              Unequip all
            </button>
          </div>
          <div className="stl-dialog__buttons">
            <button type="button" className="wl-button wl-button--sm" data-autofocus onClick={close}>
              Close
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
