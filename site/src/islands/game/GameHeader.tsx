import { logout } from '../../stores/session.ts';
import { DisplayNameEditor } from './character/DisplayNameEditor.tsx';
import { ConnectionBadge } from './ConnectionBadge.tsx';
import { DayNight } from './DayNight.tsx';
import { OnlinePlayers } from './OnlinePlayers.tsx';

/** Title, audio (a later issue), day/night and time, who is online, the wiki, logout. */
export function GameHeader() {
  return (
    <header className="game-header">
      <h1 className="game-header__title wl-stencil">Wasteland</h1>
      <div className="game-header__tools">
        <DisplayNameEditor compact />
        <button
          type="button"
          className="game-icon-button"
          disabled
          aria-label="Audio settings"
          title="Audio settings (coming soon)"
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 9v6h4l5 4V5L8 9H4z" />
            <path d="M16 8.5a5 5 0 0 1 0 7" />
          </svg>
        </button>
        <DayNight />
        <OnlinePlayers />
        <ConnectionBadge />
        <a className="wl-button wl-button--ghost wl-button--sm game-header__wiki" href="/wiki" target="_blank" rel="noopener">
          Wiki
        </a>
        <button type="button" className="wl-button wl-button--ghost wl-button--sm" onClick={() => void logout()}>
          Logout
        </button>
      </div>
    </header>
  );
}
