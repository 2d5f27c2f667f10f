import { type } from 'arktype';
import { PATH_MAX_EXPANDED } from '../../core-wasm/constants.ts';
import { CHAT_CHANNELS } from '../game/chat.ts';
import { BedNoticeFrame } from './beds.ts';
import { CraftDoneFrame } from './crafting.ts';
import { BuildingDecayedFrame, NpcConditionFrame, NpcReturnedFrame, RaidResultFrame, RaidWarningFrame } from './raids.ts';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth.ts';

/** The live connection's plain values live in live.ts (no arktype: the page's live client imports them); read them here too. */
export * from './live.ts';

/** What the browser may send. Anything else is answered with an `error` frame. */
export const ClientMessage = type({ type: "'ping'" }).or({
  type: "'player_move'",
  x: 'number',
  y: 'number',
});
export type ClientMessage = typeof ClientMessage.infer;

/** A walk has at most one point per tile of its path (the search's bound) plus its exact start and target. */
const NPC_WAYPOINTS_MAX = PATH_MAX_EXPANDED + 2;
const finite = type('number').narrow((n, ctx) => Number.isFinite(n) || ctx.mustBe('a finite number'));
const id = type('string');

/** A survivor as the live layer shows it; x and y only when in the viewer's sight (api/game/vision.ts inSight). */
export const LivePlayer = type({
  id,
  name: 'string',
  displayName: 'string | null',
  color: 'string',
  'x?': finite,
  'y?': finite,
});
export type LivePlayer = typeof LivePlayer.infer;

export const TimeInfo = type({
  isDay: 'boolean',
  timeString: 'string',
  visionMultiplier: finite,
  /** 0 = midnight, 0.5 = noon. */
  cyclePosition: finite,
});
export type TimeInfo = typeof TimeInfo.infer;

/** Kinds of game-log lines; the server writes every one of them (the client composes none). */
export const WORLD_EVENT_TYPES = ['join', 'leave', 'move', 'discover'] as const;
export type WorldEventType = (typeof WORLD_EVENT_TYPES)[number];

/** One line of a world's game log, as stored and as sent live. */
export const WorldEvent = type({
  id: 'number',
  type: type.enumerated(...WORLD_EVENT_TYPES),
  playerId: 'string | null',
  message: 'string',
  createdAt: 'string',
});
export type WorldEvent = typeof WorldEvent.infer;

/** A settlement as the map and the live layer show it (the management panel loads the rest over REST). */
export const SettlementSummary = type({ id, worldId: 'string', name: 'string', x: finite, y: finite });
export type SettlementSummary = typeof SettlementSummary.infer;

/**
 * A chat message; playerId is the sender, the same id the online list carries (what a mute names). `channel` says
 * whether the whole world heard it on the radio or only those near the sender (api/game/chat.ts).
 */
export const ChatMessage = type({
  id,
  playerId: id,
  displayName: 'string',
  message: 'string',
  createdAt: 'string',
  channel: type.enumerated(...CHAT_CHANNELS),
});
export type ChatMessage = typeof ChatMessage.infer;

/** A mover's latest position; without x and y: that survivor is out of the observer's sight now (hide them). */
const Move = type({ playerId: id, 'x?': finite, 'y?': finite });

/**
 * What the server sends: a closed union over `type`, parsed with this same schema by the browser (site/src/game)
 * and by the tests, so a frame either matches the contract or is refused.
 */
export const ServerMessage = type({ type: "'connected'", protocolVersion: 'number', worldId: 'string', playerId: id })
  .or({ type: "'players_list'", players: LivePlayer.array() })
  .or({ type: "'player_joined'", player: LivePlayer })
  .or({ type: "'player_left'", playerId: id })
  .or({ type: "'player_moved'", playerId: id, x: finite, y: finite })
  /** A survivor's name changed (display-name editor): observers relabel them without reloading. */
  .or({ type: "'player_updated'", player: LivePlayer })
  /**
   * Moves since the observer's last such frame (MOVE_FLUSH_MIN_MS): the latest position of each mover in its sight,
   * and, without a position, each one that has gone out of it since.
   */
  .or({ type: "'players_moved'", moves: Move.array() })
  .or({ type: "'move_rejected'", x: finite, y: finite, reason: 'string' })
  .or({ type: "'time_update'", time: TimeInfo })
  .or({ type: "'world_event'", event: WorldEvent })
  .or({ type: "'poi_updated'", poi: { id, currentSignificance: finite, 'hasShelter?': 'boolean' } })
  .or({ type: "'settlement_updated'", settlement: SettlementSummary })
  .or({ type: "'settlement_created'", settlement: SettlementSummary })
  .or({ type: "'inventory_updated'" })
  .or({ type: "'chat_message'", message: ChatMessage })
  .or({
    type: "'npc_movement_journey'",
    npcId: id,
    startX: finite,
    startY: finite,
    targetX: finite,
    targetY: finite,
    duration: finite,
    purpose: 'string',
    /**
     * The walk from (startX, startY) to the target round water and mountains, both included: the NPC moves along it
     * at an even pace over `duration`. Absent from older servers: walk the straight line then.
     */
    'waypoints?': type({ x: finite, y: finite }).array().atMostLength(NPC_WAYPOINTS_MAX),
  })
  .or({ type: "'npc_arrival'", npcId: id, x: finite, y: finite })
  .or(RaidWarningFrame)
  .or(RaidResultFrame)
  .or(NpcConditionFrame)
  .or(BuildingDecayedFrame)
  .or(NpcReturnedFrame)
  .or(CraftDoneFrame)
  .or(BedNoticeFrame)
  .or({ type: "'pong'", serverTime: 'number' })
  .or({ type: "'error'", message: 'string' });
export type ServerMessage = typeof ServerMessage.infer;

export type ServerMessageType = ServerMessage['type'];

/** Parses one frame from the browser: a typed message, or the reason it is not one. */
export function parseClientMessage(raw: unknown): { ok: true; message: ClientMessage } | { ok: false; error: string } {
  let value = raw;
  if (typeof raw === 'string') {
    if (jsonNestsDeeperThan(raw))
      return { ok: false, error: `Malformed frame: JSON nested deeper than ${MAX_JSON_DEPTH} levels` };
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

/** Parses one frame from the server (the browser and the tests): a typed message, or why it is not one. */
export function parseServerMessage(raw: unknown): { ok: true; message: ServerMessage } | { ok: false; error: string } {
  if (typeof raw !== 'string') return { ok: false, error: 'binary frame' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'unparsable frame' };
  }
  const parsed = ServerMessage(value);
  if (parsed instanceof type.errors) return { ok: false, error: `frame outside the protocol: ${parsed.summary}` };
  return { ok: true, message: parsed };
}
