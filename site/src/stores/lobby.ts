import { atom, computed } from 'nanostores';
import type { LobbyStatus, WorldSummary } from '../../../api/contract/lobby.ts';
import { JoinAction, LOBBY_POLL_MS } from '../../../api/game/lobby.ts';
import { gameHref } from '../lib/world-choice.ts';
import { api, unwrap } from '../lib/api.ts';
import { hiddenHeartbeat, pollWhileVisible } from './access.ts';
import { $session } from './session.ts';

export { pollWhileVisible } from './access.ts';

/** What the lobby page knows. `error` only while nothing has loaded yet; a failed refresh keeps the last data. */
export type LobbyState =
  | { status: 'loading' }
  | { status: 'visitor' }
  | { status: 'loaded'; data: LobbyStatus }
  | { status: 'error'; message: string };

export const $lobby = atom<LobbyState>({ status: 'loading' });
/** A Join Game request is under way ('Joining...'). */
export const $joining = atom(false);
/** A ready toggle or leave request is under way (their buttons are disabled meanwhile). */
export const $lobbyBusy = atom(false);
/** The deployment's worlds (GET /api/worlds); null until the first answer. A failed refresh keeps the last. */
export const $worlds = atom<WorldSummary[] | null>(null);
/** Why the last Join was refused (a full or closed world, say), shown by the world list; null when none was. */
export const $joinError = atom<string | null>(null);

/** The signed-in user's place, derived from the last lobby status. */
export type MyPlace =
  | { kind: 'unknown' }
  | { kind: 'seated'; worldId: string; worldName: string }
  | { kind: 'queued'; position: number; waitTime: number }
  | { kind: 'none' };

export const $myPlace = computed([$lobby, $session], (lobby, session): MyPlace => {
  if (lobby.status !== 'loaded' || session.status !== 'signed-in') return { kind: 'unknown' };
  const me = session.user.id;
  const seat = lobby.data.players.find((p) => p.id === me);
  // Asked without ?worldId=, the lobby lists the caller's own world: a seat found there is in that world.
  if (seat) return { kind: 'seated', worldId: lobby.data.worldId, worldName: lobby.data.worldName };
  const place = lobby.data.queue.find((q) => q.id === me);
  if (place) return { kind: 'queued', position: place.position, waitTime: place.waitTime };
  return { kind: 'none' };
});

const statusOf = (err: unknown) => (err as { status?: number }).status;

let refreshing: Promise<void> | null = null;
/** Set while leaving: a poll reaching the server after the leave would join the user straight back. */
let leaving = false;

async function fetchLobby(): Promise<void> {
  try {
    const data = await unwrap(api.api.lobby.get());
    $lobby.set({ status: 'loaded', data });
  } catch (err) {
    if (statusOf(err) === 401) return $lobby.set({ status: 'visitor' });
    if ($lobby.get().status === 'loaded') return console.warn('Lobby refresh failed; showing the last status', err);
    $lobby.set({ status: 'error', message: (err as Error).message });
  }
}

/** GET /api/lobby (which also joins a newcomer and counts as being seen); one request at a time. */
export function refreshLobby(): Promise<void> {
  if (leaving) return Promise.resolve();
  refreshing ??= fetchLobby().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** After a change: let a refresh that started before it finish, then fetch the new state. */
async function refreshAfterChange(): Promise<void> {
  await refreshing;
  await refreshLobby();
}

/** GET /api/worlds: the list the lobby shows (public counts). A failure keeps the last list. */
export async function refreshWorlds(): Promise<void> {
  if (leaving) return;
  try {
    $worlds.set((await unwrap(api.api.worlds.get())).worlds);
  } catch (err) {
    console.warn('World list refresh failed; showing the last one', err);
  }
}

/** The server's message of a failed call ("409: That world is full" → "That world is full"). */
export function refusalText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/^\d{3}: /, '') || 'Could not join';
}

/**
 * Join Game, or Join on one world of the list (`worldId`; a seat held elsewhere moves there): a seat goes to that
 * world's game; a queue place shows up in the lobby. A refusal (full, closed, unknown world) is shown by the list.
 */
export async function joinGame(worldId?: string): Promise<void> {
  if ($joining.get()) return;
  $joining.set(true);
  $joinError.set(null);
  try {
    const joined = await unwrap(api.api.lobby['join-game'].post(worldId === undefined ? undefined : { worldId }));
    if ((joined.action === JoinAction.joinedLobby || joined.action === JoinAction.alreadyInLobby) && joined.worldId !== null) {
      location.href = gameHref(joined.worldId);
      return;
    }
    await refreshAfterChange();
  } catch (err) {
    console.error('Failed to join the game', err);
    $joinError.set(refusalText(err));
    await Promise.all([refreshAfterChange(), refreshWorlds()]);
  }
  $joining.set(false);
}

/** Leave Lobby / Leave Queue, then home. Polling stops first and a refresh in flight is let finish, so it cannot re-join. */
export async function leaveLobby(): Promise<void> {
  if ($lobbyBusy.get()) return;
  $lobbyBusy.set(true);
  leaving = true;
  try {
    await refreshing;
    await unwrap(api.api.lobby.leave.post());
    location.href = '/';
  } catch (err) {
    console.error('Failed to leave the lobby', err);
    leaving = false;
    $lobbyBusy.set(false);
  }
}

/** The lobby page's refresh loop: every 2 s while visible, a heartbeat while hidden. */
export const pollLobby = () =>
  pollWhileVisible(
    async () => {
      // The lobby first: it may seat a newcomer, whom the world list then counts.
      await refreshLobby();
      await refreshWorlds();
    },
    LOBBY_POLL_MS,
    { hidden: hiddenHeartbeat },
  );
