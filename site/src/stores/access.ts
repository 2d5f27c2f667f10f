/**
 * The /game gate's knowledge of lobby access, and the visible-only polling the lobby page shares. Plain fetch
 * (lib/fetch.ts), not the Eden client: the gate runs before the map has drawn, in the page's first JavaScript.
 */
import { atom } from 'nanostores';
import type { LobbyAccess } from '../../../api/contract/lobby.ts';
import { ACCESS_POLL_MS, HIDDEN_HEARTBEAT_MS } from '../../../api/game/lobby.ts';
import { getJson } from '../lib/fetch.ts';
import { afterAccess, firstPick, gameHref, type WorldPick } from '../lib/world-choice.ts';

const ACCESS_PATH = '/api/lobby/access';

/** The /game gate's knowledge. `error` only while no answer has arrived yet. */
export type AccessState =
  | { status: 'checking' }
  | { status: 'visitor' }
  | { status: 'answered'; access: LobbyAccess }
  | { status: 'error'; message: string };

export const $access = atom<AccessState>({ status: 'checking' });

/** The world /game is about (world-choice.ts): the URL's, else the seat's once the first answer names it. */
export const $gameWorld = atom<WorldPick>(firstPick(typeof location === 'undefined' ? '' : location.search));

/**
 * GET /api/lobby/access?worldId= for the game's world (counts as being seen, never joins). A page opened without
 * `?world=` follows the seat to its world once, and the address says which.
 */
export async function checkAccess(): Promise<void> {
  try {
    const pick = $gameWorld.get();
    const access = await getJson<LobbyAccess>(ACCESS_PATH, { worldId: pick.worldId });
    const next = afterAccess(pick, access);
    if (next.worldId !== pick.worldId) {
      $gameWorld.set(next);
      history.replaceState(history.state, '', gameHref(next.worldId));
      return checkAccess();
    }
    if (next.pinned !== pick.pinned) $gameWorld.set(next);
    $access.set({ status: 'answered', access });
  } catch (err) {
    if ((err as { status?: number }).status === 401) return $access.set({ status: 'visitor' });
    if ($access.get().status === 'answered') return console.warn('Access re-check failed; keeping the last answer', err);
    $access.set({ status: 'error', message: (err as Error).message });
  }
}

type VisibilityDoc = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;

export interface PollOptions {
  /** While the page is hidden, run this lighter tick at this slower rate instead (e.g. a presence heartbeat). */
  hidden?: { tick: () => Promise<unknown> | unknown; intervalMs: number };
  doc?: VisibilityDoc;
}

/** Runs `tick` every `intervalMs`, never overlapping a tick still under way; returns the stop function. */
function every(tick: () => Promise<unknown> | unknown, intervalMs: number, now: boolean): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await tick();
    } finally {
      running = false;
    }
  };
  if (now) void run();
  const timer = setInterval(run, intervalMs);
  return () => clearInterval(timer);
}

/**
 * Runs `tick` now and every `intervalMs` while the page is visible. Hiding the tab pauses it (and starts the
 * optional slower `hidden` tick); showing it again ticks at once and resumes. Returns the stop function.
 */
export function pollWhileVisible(
  tick: () => Promise<unknown> | unknown,
  intervalMs: number,
  { hidden, doc = document }: PollOptions = {},
): () => void {
  let stopCurrent: (() => void) | undefined;
  let mode: 'visible' | 'hidden' | undefined;
  const apply = () => {
    const next = doc.visibilityState === 'hidden' ? 'hidden' : 'visible';
    if (next === mode) return;
    mode = next;
    stopCurrent?.();
    stopCurrent =
      next === 'visible' ? every(tick, intervalMs, true) : hidden ? every(hidden.tick, hidden.intervalMs, false) : undefined;
  };
  doc.addEventListener('visibilitychange', apply);
  apply();
  return () => {
    stopCurrent?.();
    doc.removeEventListener('visibilitychange', apply);
  };
}

/** While a lobby or game tab is hidden: only say "still here", so the seat or queue place does not lapse. */
async function heartbeat(): Promise<void> {
  try {
    await getJson<LobbyAccess>(ACCESS_PATH);
  } catch (err) {
    console.warn('Lobby heartbeat failed', err);
  }
}
export const hiddenHeartbeat = { tick: heartbeat, intervalMs: HIDDEN_HEARTBEAT_MS };

/** The /game gate's re-check loop: every 10 s while visible, a heartbeat while hidden. */
export const pollAccess = () => pollWhileVisible(checkAccess, ACCESS_POLL_MS, { hidden: hiddenHeartbeat });
