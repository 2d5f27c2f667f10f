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
  const signedIn = session.status === 'signed-in';
  useEffect(() => {
    // Warm the WASM core's chunk worker (terrain is generated off the main thread); loaded lazily.
    if (!signedIn) return;
    let worker: { terminate(): void } | undefined;
    let cancelled = false;
    void import('../../lib/core.ts').then(({ createCoreWorker }) => {
      if (!cancelled) worker = createCoreWorker();
    });
    return () => {
      cancelled = true;
      worker?.terminate();
    };
  }, [signedIn]);

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
