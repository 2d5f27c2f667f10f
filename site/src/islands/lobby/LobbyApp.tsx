import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { shownName } from '../../../../api/contract/auth.ts';
import { $session, loadSession, logout } from '../../stores/session.ts';

export default function LobbyApp() {
  const session = useStore($session);
  useEffect(() => {
    void loadSession();
  }, []);

  if (session.status === 'loading') return <p>Loading lobby status...</p>;
  if (session.status === 'visitor') {
    return (
      <div className="wl-panel">
        <h1>Authentication Required</h1>
        <p>Please log in to access the lobby</p>
        <a className="wl-button" href="/">Return to Home</a>
      </div>
    );
  }
  if (session.status === 'error') {
    return (
      <div className="wl-panel">
        <h1>Connection Error</h1>
        <p>Failed to load lobby status</p>
        <a className="wl-button" href="/">Return to Home</a>
      </div>
    );
  }
  return (
    <div className="wl-panel">
      <h1>Lobby</h1>
      <p>Signed in as {shownName(session.user)}</p>
      <button type="button" className="wl-button wl-button--ghost" onClick={() => void logout()}>
        Exit
      </button>
    </div>
  );
}
