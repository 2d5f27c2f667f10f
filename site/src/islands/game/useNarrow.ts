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

/** A touch screen as the main pointer (a phone or tablet): the page speaks of taps, not keys. */
export const TOUCH_QUERY = '(pointer: coarse)';
const isTouch = () => typeof matchMedia === 'function' && matchMedia(TOUCH_QUERY).matches;

function subscribeTouch(onChange: () => void): () => void {
  const query = matchMedia(TOUCH_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the main pointer is a finger (false while rendered on the server; the browser's answer on hydration). */
export function useTouch(): boolean {
  return useSyncExternalStore(subscribeTouch, isTouch, () => false);
}
