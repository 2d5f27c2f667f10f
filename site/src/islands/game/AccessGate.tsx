import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { NO_LOBBY_REASON } from '../../../../api/contract/lobby.ts';
import { $access, pollAccess } from '../../stores/lobby.ts';

/** The gate's own boxes: centred, readable width (the game screen below is full-bleed). */
const box = { maxWidth: '36rem', margin: '3rem auto', display: 'grid', gap: '0.75rem', justifyItems: 'start' } as const;

/**
 * /game's gate: asks the lobby whether the user holds a seat (again every 10 s) and shows `children` only
 * then. Refused users see the server's reason and the way to the lobby; visitors get the landing page.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const state = useStore($access);
  useEffect(() => pollAccess(), []);
  useEffect(() => {
    if (state.status === 'visitor') location.replace('/');
  }, [state.status]);

  switch (state.status) {
    case 'checking':
    case 'visitor':
      return (
        <p role="status" style={box}>
          Checking access...
        </p>
      );
    case 'error':
      return (
        <div className="wl-panel" role="alert" style={box}>
          <p className="wl-error" style={{ margin: 0 }}>
            Failed to check lobby access
          </p>
          <a className="wl-button wl-button--ghost" href="/lobby">
            Go to Lobby
          </a>
        </div>
      );
    case 'answered': {
      const { canAccessGame, reason, queuePosition } = state.access;
      if (canAccessGame) return <>{children}</>;
      return (
        <div className="wl-panel" style={box}>
          <h1 style={{ margin: 0 }}>Access Denied</h1>
          <p style={{ margin: 0 }}>{reason || NO_LOBBY_REASON}</p>
          {queuePosition !== undefined && <p style={{ margin: 0 }}>Queue position: #{queuePosition}</p>}
          <a className="wl-button" href="/lobby">
            Go to Lobby
          </a>
        </div>
      );
    }
  }
}
