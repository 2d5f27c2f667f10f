import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { lossesByItem, lossesSummary, qualitiesText } from '../../../../../api/contract/raid-text.ts';
import type { RaidView } from '../../../../../api/contract/raids.ts';
import type { SettlementView } from '../../../../../api/contract/settlements.ts';
import { fightText, OUTCOME_LABELS } from '../../../game/raids/text.ts';
import { $raidHistory } from '../../../stores/raids.ts';
import { stamp } from './clock.ts';
import './raids.css';

/** How many raids show before "Show all". */
export const RAIDS_SHOWN = 5;

/** The settlement's raids, newest first: outcome, strength against defence, ammunition, the injured, and the losses: one sentence by item, each item's qualities on expand. */
export function RaidHistory({ settlement: s }: { settlement: SettlementView }) {
  const loaded = useStore($raidHistory);
  const [all, setAll] = useState(false);
  const headId = useId();
  const h = loaded?.settlementId === s.id ? loaded : null;
  const raids = h?.status === 'ready' ? h.value : null;
  const shown = raids && !all ? raids.slice(0, RAIDS_SHOWN) : raids;
  return (
    <section className="stl-block" aria-labelledby={headId} data-raid-history="" data-testid="raid-history">
      <h4 id={headId} className="stl-block__title">
        Raid history {raids && <span className="wl-muted">{raids.length}</span>}
      </h4>
      {!h ? (
        <p className="act-hint wl-muted">Loading the raids...</p>
      ) : h.status === 'error' ? (
        <p className="act-hint wl-error">Could not load the raids: {h.message}</p>
      ) : !shown || shown.length === 0 ? (
        <p className="act-hint wl-muted" data-testid="raids-empty">
          No raids yet.
        </p>
      ) : (
        <>
          <ol className="raid-list" aria-label={`Raids on ${s.name}, newest first`}>
            {shown.map((r) => (
              <RaidEntry key={r.id} raid={r} />
            ))}
          </ol>
          {raids && raids.length > RAIDS_SHOWN && (
            <button type="button" className="wl-button wl-button--sm wl-button--ghost" onClick={() => setAll((a) => !a)}>
              {all ? 'Show fewer' : `Show all ${raids.length}`}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function RaidEntry({ raid: r }: { raid: RaidView }) {
  const losses = lossesByItem(r.losses);
  return (
    <li className={`raid raid--${r.outcome}`} data-testid="raid" data-outcome={r.outcome} data-raid-id={r.id}>
      <div className="raid__head">
        <span className={`raid__outcome raid__outcome--${r.outcome}`}>{OUTCOME_LABELS[r.outcome]}</span>
        <time className="raid__time" dateTime={r.arrivedAt}>
          {stamp(r.arrivedAt)}
        </time>
      </div>
      <p className="raid__fight">{fightText({ ...r, injured: [] })}</p>
      {r.injured.length > 0 && <p className="raid__injured">Injured: {r.injured.join(', ')}</p>}
      {losses.length > 0 ? (
        <details className="raid__details" data-testid="raid-losses">
          <summary className="raid__lost">{lossesSummary(r.losses)}</summary>
          <ul className="raid__losses" aria-label="Losses by item and quality">
            {losses.map((l) => (
              <li key={l.itemName} data-testid="raid-loss">
                <span className="raid__item">{l.itemName}</span>
                <span className="raid__qty">×{l.quantity}</span>
                <span className="raid__q" title="Quality (1–100) ×units">
                  {qualitiesText(l)}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : (
        <p className="raid__lost wl-muted">Nothing taken.</p>
      )}
    </li>
  );
}
