import { type } from 'arktype';
import type { JoinAction } from '../game/lobby.ts';

/**
 * The lobby as the server and the islands both see it (spec sections 2, 4, 7 and 9).
 * Everything here is imported by both sides; nothing is copied.
 */

/** The lobby's numbers, texts and wire values live in api/game/lobby.ts (plain, for the pages); read them here too. */
export {
  ACCESS_POLL_MS,
  DEFAULT_MAX_PLAYERS,
  DEFAULT_SEAT_TIMEOUT_MS,
  formatWaitTime,
  HIDDEN_HEARTBEAT_MS,
  IN_QUEUE_REASON,
  JoinAction,
  LOBBY_POLL_MS,
  NO_LOBBY_REASON,
  NOT_IN_LOBBY_MESSAGE,
} from '../game/lobby.ts';

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
