import { logout } from '../../stores/session.ts';
import { DisplayNameEditor } from './character/DisplayNameEditor.tsx';
import { ConnectionBadge } from './ConnectionBadge.tsx';
import { DayNight } from './DayNight.tsx';
import { OnlinePlayers } from './OnlinePlayers.tsx';
import { AudioToggle } from './audio/AudioToggle.tsx';
import { NotificationBell } from './NotificationBell.tsx';

/** The header's name editor (phones) and tools. */
export function HeaderTools() {
  return (
    <>
      <DisplayNameEditor compact />
      <div className="game-header__tools">
        <NotificationBell />
        <AudioToggle />
        <DayNight />
        <OnlinePlayers />
        <ConnectionBadge />
        <a className="wl-button wl-button--ghost wl-button--sm game-header__wiki" href="/wiki" target="_blank" rel="noopener">
          Wiki
        </a>
        <button
          type="button"
          className="wl-button wl-button--ghost wl-button--sm game-header__logout"
          onClick={() => void logout()}
        >
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10" />
          </svg>
          <span className="game-header__logout-text">Logout</span>
        </button>
      </div>
    </>
  );
}
