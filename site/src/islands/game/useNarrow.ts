import { useSyncExternalStore } from 'react';
import { PHONE_MAX_WIDTH } from '../../game/map/camera.ts';

/** The phone layout's media query (game.css switches to the bottom bar at the same width). */
export const NARROW_QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;

export const isNarrow = () => typeof matchMedia === 'function' && matchMedia(NARROW_QUERY).matches;

function subscribe(onChange: () => void): () => void {
  const query = matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the game is in its phone layout now (re-renders when the window crosses the width). */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
