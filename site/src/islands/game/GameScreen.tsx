import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { startGameSession } from '../../game/session/game-session.ts';
import { $init } from '../../stores/game.ts';
import { ChatOverlay } from './chat/ChatOverlay.tsx';
import { TakenOverNotice } from './ConnectionNotice.tsx';
import { GameHeader } from './GameHeader.tsx';
import { InitScreen } from './InitScreen.tsx';
import { MapView } from './MapView.tsx';
import { MobileBar } from './MobileBar.tsx';
import { Sidebar } from './Sidebar.tsx';

/** The game screen: header, the map filling the rest, the sidebar (desktop) or bottom bar (mobile). */
export function GameScreen() {
  const init = useStore($init);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (attempt + 1) must start a fresh session
  useEffect(() => startGameSession(), [attempt]);

  if (init.phase !== 'ready') return <InitScreen state={init} onRetry={() => setAttempt((n) => n + 1)} />;
  return (
    <div className="game">
      <GameHeader />
      <div className="game-body">
        <MapView />
        <Sidebar />
        <ChatOverlay />
        <TakenOverNotice />
      </div>
      <MobileBar />
    </div>
  );
}
