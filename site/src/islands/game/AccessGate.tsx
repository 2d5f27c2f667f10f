import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { NO_LOBBY_REASON, NOT_SEATED_HERE_REASON } from '../../../../api/game/lobby.ts';
import { gameHref } from '../../lib/world-choice.ts';
import { $access, pollAccess } from '../../stores/access.ts';
import { GameFrame, GameStatus } from './GameFrame.tsx';
import { WaitFrame } from './WaitFrame.tsx';

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
        <WaitFrame>
          <GameStatus loading>
            <p>Checking access...</p>
          </GameStatus>
        </WaitFrame>
      );
    case 'error':
      return (
        <GameFrame>
          <GameStatus kind="alert" panel>
            <p className="wl-error">Failed to check lobby access</p>
            <a className="wl-button wl-button--ghost" href="/lobby">
              Go to Lobby
            </a>
          </GameStatus>
        </GameFrame>
      );
    case 'answered': {
      const { canAccessGame, reason, queuePosition, worldId } = state.access;
      if (canAccessGame) return <>{children}</>;
      // A seat in another world (the address named this one): say so, and offer both ways on.
      const elsewhere = reason === NOT_SEATED_HERE_REASON;
      return (
        <GameFrame>
          <GameStatus kind="page" panel>
            <h1>Access Denied</h1>
            <p>{reason || NO_LOBBY_REASON}</p>
            {elsewhere && (
              <p className="wl-muted">Your seat is in another world. Pick a world in the lobby, or go to your own.</p>
            )}
            {queuePosition !== undefined && <p>Queue position: #{queuePosition}</p>}
            <div className="game-status__actions">
              <a className="wl-button" href="/lobby">
                Go to Lobby
              </a>
              {elsewhere && worldId !== undefined && (
                <a className="wl-button wl-button--ghost" href={gameHref(worldId)}>
                  Go to Your World
                </a>
              )}
            </div>
          </GameStatus>
        </GameFrame>
      );
    }
  }
}
