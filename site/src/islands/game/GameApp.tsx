import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { prefetchFirstLoads } from '../../game/session/first-loads.ts';
import { $gameWorld } from '../../stores/access.ts';
import { $mapDrawn } from '../../stores/game.ts';
import { $session, loadSession } from '../../stores/session.ts';
import { AccessGate } from './AccessGate.tsx';
import { GameStatus } from './GameFrame.tsx';
import { GameScreen } from './GameScreen.tsx';
import { $toast } from '../../stores/toast.ts';
import { WaitFrame } from './WaitFrame.tsx';
import './game.css';

/** Fetched with the panels, or sooner when a toast comes first: it is not needed to show the map. */
const Toaster = lazy(() => import('./toast/Toaster.tsx').then((m) => ({ default: m.Toaster })));

/**
 * /game: 'Loading...' while the session loads, then the lobby gate, then the game screen, all in one frame
 * (GameFrame.tsx); game.astro shows the same 'Loading...' before this script runs.
 */
export default function GameApp() {
  const session = useStore($session);
  const toasted = useStore($toast) !== null;
  const drawn = useStore($mapDrawn);
  useEffect(() => {
    // Once the first screen (a phone's first-run guide with it) has painted: the sign-in check, and beside it rather
    // than after it and the lobby gate, the map's first loads. Sooner, they would only compete with that first paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        void loadSession();
        // The URL's world, else default (most seats): a seat elsewhere loads afresh once the gate has followed it.
        prefetchFirstLoads($gameWorld.get().worldId);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  useEffect(() => {
    // Visitors see the landing page, as the spec says.
    if (session.status === 'visitor') location.replace('/');
  }, [session.status]);

  return (
    <>
      {session.status !== 'signed-in' ? (
        <WaitFrame>
          <GameStatus loading>
            <p>Loading...</p>
          </GameStatus>
        </WaitFrame>
      ) : (
        <AccessGate>
          <GameScreen />
        </AccessGate>
      )}
      {(drawn || toasted) && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
