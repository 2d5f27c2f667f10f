import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { SETTLEMENT_REACH } from '../../../../../api/game/settlements.ts';
import { distance } from '../../../game/settlements/here.ts';
import { distanceLabel } from '../../../game/settlements/text.ts';
import { $bedActions } from '../../../game/settlements/wire.ts';
import { $invitations, $mine, $settlementBusy, $survivorAt } from '../../../stores/settlements.ts';

/**
 * Bed invitations waiting for the player: which settlement, from whom, Accept / Reject. Accepting makes the
 * settlement theirs to manage (it joins the list below); nothing shows while there is none.
 */
export function BedInvitations() {
  const invitations = useStore($invitations);
  const mine = useStore($mine);
  const at = useStore($survivorAt);
  const busy = useStore($settlementBusy);
  const actions = useStore($bedActions);
  const headId = useId();
  if (invitations.list.length === 0) return null;
  const off = !actions || !!busy;
  return (
    <section className="stl-invites" aria-labelledby={headId}>
      <h4 id={headId} className="stl-block__title">
        Bed invitations <span className="wl-muted">{invitations.list.length}</span>
      </h4>
      <ul className="stl-invites__list" data-testid="bed-invitations">
        {invitations.list.map((inv) => {
          const where = inv.settlement;
          const d = at ? distance(at, where) : null;
          return (
            <li key={inv.id} className="stl-invite" data-testid="bed-invitation">
              <span className="stl-invite__name">{where.name}</span>
              <span className="stl-invite__meta">
                From {inv.fromPlayerName}
                {d === null ? '' : ` · ${distanceLabel(d, SETTLEMENT_REACH)}`}
              </span>
              <span className="stl-invite__buttons">
                <button
                  type="button"
                  className="wl-button wl-button--sm"
                  disabled={off}
                  aria-label={`Accept the invitation to ${where.name}`}
                  onClick={() => void actions?.accept(inv.id)}
                >
                  {busy === `accept:${inv.id}` ? 'Accepting...' : 'Accept'}
                </button>
                <button
                  type="button"
                  className="wl-button wl-button--sm wl-button--ghost"
                  disabled={off}
                  aria-label={`Reject the invitation to ${where.name}`}
                  onClick={() => void actions?.reject(inv.id)}
                >
                  Reject
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      {mine.list.length > 0 && (
        <p className="act-hint wl-muted">You hold one bed per world: accepting gives up the bed you have.</p>
      )}
    </section>
  );
}
