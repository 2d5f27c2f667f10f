import { logout } from '../../stores/session.ts';
import { DisplayNameEditor } from './character/DisplayNameEditor.tsx';
import { ConnectionBadge } from './ConnectionBadge.tsx';
import { DayNight } from './DayNight.tsx';
import { OnlinePlayers } from './OnlinePlayers.tsx';
import { AudioToggle } from './audio/AudioToggle.tsx';

/** Title, audio settings, day/night and time, who is online, the wiki, logout. */
export function GameHeader() {
  return (
    <header className="game-header">
      <h1 className="game-header__title wl-stencil">Wasteland</h1>
      <div className="game-header__tools">
        <DisplayNameEditor compact />
        <AudioToggle />
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
