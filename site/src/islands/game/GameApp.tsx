import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $session, loadSession } from '../../stores/session.ts';
import { AccessGate } from './AccessGate.tsx';
import { GameScreen } from './GameScreen.tsx';
import { Toaster } from './toast/Toaster.tsx';
import './game.css';

/** /game: 'Loading...' while the session loads, then the lobby gate, then the game screen. */
export default function GameApp() {
  const session = useStore($session);
  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    // Visitors see the landing page, as the spec says.
    if (session.status === 'visitor') location.replace('/');
  }, [session.status]);

  return (
    <>
      {session.status !== 'signed-in' ? (
        <p role="status" className="game-loading">
          Loading...
        </p>
      ) : (
        <AccessGate>
          <GameScreen />
        </AccessGate>
      )}
      <Toaster />
    </>
  );
}
