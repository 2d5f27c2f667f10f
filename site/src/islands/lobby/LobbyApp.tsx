/// <reference types="vite/client" />
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $lobby, $myPlace, pollLobby } from '../../stores/lobby.ts';
import { $session, loadSession, logout } from '../../stores/session.ts';
import { LobbyActions } from './LobbyActions.tsx';
import { Notice } from './Notice.tsx';
import { PlayerList } from './PlayerList.tsx';
import { QueueList } from './QueueList.tsx';
import { ServerStatus } from './ServerStatus.tsx';
import { WorldList } from './WorldList.tsx';
import './lobby.css';

/** /lobby: the worlds, who is in the user's world, who waits, and the user's own seat or place (refreshed every 2 s). */
export default function LobbyApp() {
  const session = useStore($session);
  const lobby = useStore($lobby);
  const place = useStore($myPlace);

  useEffect(() => {
    void loadSession();
  }, []);
  const signedIn = session.status === 'signed-in';
  useEffect(() => (signedIn ? pollLobby() : undefined), [signedIn]);

  if (session.status === 'visitor' || lobby.status === 'visitor') {
    return <Notice title="Authentication Required" message="Please log in to access the lobby" />;
  }
  if (session.status === 'error' || lobby.status === 'error') {
    return <Notice title="Connection Error" message="Failed to load lobby status" />;
  }

  return (
    <div className="lobby">
      <header className="lobby-header">
        <h1>Wasteland Lobby</h1>
        {signedIn && (
          <button type="button" className="wl-button wl-button--ghost" onClick={() => void logout()}>
            Exit
          </button>
        )}
      </header>
      {lobby.status !== 'loaded' || !signedIn ? (
        <p role="status">Loading lobby status...</p>
      ) : (
        <>
          <LobbyActions place={place} />
          <WorldList seatWorldId={place.kind === 'seated' ? place.worldId : null} homeWorldId={lobby.data.homeWorldId} />
          <ServerStatus lobby={lobby.data} />
          <PlayerList players={lobby.data.players} maxPlayers={lobby.data.maxPlayers} meId={session.user.id} />
          <QueueList queue={lobby.data.queue} meId={session.user.id} />
        </>
      )}
    </div>
  );
}
