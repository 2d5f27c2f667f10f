import { SkillTags } from './SkillTags.tsx';
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { SettlementView } from '../../../../../api/contract/settlements.ts';
import { NPC_ASSIGNMENTS, type NpcAssignment } from '../../../../../api/game/npcs.ts';
import type { NpcCondition } from '../../../../../api/game/upkeep.ts';
import { ASSIGNMENT_LABELS, statusLabel } from '../../../game/npcs/text.ts';
import { CONDITION_HINTS, CONDITION_LABELS } from '../../../game/raids/text.ts';
import { $npcActions } from '../../../game/npcs/wire.ts';
import { $npcBusy, $npcGear, $settlementNpcs, type NpcView } from '../../../stores/npcs.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { NpcEquipmentDialog } from './NpcEquipmentDialog.tsx';
import './npcs.css';

/**
 * The settlement's NPCs: each one's name, condition, status, assignment (a select), an Equipment dialog, Treat
 * while injured, and Dismiss (confirmed: the bed frees, what it wore or carried goes to the pack).
 */
export function NpcList({ settlement: s }: { settlement: SettlementView }) {
  const list = useStore($settlementNpcs);
  const gear = useStore($npcGear);
  const actions = useStore($npcActions);
  // Which NPC's Equipment dialog this list opened: the list renders in the sidebar and in the phone's Manage sheet,
  // and only the one whose button was pressed shows the dialog.
  const [openId, setOpenId] = useState<string | null>(null);
  const [dismissing, setDismissing] = useState<NpcView | null>(null);
  const busy = useStore($npcBusy);
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
          No NPCs yet. Survivors drawn by your scavenging can be recruited into an empty bed here; the first bed built is the
          founder's, so a recruit needs a second.
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
              onDismiss={() => setDismissing(n)}
            />
          ))}
        </ul>
      )}
      {dismissing && (
        <ConfirmDialog
          text={{
            title: `Dismiss ${dismissing.name}?`,
            body: `${dismissing.name} leaves ${s.name} for good; their bed is free again and what they wore or carried goes into your pack.`,
            confirm: 'Dismiss',
          }}
          busy={!!busy}
          working={busy === `dismiss:${dismissing.id}`}
          onConfirm={() => actions?.dismiss(dismissing.id) ?? Promise.resolve()}
          onClose={() => setDismissing(null)}
        />
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

function NpcRow({ npc: n, onEquipment, onDismiss }: { npc: NpcView; onEquipment: () => void; onDismiss: () => void }) {
  const busy = useStore($npcBusy);
  const actions = useStore($npcActions);
  const selectId = useId();
  const off = !actions || !!busy;
  // An NPC from a server older than its condition counts as fit.
  const condition = n.condition ?? 'fit';
  const injured = condition === 'injured';
  return (
    <li
      className={`npc-row npc-row--${n.assignmentStatus} npc-row--${condition}`}
      data-testid="npc"
      data-npc-id={n.id}
      data-assignment={n.assignment}
      data-status={n.assignmentStatus}
      data-condition={condition}
    >
      <span className="npc-row__name" title={n.description}>
        {n.name} <SkillTags skills={n.skills} />
      </span>
      <span className="npc-row__badges">
        <ConditionBadge condition={condition} />
        <span className={`npc-row__status npc-row__status--${n.assignmentStatus}`} data-testid="npc-status">
          {statusLabel(n)}
          {n.isMoving ? ' · away' : ''}
        </span>
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
        {injured && (
          <button
            type="button"
            className="wl-button wl-button--sm npc-row__treat"
            disabled={off}
            aria-label={`Treat ${n.name} with medicine from your pack`}
            title="Uses one medicine from your pack"
            onClick={() => void actions?.treat(n.id)}
          >
            {busy === `treat:${n.id}` ? 'Treating...' : 'Treat'}
          </button>
        )}
        <button
          type="button"
          className="wl-button wl-button--sm wl-button--ghost npc-row__dismiss"
          disabled={off}
          aria-label={`Dismiss ${n.name}`}
          onClick={onDismiss}
        >
          Dismiss
        </button>
      </div>
    </li>
  );
}

/** Fit, injured or hungry (api/game/upkeep.ts), with what it means on hover and for screen readers. */
function ConditionBadge({ condition }: { condition: NpcCondition }) {
  return (
    <span
      className={`npc-cond npc-cond--${condition}`}
      data-testid="npc-condition"
      title={`${CONDITION_LABELS[condition]}: ${CONDITION_HINTS[condition]}`}
    >
      {CONDITION_LABELS[condition]}
      <span className="wl-visually-hidden">: {CONDITION_HINTS[condition]}</span>
    </span>
  );
}
