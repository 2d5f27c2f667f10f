import type { LobbyAccess, LobbyPlayer, LobbyQueueEntry, LobbyStatus } from '../contract/lobby.ts';
import { shownName } from './accounts.ts';

/**
 * The lobby's rules, pure: no database, no clock, no framework. The lobby service feeds them what it read
 * (the caller's own entry, the seat counts) and writes back what they decide. Its numbers, texts and wire values
 * come first: the lobby and game pages import them from here (api/contract/lobby.ts re-exports them with its schema).
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
/** Why a world's game (REST routes, /ws) is refused to a user seated in another world, or in none. */
export const NOT_SEATED_HERE_REASON = 'You are not seated in this world';
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

/** A wait in whole seconds as m:ss (e.g. 75 → "1:15"); negative or fractional input is clamped and floored. */
export function formatWaitTime(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export interface LobbyLimits {
  /** Seats in the game. */
  maxPlayers: number;
  /** A seat or queue place lapses when its holder has not been seen for longer than this. */
  seatTimeoutMs: number;
}

/** One lobby row as the rules need it; `seatedAt` null means the user waits in the queue. */
export interface LobbyEntryFacts {
  userId: string;
  /** Arrival order (first come, first served). */
  seq: number;
  enteredAt: Date;
  seatedAt: Date | null;
  isReady: boolean;
  lastSeenAt: Date;
}

/**
 * Where one user stands, as read from their own row: null when they hold no live entry (none, or lapsed);
 * `queuePosition` is set for a queued user (entries waiting ahead of them, plus one).
 */
export interface OwnEntry {
  seatedAt: Date | null;
  lastSeenAt: Date;
  queuePosition: number | null;
  /** The world of the seat (null while queued). */
  worldId: string | null;
}

/** A lobby row with what is needed to name its user to everyone (no e-mail: it is private). */
export interface LobbyEntryWithNames extends LobbyEntryFacts {
  displayName: string | null;
  firstName: string | null;
  username: string;
}

/** Where a user stands. Queue positions are derived from arrival order, never stored. */
type Membership = { kind: 'none' } | { kind: 'seated' } | { kind: 'queued'; position: number };

/**
 * Heartbeats (lobby polls, access checks, the live socket's audit) rewrite `last_seen_at` only once the stored time
 * is older than this share of the seat timeout: 12 s of the default 2 minutes. So a user who polls every 2 s, or
 * whose socket is audited every 5 s, costs one row write per 12 s instead of one per call, and N idle players are
 * not N writes every few seconds. The price: the stored time can be up to that much older than the last contact,
 * so a seat lapses between 90% and 100% of the timeout after its holder was last seen (108–120 s by default),
 * never later. A tenth keeps that early margin small beside every client cadence (hidden tabs heartbeat every 30 s,
 * so a hidden tab still writes on each heartbeat and keeps its margin for missed ones).
 */
export const LAST_SEEN_GRANULARITY = 1 / 10;

/** A heartbeat at `now` writes only when the stored last-seen time is before this instant. */
export function lastSeenStaleBefore(now: Date, seatTimeoutMs: number): Date {
  return new Date(now.getTime() - Math.floor(seatTimeoutMs * LAST_SEEN_GRANULARITY));
}

/** Entries last seen strictly before this instant have lapsed. */
export function expiryCutoff(now: Date, seatTimeoutMs: number): Date {
  return new Date(now.getTime() - seatTimeoutMs);
}

export function hasLapsed(lastSeenAt: Date, now: Date, seatTimeoutMs: number): boolean {
  return lastSeenAt.getTime() < expiryCutoff(now, seatTimeoutMs).getTime();
}

/** The user's place, from their own live entry (null: none). */
function membershipOf(own: Pick<OwnEntry, 'seatedAt' | 'queuePosition'> | null): Membership {
  if (!own) return { kind: 'none' };
  if (own.seatedAt) return { kind: 'seated' };
  return { kind: 'queued', position: own.queuePosition ?? 1 };
}

/** Whole seconds from `since` to `now`, never negative. */
export function waitSeconds(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000));
}

/** May the user open /game? Only with a seat. */
function accessFor(membership: Membership): LobbyAccess {
  switch (membership.kind) {
    case 'seated':
      return { canAccessGame: true };
    case 'queued':
      return { canAccessGame: false, reason: IN_QUEUE_REASON, queuePosition: membership.position };
    case 'none':
      return { canAccessGame: false, reason: NO_LOBBY_REASON };
  }
}

/**
 * May the user open this world's game (its REST routes, /ws)? Only with a seat in that very world: a seat in another
 * world grants nothing here, and the answer says where the seat is; queued and absent users get `accessFor`'s reasons.
 */
export function accessToWorld(
  own: Pick<OwnEntry, 'seatedAt' | 'queuePosition' | 'worldId'> | null,
  worldId: string,
): LobbyAccess {
  const membership = membershipOf(own);
  if (membership.kind !== 'seated' || !own) return accessFor(membership);
  if (own.worldId === worldId) return { canAccessGame: true, worldId };
  return {
    canAccessGame: false,
    reason: NOT_SEATED_HERE_REASON,
    ...(own.worldId === null ? {} : { worldId: own.worldId }),
  };
}

/** GET /api/lobby's answer: seated players by seating time, the queue in arrival order with positions 1..n. */
export function buildStatus(
  entries: readonly LobbyEntryWithNames[],
  now: Date,
  maxPlayers: number,
  world: { worldId: string; worldName: string },
): Omit<LobbyStatus, 'homeWorldId'> {
  const bySeq = [...entries].sort((a, b) => a.seq - b.seq);
  const players: LobbyPlayer[] = bySeq
    .filter((e) => e.seatedAt !== null)
    .sort((a, b) => a.seatedAt!.getTime() - b.seatedAt!.getTime() || a.seq - b.seq)
    .map((e) => ({
      id: e.userId,
      name: shownName(e),
      joinedAt: e.seatedAt!.toISOString(),
      isReady: e.isReady,
    }));
  const queue: LobbyQueueEntry[] = bySeq
    .filter((e) => e.seatedAt === null)
    .map((e, i) => ({
      id: e.userId,
      name: shownName(e),
      position: i + 1,
      waitTime: waitSeconds(e.enteredAt, now),
    }));
  return { players, queue, maxPlayers, ...world };
}
