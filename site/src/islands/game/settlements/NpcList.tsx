import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { SettlementView } from '../../../../../api/contract/settlements.ts';
import { NPC_ASSIGNMENTS, type NpcAssignment } from '../../../../../api/game/npcs.ts';
import { ASSIGNMENT_LABELS, STATUS_LABELS } from '../../../game/npcs/text.ts';
import { $npcActions } from '../../../game/npcs/wire.ts';
import { $npcBusy, $npcGear, $settlementNpcs, type NpcView } from '../../../stores/npcs.ts';
import { NpcEquipmentDialog } from './NpcEquipmentDialog.tsx';
import './npcs.css';

/** The settlement's NPCs: each one's name, status, assignment (a select) and an Equipment dialog. */
export function NpcList({ settlement: s }: { settlement: SettlementView }) {
  const list = useStore($settlementNpcs);
  const gear = useStore($npcGear);
  const actions = useStore($npcActions);
  // Which NPC's Equipment dialog this list opened: the list renders in the sidebar and in the phone's Manage sheet,
  // and only the one whose button was pressed shows the dialog.
  const [openId, setOpenId] = useState<string | null>(null);
  const headId = useId();
  const npcs = list?.settlementId === s.id ? list.npcs : null;
  const open = openId && gear?.npcId === openId ? npcs?.find((n) => n.id === openId) : null;
  return (
    <section className="stl-block" aria-labelledby={headId} data-testid="npc-section">
      <h4 id={headId} className="stl-block__title">
        NPCs {npcs && <span className="wl-muted">{npcs.length}</span>}
      </h4>
      {!npcs ? (
        <p className="act-hint wl-muted">Loading the NPCs...</p>
      ) : npcs.length === 0 ? (
        <p className="act-hint wl-muted" data-testid="npcs-empty">
          No NPCs yet. Survivors drawn by your scavenging can be recruited into an empty bed here.
        </p>
      ) : (
        <ul className="npc-list" data-testid="npcs" aria-label={`NPCs of ${s.name}`}>
          {npcs.map((n) => (
            <NpcRow
              key={n.id}
              npc={n}
              onEquipment={() => {
                setOpenId(n.id);
                void actions?.openGear(n.id);
              }}
            />
          ))}
        </ul>
      )}
      {open && (
        <NpcEquipmentDialog
          npc={open}
          settlementName={s.name}
          onClose={() => {
            setOpenId(null);
            actions?.closeGear();
          }}
        />
      )}
    </section>
  );
}

function NpcRow({ npc: n, onEquipment }: { npc: NpcView; onEquipment: () => void }) {
  const busy = useStore($npcBusy);
  const actions = useStore($npcActions);
  const selectId = useId();
  const off = !actions || !!busy;
  return (
    <li
      className={`npc-row npc-row--${n.assignmentStatus}`}
      data-testid="npc"
      data-npc-id={n.id}
      data-assignment={n.assignment}
      data-status={n.assignmentStatus}
    >
      <span className="npc-row__name" title={n.description}>
        {n.name}
      </span>
      <span className={`npc-row__status npc-row__status--${n.assignmentStatus}`} data-testid="npc-status">
        {STATUS_LABELS[n.assignmentStatus]}
        {n.isMoving ? ' · away' : ''}
      </span>
      <div className="npc-row__controls">
        <label htmlFor={selectId} className="wl-visually-hidden">
          Assignment of {n.name}
        </label>
        <select
          id={selectId}
          className="wl-input npc-row__assign"
          value={n.assignment}
          disabled={off}
          onChange={(e) => void actions?.assign(n.id, e.target.value as NpcAssignment)}
        >
          {NPC_ASSIGNMENTS.map((a) => (
            <option key={a} value={a}>
              {ASSIGNMENT_LABELS[a]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="wl-button wl-button--sm wl-button--ghost"
          disabled={!actions}
          aria-label={`Equipment of ${n.name}`}
          onClick={onEquipment}
        >
          Equipment
        </button>
      </div>
    </li>
  );
}
