import { type } from 'arktype';
import type { PlayerInfo, TimeInfo } from './world.ts';

/** Bumped on any incompatible change to the messages below; sent first in `connected`. */
export const PROTOCOL_VERSION = 1;

/** Close codes the server uses, with explicit values (never a bare enum). */
export const Close = {
  normal: 1000,
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
 * Moves are fanned out in ticks: each sector's moves of the last tick go out as one `players_moved` frame, so an
 * observer gets ~40 frames a second however many survivors walk around it.
 */
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

/** What the browser may send. Anything else is answered with an `error` frame. */
export const ClientMessage = type({ type: "'ping'" }).or({
  type: "'player_move'",
  x: 'number',
  y: 'number',
});
export type ClientMessage = typeof ClientMessage.infer;

/** A survivor as the live layer shows it; x and y only when inside the viewer's interest area. */
export type LivePlayer = Pick<PlayerInfo, 'id' | 'name' | 'displayName' | 'color'> & { x?: number; y?: number };

/** What the server sends. A closed union: clients switch on `type`. */
export type ServerMessage =
  | { type: 'connected'; protocolVersion: number; worldId: string; playerId: string }
  | { type: 'players_list'; players: LivePlayer[] }
  | { type: 'player_joined'; player: LivePlayer }
  | { type: 'player_left'; playerId: string }
  | { type: 'player_moved'; playerId: string; x: number; y: number }
  /** Moves gathered over one fan-out tick (MOVE_FANOUT_MS): the latest position of each mover in range. */
  | { type: 'players_moved'; moves: { playerId: string; x: number; y: number }[] }
  | { type: 'move_rejected'; x: number; y: number; reason: string }
  | { type: 'time_update'; time: TimeInfo }
  | { type: 'poi_updated'; poi: { id: string; currentSignificance: number; hasShelter?: boolean } }
  | { type: 'settlement_updated'; settlement: { id: string } & Record<string, unknown> }
  | { type: 'settlement_created'; settlement: { id: string } & Record<string, unknown> }
  | { type: 'inventory_updated' }
  | { type: 'chat_message'; message: { id: string; displayName: string; message: string; createdAt: string } }
  | {
      type: 'npc_movement_journey';
      npcId: string;
      startX: number;
      startY: number;
      targetX: number;
      targetY: number;
      duration: number;
      purpose: string;
    }
  | { type: 'npc_arrival'; npcId: string; x: number; y: number }
  | { type: 'pong'; serverTime: number }
  | { type: 'error'; message: string };

export type ServerMessageType = ServerMessage['type'];

/** Parses one frame from the browser: a typed message, or the reason it is not one. */
export function parseClientMessage(raw: unknown): { ok: true; message: ClientMessage } | { ok: false; error: string } {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false, error: 'Malformed frame: expected JSON' };
    }
  } else if (raw instanceof ArrayBuffer || ArrayBuffer.isView(raw)) {
    return { ok: false, error: 'Binary frames are not supported' };
  }
  const parsed = ClientMessage(value);
  if (parsed instanceof type.errors) return { ok: false, error: `Unknown or invalid message: ${parsed.summary}` };
  if (!Number.isFinite(parsed.type === 'player_move' ? parsed.x + parsed.y : 0)) {
    return { ok: false, error: 'Unknown or invalid message: coordinates must be finite' };
  }
  return { ok: true, message: parsed };
}

/** Exhaustiveness guard for switches over the unions above. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected message: ${JSON.stringify(value)}`);
}
