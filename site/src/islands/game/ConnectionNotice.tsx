import { useStore } from '@nanostores/react';
import { $playHere } from '../../game/live/connection.ts';
import { $connection } from '../../stores/game.ts';

/**
 * Over the map and the panels when the game was opened in another tab: this one is paused (no polling, no walking)
 * until "Play here" takes the connection back.
 */
export function TakenOverNotice() {
  const state = useStore($connection);
  const playHere = useStore($playHere);
  if (state === 'replaced') {
    return (
      <div className="game-notice game-notice--blocking">
        <div className="game-notice__panel wl-panel" role="alertdialog" aria-labelledby="game-notice-title" aria-modal="false">
          <h2 id="game-notice-title" className="game-notice__title">
            Taken over by another tab
          </h2>
          <p className="game-notice__text">
            Wasteland was opened in another tab or window with your account. Only one can play at a time, so this one is paused.
          </p>
          <button
            type="button"
            className="wl-button"
            disabled={!playHere}
            onClick={() => playHere?.()}
            // biome-ignore lint/a11y/noAutofocus: the map behind is paused; the one thing to do here is this button
            autoFocus
          >
            Play here
          </button>
        </div>
      </div>
    );
  }
  return null;
}

/** Over the map when the server speaks a newer protocol than this page: the game goes on by polling until a reload. */
export function UpdateBanner() {
  const state = useStore($connection);
  if (state === 'outdated') {
    return (
      <div className="game-notice game-notice--banner" role="alert">
        <p className="game-notice__text">A new version of Wasteland is available — reload the page.</p>
        <button type="button" className="wl-button wl-button--sm" onClick={() => location.reload()}>
          Reload
        </button>
      </div>
    );
  }
  return null;
}
