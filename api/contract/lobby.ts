import { type } from 'arktype';

/**
 * The lobby as the server and the islands both see it (spec sections 2, 4, 7 and 9).
 * Everything here is imported by both sides; nothing is copied.
 */

/** The lobby page refreshes its status this often (paused while the tab is hidden). */
export const LOBBY_POLL_MS = 2_000;
/** The /game page re-checks its access this often. */
export const ACCESS_POLL_MS = 10_000;
/**
 * While a lobby or game tab is hidden its refresh pauses; instead it sends this slower "still here" call,
 * so switching tabs while waiting in the queue does not lose the place (well inside the seat timeout).
 */
export const HIDDEN_HEARTBEAT_MS = 30_000;

/** Seats per game when MAX_PLAYERS is not set. */
export const DEFAULT_MAX_PLAYERS = 20;
/** A seat or queue place lapses after this long without a lobby call or live-connection heartbeat (LOBBY_SEAT_TIMEOUT_MS). */
export const DEFAULT_SEAT_TIMEOUT_MS = 120_000;

/** Why /game is refused to a user who is neither seated nor queued. */
export const NO_LOBBY_REASON = 'You need to join the lobby first';
/** Why /game is refused to a user who waits in the queue (the answer carries the position too). */
export const IN_QUEUE_REASON = 'You are in the queue';
/** 409 message for lobby-only actions (ready) asked by someone without a seat. */
export const NOT_IN_LOBBY_MESSAGE = 'You are not in the lobby';

/** What POST /api/lobby/join-game did, with explicit wire values. */
export const JoinAction = {
  joinedLobby: 'joined_lobby',
  alreadyInLobby: 'already_in_lobby',
  addedToQueue: 'added_to_queue',
} as const;
export type JoinAction = (typeof JoinAction)[keyof typeof JoinAction];

/** POST /api/lobby/ready */
export const ReadyBody = type({ ready: 'boolean' });
export type ReadyBody = typeof ReadyBody.infer;

/**
 * A seated player, as GET /api/lobby lists them. `name` is what everyone sees (`shownName`: display name, first
 * name, else the account name); e-mail addresses never leave the server in the lobby.
 */
export interface LobbyPlayer {
  id: string;
  name: string;
  /** ISO 8601: when the player took the seat. */
  joinedAt: string;
  isReady: boolean;
}

/** A queued user, as GET /api/lobby lists them (`name` as for LobbyPlayer). */
export interface LobbyQueueEntry {
  id: string;
  name: string;
  /** 1..n, first come first served, no gaps. */
  position: number;
  /** Whole seconds since the user joined the queue. */
  waitTime: number;
}

/** GET /api/lobby */
export interface LobbyStatus {
  players: LobbyPlayer[];
  queue: LobbyQueueEntry[];
  maxPlayers: number;
}

/** POST /api/lobby/join-game */
export interface JoinGameResponse {
  action: JoinAction;
  /** Queue position, only with added_to_queue. */
  position?: number;
}

/** POST /api/lobby/ready */
export interface ReadyResponse {
  isReady: boolean;
}

/** POST /api/lobby/leave: where the caller was before leaving. */
export interface LeaveResponse {
  left: 'lobby' | 'queue' | 'none';
}

/** GET /api/lobby/access */
export interface LobbyAccess {
  canAccessGame: boolean;
  reason?: string;
  queuePosition?: number;
}

/** A wait in whole seconds as m:ss (e.g. 75 → "1:15"); negative or fractional input is clamped and floored. */
export function formatWaitTime(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
