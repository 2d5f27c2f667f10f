import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $session, loadSession, logout } from '../../stores/session.ts';
import { AccessGate } from './AccessGate.tsx';

export default function GameApp() {
  const session = useStore($session);
  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    // Visitors see the landing page, as the spec says.
    if (session.status === 'visitor') location.replace('/');
  }, [session.status]);

  if (session.status !== 'signed-in') return <p>Loading...</p>;
  return (
    <AccessGate>
      <div className="wl-panel">
        <h1>Wasteland</h1>
        <button type="button" className="wl-button wl-button--ghost" onClick={() => void logout()}>
          Logout
        </button>
      </div>
    </AccessGate>
  );
}
