import { useStore } from '@nanostores/react';
import { SETTLEMENT_REACH } from '../../../../../api/game/settlements.ts';
import { distance } from '../../../game/settlements/here.ts';
import { distanceLabel } from '../../../game/settlements/text.ts';
import { wakeUpText } from '../../../game/settlements/bed-text.ts';
import { $mine, $navTarget, $respawn, $survivorAt } from '../../../stores/settlements.ts';
import { BedInvitations } from './BedInvitations.tsx';
import './settlements.css';

/** Your bed invitations, the settlements you manage in this world, and the bed you wake up in. */
export function YourSettlements() {
  return (
    <div className="stl-yours">
      <BedInvitations />
      <MineList />
      <WakeUp />
    </div>
  );
}

/** Where the survivor wakes up after logging out (spec: GET /api/player/respawn). */
function WakeUp() {
  const respawn = useStore($respawn);
  if (!respawn) return null;
  return (
    <p className="wl-muted game-slot" data-testid="respawn-bed">
      {wakeUpText(respawn)}
    </p>
  );
}

/** The settlements you manage: how far, how many beds free, and a navigate toggle (one at a time). */
function MineList() {
  const mine = useStore($mine);
  const at = useStore($survivorAt);
  const nav = useStore($navTarget);
  if (mine.list.length === 0) {
    if (mine.status === 'loading') return <p className="wl-muted game-slot">Looking for your settlements...</p>;
    if (mine.status === 'error') return <p className="wl-error game-slot">Could not load your settlements.</p>;
    return (
      <p className="wl-muted game-slot" data-testid="your-settlements-empty">
        You manage no settlement yet. Build a shelter and found one.
      </p>
    );
  }
  return (
    <ul className="stl-mine" aria-label="Your settlements" data-testid="your-settlements">
      {mine.list.map((s) => {
        const d = at ? distance(at, s) : null;
        const on = nav?.id === s.id;
        return (
          <li key={s.id} className="stl-mine__item">
            <span className="stl-mine__name">{s.name}</span>
            <span className="stl-mine__meta">
              {d === null ? '' : distanceLabel(d, SETTLEMENT_REACH)} · {s.emptyBeds}/{s.beds} beds free
            </span>
            <button
              type="button"
              className={on ? 'wl-button wl-button--sm' : 'wl-button wl-button--sm wl-button--ghost'}
              aria-pressed={on}
              aria-label={`Navigate to ${s.name}`}
              disabled={!on && d !== null && d <= SETTLEMENT_REACH}
              onClick={() => $navTarget.set(on ? null : { id: s.id, name: s.name, x: s.x, y: s.y })}
            >
              {on ? 'Navigating' : 'Navigate'}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
