import { useStore } from '@nanostores/react';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { startGameSession } from '../../game/session/game-session.ts';
import { $gameWorld } from '../../stores/access.ts';
import { $init, $mapDrawn } from '../../stores/game.ts';
import { GameFrame } from './GameFrame.tsx';
import { InitScreen } from './InitScreen.tsx';
import { FirstRunGuide } from './FirstRunGuide.tsx';
import { HeaderTools, MapExtras, MobileBar, Overlays, Sidebar } from './later.ts';
import { MapView } from './MapView.tsx';
import { BarSlot, WaitFrame } from './WaitFrame.tsx';

/**
 * The game screen: header, the map filling the rest, the sidebar (desktop) or bottom bar (mobile). The map comes
 * first; the panels, the header's tools and the notices load once it has drawn, into places kept for them (the
 * sidebar's column, the bar's height), so they move nothing when they arrive.
 */
export function GameScreen() {
  const init = useStore($init);
  const drawn = useStore($mapDrawn);
  const { worldId } = useStore($gameWorld);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (attempt + 1) must start a fresh session
  useEffect(() => startGameSession(worldId), [attempt, worldId]);

  if (init.phase === 'error') {
    return (
      <GameFrame>
        <InitScreen state={init} onRetry={() => setAttempt((n) => n + 1)} />
      </GameFrame>
    );
  }
  if (init.phase !== 'ready') {
    return (
      <WaitFrame>
        <InitScreen state={init} onRetry={() => setAttempt((n) => n + 1)} />
      </WaitFrame>
    );
  }
  const later = (node: ReactNode, kept: ReactNode = null) => <Suspense fallback={kept}>{drawn ? node : kept}</Suspense>;
  // The sidebar's place, headed by the first-run guide as the sidebar is.
  const sidebarSlot = (
    <aside className="game-sidebar" aria-label="Survivor">
      <FirstRunGuide placement="sidebar" />
    </aside>
  );
  return (
    <GameFrame tools={later(<HeaderTools />)} bar={later(<MobileBar />, <BarSlot />)} guide={<FirstRunGuide placement="map" />}>
      <MapView extras={later(<MapExtras />)} />
      {later(<Sidebar />, sidebarSlot)}
      {later(<Overlays />)}
    </GameFrame>
  );
}
