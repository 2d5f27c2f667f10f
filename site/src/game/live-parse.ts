/**
 * Parses one frame from the server into the protocol's ServerMessage union, or null (logged by the caller).
 * Checks the fields the islands read; the server is trusted for the rest of the shape.
 */
import type { ServerMessage, ServerMessageType } from '../../../api/contract/protocol.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const str = (v: unknown) => typeof v === 'string';
const player = (v: unknown) => isObj(v) && str(v.id) && (v.x === undefined || num(v.x)) && (v.y === undefined || num(v.y));

/** One check per message type: a Record, so a new type in the contract fails to compile until handled here. */
const CHECKS: Record<ServerMessageType, (m: Obj) => boolean> = {
  connected: (m) => num(m.protocolVersion) && str(m.playerId),
  players_list: (m) => Array.isArray(m.players) && m.players.every(player),
  player_joined: (m) => player(m.player),
  player_left: (m) => str(m.playerId),
  player_moved: (m) => str(m.playerId) && num(m.x) && num(m.y),
  players_moved: (m) => Array.isArray(m.moves) && m.moves.every((mv) => isObj(mv) && str(mv.playerId) && num(mv.x) && num(mv.y)),
  move_rejected: (m) => num(m.x) && num(m.y),
  time_update: (m) => isObj(m.time) && str(m.time.timeString) && typeof m.time.isDay === 'boolean',
  poi_updated: (m) => isObj(m.poi) && str(m.poi.id),
  settlement_updated: (m) => isObj(m.settlement) && str(m.settlement.id),
  settlement_created: (m) => isObj(m.settlement) && str(m.settlement.id),
  inventory_updated: () => true,
  chat_message: (m) => isObj(m.message),
  npc_movement_journey: (m) => str(m.npcId) && num(m.targetX) && num(m.targetY),
  npc_arrival: (m) => str(m.npcId) && num(m.x) && num(m.y),
  pong: () => true,
  error: (m) => str(m.message),
};

export type ParseResult = { ok: true; message: ServerMessage } | { ok: false; error: string };

export function parseServerMessage(raw: unknown): ParseResult {
  if (typeof raw !== 'string') return { ok: false, error: 'binary frame' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'unparsable frame' };
  }
  if (!isObj(value) || !str(value.type)) return { ok: false, error: 'frame without a type' };
  const check = Object.hasOwn(CHECKS, value.type as string) ? CHECKS[value.type as ServerMessageType] : undefined;
  if (!check) return { ok: false, error: `unknown message type ${JSON.stringify(value.type)}` };
  if (!check(value)) return { ok: false, error: `malformed ${value.type} message` };
  return { ok: true, message: value as unknown as ServerMessage };
}
