import { useStore } from '@nanostores/react';
import { formatWaitTime } from '../../../../api/game/lobby.ts';
import { gameHref } from '../../lib/world-choice.ts';
import { $joining, $lobbyBusy, joinGame, leaveLobby, type MyPlace } from '../../stores/lobby.ts';

/** What the user can do from where they stand: seated, queued, or neither. */
export function LobbyActions({ place }: { place: MyPlace }) {
  const joining = useStore($joining);
  const busy = useStore($lobbyBusy);

  switch (place.kind) {
    case 'seated':
      return (
        <section className="wl-panel lobby-actions" aria-label="Your seat">
          <p>
            You have a seat in <strong>{place.worldName}</strong>.
          </p>
          <div className="lobby-buttons">
            <a className="wl-button" href={gameHref(place.worldId)}>
              Enter Game
            </a>
            <button type="button" className="wl-button wl-button--danger" disabled={busy} onClick={() => void leaveLobby()}>
              Leave Lobby
            </button>
          </div>
          <p className="wl-muted">The world is persistent and never waits: Enter Game whenever you like.</p>
        </section>
      );
    case 'queued':
      return (
        <section className="wl-panel lobby-actions" aria-labelledby="lobby-queued-title">
          <h2 id="lobby-queued-title">You're in the queue!</h2>
          <p>
            Position <strong>#{place.position}</strong> · waiting <strong>{formatWaitTime(place.waitTime)}</strong>
          </p>
          <p className="wl-muted">You take a seat as soon as one frees up. Keep this page open.</p>
          <button type="button" className="wl-button wl-button--danger" disabled={busy} onClick={() => void leaveLobby()}>
            Leave Queue
          </button>
        </section>
      );
    case 'none':
      return (
        <section className="wl-panel lobby-actions" aria-label="Join">
          <button type="button" className="wl-button" disabled={joining} onClick={() => void joinGame()}>
            {joining ? 'Joining...' : 'Join Game'}
          </button>
        </section>
      );
    case 'unknown':
      return null;
  }
}
