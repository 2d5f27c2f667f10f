/**
 * The live connection's plain values: the protocol version, close codes, limits, the reconnect backoff and the
 * exhaustiveness guard. No arktype here, so the page's live client (site/src/game/live/client.ts) imports them
 * without the validator; protocol.ts re-exports them next to the message schemas.
 */

/**
 * Bumped on any incompatible change to the messages (protocol.ts). The browser sends it as `?protocol=` on /ws and the
 * server answers `connected` with its own; a page built for another version is closed with 4002 (reload).
 */
export const PROTOCOL_VERSION = 4;

/** Close codes the server uses, with explicit values (never a bare enum). */
export const Close = {
  normal: 1000,
  /** The server is stopping (deploy, scale-in): reconnect, through the proxy, to another process. */
  goingAway: 1001,
  /** Something failed on the server while opening the connection: reconnect. */
  serverError: 1011,
  tooBig: 1009,
  /** Another tab of the same user took over the connection. */
  replaced: 4001,
  versionMismatch: 4002,
  /** The user lost game access (left the lobby, seat expired). */
  accessLost: 4003,
  rateLimited: 4008,
} as const;

export const WS_MAX_MESSAGE_BYTES = 4096;
/**
 * Moves go out in `players_moved` frames, each with the latest position of every mover in the observer's sight since
 * the last one (and those gone out of it, without a position). A server sends a move as soon as it is idle, but spaces an observer's frames of moves at least
 * MOVE_FLUSH_MIN_MS apart: a quiet world hears a step at once, a crowded one gets about 100 frames a second at most.
 */
export const MOVE_FLUSH_MIN_MS = 10;
/** The fixed beat a server may be set to instead (MOVE_FLUSH_MS=beat): one frame of moves every 25 ms. */
export const MOVE_FANOUT_MS = 25;
/** Token bucket per connection. */
export const WS_RATE_PER_SECOND = 20;
export const WS_RATE_BURST = 40;
export const WS_PING_INTERVAL_MS = 30_000;
export const WS_RECONNECT_BASE_MS = 1000;
export const WS_RECONNECT_CAP_MS = 30_000;
export const WS_RECONNECT_ATTEMPTS = 5;

/** Reconnect delay after `attempt` failures (1-based): 1 s doubled per attempt, capped at 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(WS_RECONNECT_BASE_MS * 2 ** Math.max(0, attempt - 1), WS_RECONNECT_CAP_MS);
}

/** Exhaustiveness guard for switches over the protocol's unions (protocol.ts). */
export function assertNever(value: never): never {
  throw new Error(`Unexpected message: ${JSON.stringify(value)}`);
}
