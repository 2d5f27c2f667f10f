import type { ReactNode } from 'react';
import { FirstRunGuide } from './FirstRunGuide.tsx';
import { GameFrame } from './GameFrame.tsx';

/** The phone bar's place: kept from the first wait on, so the body (and the guide sized by it) keeps its height. */
export const BarSlot = () => <div className="game-bar-slot" aria-hidden="true" />;

/**
 * A wait on /game (the session loading, the seat being checked, the world initializing): the frame with the phone's
 * first-run guide and the bar's place. A new player reads the first steps while it lasts, and the guide is the first
 * screen's largest text from its first moment (Lighthouse's LCP on a phone) instead of arriving with the map.
 */
export function WaitFrame({ children }: { children: ReactNode }) {
  return (
    <GameFrame guide={<FirstRunGuide placement="map" />} bar={<BarSlot />}>
      {children}
    </GameFrame>
  );
}
