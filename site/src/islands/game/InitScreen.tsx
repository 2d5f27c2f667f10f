import type { InitState } from '../../stores/game.ts';

const STEP_TEXT = 'Fetching the world, your survivor and the sky';

/** 'Initializing world...' with real progress: chunks generated out of those the first view needs. */
export function InitScreen({ state, onRetry }: { state: Exclude<InitState, { phase: 'ready' }>; onRetry: () => void }) {
  if (state.phase === 'error') {
    return (
      <div className="wl-panel game-init" role="alert">
        <h1>Could not enter the wasteland</h1>
        <p className="wl-error">{state.message}</p>
        <div className="game-init__actions">
          <button type="button" className="wl-button" onClick={onRetry}>
            Try again
          </button>
          <a className="wl-button wl-button--ghost" href="/lobby">
            Go to Lobby
          </a>
        </div>
      </div>
    );
  }
  const ready = state.phase === 'chunks' ? state.ready : 0;
  const needed = state.phase === 'chunks' ? state.needed : 0;
  return (
    <div className="wl-panel game-init" role="status" aria-live="polite">
      <h1>Initializing world...</h1>
      {state.phase === 'chunks' ? (
        <>
          <progress max={needed} value={ready} aria-label="Terrain generated" />
          <p className="wl-muted">
            Terrain {ready} / {needed} chunks
          </p>
        </>
      ) : (
        <>
          <progress aria-label="Loading" />
          <p className="wl-muted">{STEP_TEXT}...</p>
        </>
      )}
    </div>
  );
}
