import type { InitState } from '../../stores/game.ts';
import { GameStatus } from './GameFrame.tsx';

const STEP_TEXT = 'Fetching the world, your survivor and the sky';

/** 'Initializing world...' with real progress: chunks generated out of those the first view needs. */
export function InitScreen({ state, onRetry }: { state: Exclude<InitState, { phase: 'ready' }>; onRetry: () => void }) {
  if (state.phase === 'error') {
    return (
      <GameStatus kind="alert" panel>
        <h1>Could not enter the wasteland</h1>
        <p className="wl-error">{state.message}</p>
        <div className="game-status__actions">
          <button type="button" className="wl-button" onClick={onRetry}>
            Try again
          </button>
          <a className="wl-button wl-button--ghost" href="/lobby">
            Go to Lobby
          </a>
        </div>
      </GameStatus>
    );
  }
  // One progress bar and one line of text in both phases, so the line never jumps when the chunks start counting.
  const chunks = state.phase === 'chunks';
  return (
    <GameStatus panel loading>
      <h1>Initializing world...</h1>
      {chunks ? (
        <progress max={state.needed} value={state.ready} aria-label="Terrain generated" />
      ) : (
        <progress aria-label="Loading" />
      )}
      <p className="wl-muted">{chunks ? `Terrain ${state.ready} / ${state.needed} chunks` : `${STEP_TEXT}...`}</p>
    </GameStatus>
  );
}
