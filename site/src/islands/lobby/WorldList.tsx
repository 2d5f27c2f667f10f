import { useStore } from '@nanostores/react';
import { gameHref } from '../../lib/world-choice.ts';
import { $joinError, $joining, $worlds, joinGame } from '../../stores/lobby.ts';
import { worldRows } from './world-rows.ts';

/**
 * The deployment's worlds: name, seats taken of seats, state, the caller's seat and survivor marked. Join
 * takes a seat in that world (moving one held elsewhere) and opens its game; the world of the seat offers Enter.
 */
export function WorldList({ seatWorldId, homeWorldId }: { seatWorldId: string | null; homeWorldId: string | null }) {
  const worlds = useStore($worlds);
  const joining = useStore($joining);
  const error = useStore($joinError);
  if (worlds === null) return null;
  const rows = worldRows(worlds, seatWorldId, homeWorldId);

  return (
    <section className="wl-panel" aria-labelledby="lobby-worlds-title">
      <h2 id="lobby-worlds-title">Worlds ({rows.length})</h2>
      <p className="wl-muted lobby-worlds-hint">
        Each world is its own map. New ones open when every world is full; joining another world moves your seat there.
      </p>
      {error !== null && (
        <p className="wl-error lobby-worlds-error" role="alert">
          {error}
        </p>
      )}
      <ul className="lobby-list" aria-label="Worlds">
        {rows.map((w) => (
          <li key={w.id} className={`lobby-row lobby-world${w.seat ? ' lobby-world--seat' : ''}`}>
            <span className="lobby-world__name">
              <strong>{w.name}</strong>
              {w.seat && <span className="lobby-badge lobby-badge--mine">Your seat</span>}
              {w.home && <span className="lobby-badge lobby-badge--mine">Your survivor</span>}
            </span>
            <span className="lobby-world__seats">
              <strong>{w.seated}</strong>/{w.maxPlayers}
              <span className="wl-muted"> seats</span>
            </span>
            <span className={`lobby-badge lobby-badge--${w.state}`}>{w.stateLabel}</span>
            <span className="lobby-world__action">
              {w.seat ? (
                <a className="wl-button wl-button--sm" href={gameHref(w.id)} aria-label={`Enter ${w.name}`}>
                  Enter
                </a>
              ) : (
                <button
                  type="button"
                  className="wl-button wl-button--sm wl-button--ghost"
                  disabled={!w.joinable || joining}
                  aria-label={`Join ${w.name}`}
                  onClick={() => void joinGame(w.id)}
                >
                  Join
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
