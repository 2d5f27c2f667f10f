import { useStore } from '@nanostores/react';
import { useId, useMemo, useState } from 'react';
import type { BuildingView, SettlementView } from '../../../../../api/contract/settlements.ts';
import { BED_STATE_LABEL, type BedOffer, type BedRow, bedRows, managesAfterLeaving } from '../../../game/settlements/beds.ts';
import { confirmText } from '../../../game/settlements/bed-text.ts';
import { $bedActions } from '../../../game/settlements/wire.ts';
import { $me } from '../../../stores/game.ts';
import { $beds, $settlementBusy } from '../../../stores/settlements.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { InviteDialog } from './InviteDialog.tsx';

/** The dialog open over the list: the invite form, or the confirmation of a withdraw, kick or leave. */
type Open = { kind: BedOffer; bed: BedRow } | null;

/** The settlement's beds: vacant (Invite), pending (who is invited; Withdraw), occupied (who; Kick, or Leave bed). */
export function BedsList({ settlement: s, buildings }: { settlement: SettlementView; buildings: readonly BuildingView[] }) {
  const beds = useStore($beds);
  const me = useStore($me);
  const busy = useStore($settlementBusy);
  const actions = useStore($bedActions);
  const [open, setOpen] = useState<Open>(null);
  const headId = useId();
  const loaded = beds?.settlementId === s.id ? beds : null;
  const input = useMemo(
    () => ({
      settlement: s,
      buildings,
      assignments: loaded?.assignments ?? null,
      pending: loaded?.pending ?? [],
      meId: me?.id ?? null,
    }),
    [s, buildings, loaded, me?.id],
  );
  const rows = useMemo(() => bedRows(input), [input]);
  const holders = useMemo(() => new Set((loaded?.assignments ?? []).flatMap((a) => (a.playerId ? [a.playerId] : []))), [loaded]);
  const taken = rows.filter((r) => r.state === 'occupied').length;
  const close = () => setOpen(null);

  const confirm = async (o: Exclude<Open, null>) => {
    const b = o.bed;
    if (o.kind === 'withdraw' && b.invitationId) await actions?.withdraw(b.invitationId);
    else if (o.kind === 'kick') await actions?.kick(b.bedId);
    else if (o.kind === 'leave') await actions?.leave(b.bedId);
  };

  return (
    <section className="stl-block" aria-labelledby={headId}>
      <h4 id={headId} className="stl-block__title">
        Beds{' '}
        <span className="wl-muted">
          {taken}/{rows.length} taken
        </span>
      </h4>
      {rows.length === 0 ? (
        <p className="act-hint wl-muted">No beds yet. A bed makes this settlement your home; more beds let you invite others.</p>
      ) : (
        <ul className="stl-beds" data-testid="beds" aria-label={`Beds of ${s.name}`}>
          {rows.map((b) => (
            <li key={b.bedId} className={`stl-bed stl-bed--${b.state}`} data-testid="bed" data-state={b.state}>
              <span className="stl-bed__name">{b.name}</span>
              <span className={`stl-bed__state stl-bed__state--${b.state}`}>{BED_STATE_LABEL[b.state]}</span>
              <span className="stl-bed__who">{whoLine(b)}</span>
              <BedButton bed={b} disabled={!actions || !!busy} onOpen={setOpen} />
            </li>
          ))}
        </ul>
      )}
      {open?.kind === 'invite' && (
        <InviteDialog bed={open.bed} settlementName={s.name} actions={actions} busy={busy} exclude={holders} onClose={close} />
      )}
      {open && open.kind !== 'invite' && (
        <ConfirmDialog
          text={confirmText(open.kind, open.bed, s.name, open.kind === 'leave' && managesAfterLeaving(input))}
          busy={!!busy}
          working={busy === `${open.kind}:${open.kind === 'withdraw' ? open.bed.invitationId : open.bed.bedId}`}
          onConfirm={() => confirm(open)}
          onClose={close}
        />
      )}
    </section>
  );
}

/** The line under the bed's name: who is in it, or who is invited. */
function whoLine(b: BedRow): string {
  if (b.state === 'vacant') return 'Free';
  if (b.state === 'pending') return `Invited: ${b.who ?? 'a survivor'}`;
  if (b.npc) return `${b.who ?? 'An NPC'} (NPC: Dismiss in NPCs)`;
  return b.mine ? `${b.who ?? 'You'} (you)` : (b.who ?? 'Someone');
}

function BedButton({ bed: b, disabled, onOpen }: { bed: BedRow; disabled: boolean; onOpen: (o: Open) => void }) {
  const cls = 'wl-button wl-button--sm wl-button--ghost stl-bed__action';
  switch (b.offer) {
    case 'invite':
      return (
        <button
          type="button"
          className={cls}
          disabled={disabled}
          aria-label={`Invite a survivor to ${b.name}`}
          onClick={() => onOpen({ kind: 'invite', bed: b })}
        >
          Invite
        </button>
      );
    case 'withdraw':
      return (
        <button
          type="button"
          className={cls}
          disabled={disabled}
          aria-label={`Withdraw the invitation to ${b.name}`}
          onClick={() => onOpen({ kind: 'withdraw', bed: b })}
        >
          Withdraw
        </button>
      );
    case 'kick':
      return (
        <button
          type="button"
          className={`${cls} stl-bed__action--danger`}
          disabled={disabled}
          aria-label={`Kick ${b.who ?? 'the occupant'} from ${b.name}`}
          onClick={() => onOpen({ kind: 'kick', bed: b })}
        >
          Kick
        </button>
      );
    case 'leave':
      return (
        <button type="button" className={cls} disabled={disabled} onClick={() => onOpen({ kind: 'leave', bed: b })}>
          Leave bed
        </button>
      );
    default:
      return null;
  }
}
