import { type } from 'arktype';
import type { JoinAction } from '../game/lobby.ts';
import type { WorldState } from '../game/worlds.ts';
import { worldIdText } from './text.ts';

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
  NOT_SEATED_HERE_REASON,
} from '../game/lobby.ts';
export {
  UNKNOWN_WORLD_MESSAGE,
  WORLD_CLOSED_MESSAGE,
  WORLD_FULL_MESSAGE,
  type WorldState,
} from '../game/worlds.ts';

/**
 * POST /api/lobby/join-game: optionally the world picked from the list (else the placement rule picks). An object, not
 * an array (an object type whose keys are all optional would let `[]` through).
 */
export const JoinBody = type({ 'worldId?': worldIdText }).narrow((v, ctx) => !Array.isArray(v) || ctx.mustBe('an object'));
export type JoinBody = typeof JoinBody.infer;

/** GET /api/lobby and GET /api/lobby/access: `?worldId=` names the world asked about. */
export const LobbyWorldQuery = type({ 'worldId?': worldIdText });
export type LobbyWorldQuery = typeof LobbyWorldQuery.infer;

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

/**
 * GET /api/lobby?worldId=: that world's seated players (the caller's own world when not named, else `default`) and
 * the deployment's queue; `maxPlayers` is that world's seats.
 */
export interface LobbyStatus {
  players: LobbyPlayer[];
  queue: LobbyQueueEntry[];
  maxPlayers: number;
  worldId: string;
  worldName: string;
  /** The world of the caller's most recently seen survivor (their home world), null before they have one. */
  homeWorldId: string | null;
}

/**
 * POST /api/lobby/join-game. `action` as before; `worldId` is the world of the seat (null while queued), `seated`
 * says which, `position` is the queue position (null when seated).
 */
export interface JoinGameResponse {
  action: JoinAction;
  worldId: string | null;
  seated: boolean;
  position: number | null;
}

/** One world as GET /api/worlds lists it: public counts, no player names. */
export interface WorldSummary {
  id: string;
  name: string;
  seated: number;
  maxPlayers: number;
  state: WorldState;
}

/** GET /api/worlds (public): every world, oldest first, and the deployment's totals for the landing page. */
export interface WorldsList {
  worlds: WorldSummary[];
  /** Players seated now over all worlds. */
  online: number;
  /** Worlds not closed (open or full). */
  open: number;
}

/** GET /api/worlds's answer as a response schema (and the admin routes', api/contract/admin.ts). */
export const WorldSummaryBody = type({
  id: 'string',
  name: 'string',
  seated: 'number',
  maxPlayers: 'number',
  state: "'open' | 'full' | 'closed'",
});
export const WorldsListBody = type({ worlds: WorldSummaryBody.array(), online: 'number', open: 'number' });

/** POST /api/lobby/ready */
export interface ReadyResponse {
  isReady: boolean;
}

/** POST /api/lobby/leave: where the caller was before leaving. */
export interface LeaveResponse {
  left: 'lobby' | 'queue' | 'none';
}

/**
 * GET /api/lobby/access?worldId= (default `default`): granted only for the world the caller is seated in. `worldId`
 * is the caller's seat's world whenever they hold one (granted, or refused with NOT_SEATED_HERE_REASON).
 */
export interface LobbyAccess {
  canAccessGame: boolean;
  reason?: string;
  queuePosition?: number;
  worldId?: string;
}
