import { useStore } from '@nanostores/react';
import { RAID_TEXT } from '../../../../../api/contract/raid-text.ts';
import { SETTLEMENT_REACH } from '../../../../../api/game/settlements.ts';
import { bearing } from '../../../game/raids/bearing.ts';
import { formatCountdown } from '../../../game/raids/countdown.ts';
import { bannerOf } from '../../../game/raids/warnings.ts';
import { $raidWarnings } from '../../../stores/raids.ts';
import { $navTarget, $survivorAt } from '../../../stores/settlements.ts';
import { useNow } from '../useNow.ts';
import { clock } from './clock.ts';
import './raids.css';

/**
 * While raiders are on their way to one of your settlements, wherever you are: the soonest raid, its countdown, and an
 * arrow toward the settlement that also steers the map's navigation arrow there. On a desktop it heads the map; on a
 * phone it sits above the bottom bar (raids.css). It goes at arrival, when the result's toast takes over.
 */
export function RaidBanner() {
  const list = useStore($raidWarnings);
  const at = useStore($survivorAt);
  const nav = useStore($navTarget);
  const now = useNow(list.length > 0 ? 250 : null);
  const banner = bannerOf(list, now);
  if (!banner) return null;
  const { warning: w, others } = banner;
  const way = at ? bearing(at, w) : null;
  const home = !way || way.distance <= SETTLEMENT_REACH;
  const navigating = nav?.id === w.settlementId;
  return (
    <section className="raid-banner" aria-label="Raid warning" data-raid-warning="" data-settlement-id={w.settlementId}>
      {/* Announced once (the countdown below ticks, and a ticking live region would talk every second). */}
      <p className="wl-visually-hidden" role="alert">
        {RAID_TEXT.warning(w.settlementName)} They arrive at {clock(w.arriveAt, now)}.
      </p>
      <span className="raid-banner__icon" aria-hidden="true">
        !
      </span>
      <p className="raid-banner__text" aria-hidden="true">
        <strong className="raid-banner__title">{RAID_TEXT.warning(w.settlementName)}</strong>
        <span className="raid-banner__meta">
          {w.strength === null ? `Arriving at ${clock(w.arriveAt, now)}` : `Strength ~${w.strength}`}
          {others > 0 ? ` · +${others} more` : ''}
        </span>
      </p>
      <time className="raid-banner__countdown" dateTime={new Date(w.arriveAt).toISOString()} data-raid-countdown="">
        {formatCountdown(w.arriveAt - now)}
      </time>
      {/* Named by its own text (what shows, and for screen readers where it leads). */}
      <button
        type="button"
        className={navigating ? 'raid-banner__nav raid-banner__nav--on' : 'raid-banner__nav'}
        aria-pressed={navigating}
        disabled={home && !navigating}
        onClick={() => $navTarget.set(navigating ? null : { id: w.settlementId, name: w.settlementName, x: w.x, y: w.y })}
      >
        {home ? (
          <span className="raid-banner__here">
            Here<span className="wl-visually-hidden">: you are at {w.settlementName}</span>
          </span>
        ) : (
          <>
            <span className="wl-visually-hidden">
              Navigate to {w.settlementName}, {way.compass}:{' '}
            </span>
            <svg
              className="raid-banner__arrow"
              viewBox="-12 -12 24 24"
              aria-hidden="true"
              style={{ transform: `rotate(${way.degrees}deg)` }}
            >
              <path d="M10 0 L-7 -8 L-3 0 L-7 8 Z" />
            </svg>
            <span className="raid-banner__dist">
              {Math.round(way.distance)}
              <span className="wl-visually-hidden"> units</span>
            </span>
          </>
        )}
      </button>
    </section>
  );
}
