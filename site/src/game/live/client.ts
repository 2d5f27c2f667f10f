/**
 * The live connection (/ws?worldId=…&protocol=…, same origin, cookie auth). Every frame is parsed once with the
 * contract's schema (api/contract/protocol.ts), in the validator worker (game/validate: arktype never loads on the
 * page's main thread), and handed to the handler for its type, in the order the frames came. Reconnects after an abnormal
 * close with the contract's backoff (1 s doubled, cap 30 s, at most 5 attempts), never after a normal close (1000),
 * a takeover by another tab (4001), a protocol mismatch (4002) or lost game access (4003); start() again connects
 * afresh (the "Play here" of a tab that was taken over). Pings every 30 s. Frames outside the protocol and socket
 * errors are only logged.
 */
import {
  Close,
  PROTOCOL_VERSION,
  WS_PING_INTERVAL_MS,
  WS_RECONNECT_ATTEMPTS,
  assertNever,
  reconnectDelayMs,
} from '../../../../api/contract/live.ts';
import type {
  ChatMessage,
  ClientMessage,
  LivePlayer,
  ServerMessage,
  SettlementSummary,
  TimeInfo,
  WorldEvent,
} from '../../../../api/contract/protocol.ts';
import { read } from '../validate/client.ts';

/** The server message of type `T`. */
export type MessageOf<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

export type LiveStatus =
  /** First connection under way. */
  | 'connecting'
  | 'open'
  /** Waiting to try again (attempt n of 5). */
  | 'reconnecting'
  /** Gave up, or closed for a reason reconnecting cannot fix: the caller polls instead. */
  | 'closed';

/** What the game does with each message; every handler is typed by its message. */
export interface LiveHandlers {
  status(status: LiveStatus, detail: { code?: number; reason?: string; attempt?: number }): void;
  connected(playerId: string): void;
  playersList(players: LivePlayer[]): void;
  playerJoined(player: LivePlayer): void;
  /** A survivor's name changed: relabel them (no join line, no position change). */
  playerUpdated(player: LivePlayer): void;
  playerLeft(playerId: string): void;
  playerMoved(playerId: string, x: number, y: number): void;
  /** The survivor went out of sight: its position is no longer told (it stays online). */
  playerOutOfSight(playerId: string): void;
  moveRejected(x: number, y: number, reason: string): void;
  timeUpdate(time: TimeInfo): void;
  /** A line of the game log, as the server stored it. */
  worldEvent(event: WorldEvent): void;
  poiUpdated(poi: MessageOf<'poi_updated'>['poi']): void;
  inventoryUpdated(): void;
  settlementChanged(settlement: SettlementSummary, created: boolean): void;
  chatMessage(message: ChatMessage): void;
  npcJourney(journey: Omit<MessageOf<'npc_movement_journey'>, 'type'>): void;
  npcArrival(arrival: Omit<MessageOf<'npc_arrival'>, 'type'>): void;
  /** Raiders are on their way to a settlement of the player's (api/game/raids.ts). */
  raidWarning(warning: Omit<MessageOf<'raid_warning'>, 'type'>): void;
  raidResult(result: Omit<MessageOf<'raid_result'>, 'type'>): void;
  /** An NPC of the player's settlements was injured, went hungry, recovered, or left unfed. */
  npcCondition(change: Omit<MessageOf<'npc_condition'>, 'type'>): void;
  craftDone(done: Omit<MessageOf<'craft_done'>, 'type'>): void;
  /** A workshop or walls of the player's settlements lost a level for want of upkeep. */
  buildingDecayed(decay: Omit<MessageOf<'building_decayed'>, 'type'>): void;
  npcReturned(back: Omit<MessageOf<'npc_returned'>, 'type'>): void;
  /** An invitation of yours was answered, or you were put out of a bed (notifications). */
  bedNotice(notice: Omit<MessageOf<'bed_notice'>, 'type'>): void;
}

/** What parsing one frame gives (api/contract/protocol.ts parseServerMessage). */
export type FrameRead = { ok: true; message: ServerMessage } | { ok: false; error: string };

/** The bits of the browser a LiveClient uses (tests pass fakes). */
export interface LiveEnv {
  createSocket(url: string): WebSocket;
  /** Parses a frame: in the validator worker on the page (a promise), at once in the tests. */
  readFrame(raw: unknown): FrameRead | Promise<FrameRead>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  log(...args: unknown[]): void;
}

const browserEnv: LiveEnv = {
  createSocket: (url) => new WebSocket(url),
  readFrame: (raw) => read('frame', raw),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as number),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as number),
  log: (...args) => console.warn('[live]', ...args),
};

/** Close codes after which reconnecting would not help. */
export const NO_RECONNECT = new Set<number>([Close.normal, Close.replaced, Close.versionMismatch, Close.accessLost]);

export function liveUrl(worldId: string, loc: Pick<Location, 'protocol' | 'host'> = location): string {
  const query = `worldId=${encodeURIComponent(worldId)}&protocol=${PROTOCOL_VERSION}`;
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws?${query}`;
}

export class LiveClient {
  private socket: WebSocket | null = null;
  /** Failed attempts since the last successful `connected`. */
  private failures = 0;
  private retryTimer: unknown = null;
  private pingTimer: unknown = null;
  private stopped = false;
  private isOpen = false;

  constructor(
    private readonly url: string,
    private readonly handlers: LiveHandlers,
    private readonly env: LiveEnv = browserEnv,
  ) {}

  /** Connects (again: after stop() or a close that does not reconnect, it starts afresh). */
  start(): void {
    this.closeSocket('Reconnecting');
    this.stopped = false;
    this.failures = 0;
    this.handlers.status('connecting', {});
    this.open();
  }

  /** Closes for good (page leaving, logout). */
  stop(): void {
    this.stopped = true;
    this.closeSocket('Leaving');
  }

  private closeSocket(reason: string): void {
    if (this.retryTimer !== null) this.env.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.stopPing();
    const s = this.socket;
    this.socket = null;
    this.isOpen = false;
    if (s && s.readyState <= 1) s.close(Close.normal, reason);
  }

  /** True once the server has said `connected` on the current socket. */
  get isConnected(): boolean {
    return this.isOpen;
  }

  send(message: ClientMessage): boolean {
    if (!this.isOpen || !this.socket || this.socket.readyState !== 1) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private open(): void {
    let socket: WebSocket;
    try {
      socket = this.env.createSocket(this.url);
    } catch (err) {
      this.env.log('could not open the socket', err);
      this.scheduleRetry(undefined, 'could not open');
      return;
    }
    this.socket = socket;
    const handle = (parsed: FrameRead, raw: unknown) => {
      if (this.socket !== socket) return;
      if (!parsed.ok) return this.env.log(parsed.error, raw);
      try {
        this.dispatch(parsed.message);
      } catch (err) {
        this.env.log('handler failed', err);
      }
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      const parsed = this.env.readFrame(event.data);
      if (!(parsed instanceof Promise)) return handle(parsed, event.data);
      // The worker answers in order, so frames are still handled in the order they came.
      parsed.then(
        (p) => handle(p, event.data),
        (err) => this.env.log('could not read a frame', err),
      );
    };
    socket.onerror = () => this.env.log('socket error');
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.isOpen = false;
      this.stopPing();
      if (this.stopped) return;
      if (NO_RECONNECT.has(event.code)) {
        this.handlers.status('closed', { code: event.code, reason: event.reason });
        return;
      }
      this.scheduleRetry(event.code, event.reason);
    };
  }

  private scheduleRetry(code: number | undefined, reason: string | undefined): void {
    this.failures += 1;
    if (this.failures > WS_RECONNECT_ATTEMPTS) {
      this.handlers.status('closed', { code, reason, attempt: this.failures - 1 });
      return;
    }
    this.handlers.status('reconnecting', { code, reason, attempt: this.failures });
    this.retryTimer = this.env.setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.open();
    }, reconnectDelayMs(this.failures));
  }

  private stopPing(): void {
    if (this.pingTimer !== null) this.env.clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private dispatch(m: ServerMessage): void {
    const h = this.handlers;
    switch (m.type) {
      case 'connected':
        if (m.protocolVersion !== PROTOCOL_VERSION) {
          this.env.log(`server speaks protocol ${m.protocolVersion}, this page ${PROTOCOL_VERSION}: reload the page`);
          this.socket?.close(Close.normal, 'Protocol mismatch');
          this.handlers.status('closed', { code: Close.versionMismatch, reason: 'Protocol mismatch' });
          this.socket = null;
          return;
        }
        this.failures = 0;
        this.isOpen = true;
        this.stopPing();
        this.pingTimer = this.env.setInterval(() => this.send({ type: 'ping' }), WS_PING_INTERVAL_MS);
        h.status('open', {});
        return h.connected(m.playerId);
      case 'players_list':
        return h.playersList(m.players);
      case 'player_joined':
        return h.playerJoined(m.player);
      case 'player_updated':
        return h.playerUpdated(m.player);
      case 'player_left':
        return h.playerLeft(m.playerId);
      case 'player_moved':
        return h.playerMoved(m.playerId, m.x, m.y);
      case 'players_moved':
        for (const mv of m.moves) {
          if (mv.x !== undefined && mv.y !== undefined) h.playerMoved(mv.playerId, mv.x, mv.y);
          else h.playerOutOfSight(mv.playerId);
        }
        return;
      case 'move_rejected':
        return h.moveRejected(m.x, m.y, m.reason);
      case 'time_update':
        return h.timeUpdate(m.time);
      case 'error':
        return this.env.log('server says:', m.message);
      case 'pong':
        return;
      case 'world_event':
        return h.worldEvent(m.event);
      case 'poi_updated':
        return h.poiUpdated(m.poi);
      case 'inventory_updated':
        return h.inventoryUpdated();
      case 'settlement_created':
      case 'settlement_updated':
        return h.settlementChanged(m.settlement, m.type === 'settlement_created');
      case 'chat_message':
        return h.chatMessage(m.message);
      case 'npc_movement_journey': {
        const { type: _, ...journey } = m;
        return h.npcJourney(journey);
      }
      case 'npc_arrival':
        return h.npcArrival({ npcId: m.npcId, x: m.x, y: m.y });
      case 'raid_warning': {
        const { type: _, ...warning } = m;
        return h.raidWarning(warning);
      }
      case 'raid_result':
        return h.raidResult({ settlementId: m.settlementId, settlementName: m.settlementName, raid: m.raid });
      case 'npc_condition': {
        const { type: _, ...change } = m;
        return h.npcCondition(change);
      }
      case 'npc_returned': {
        const { type: _, ...back } = m;
        return h.npcReturned(back);
      }
      case 'craft_done': {
        const { type: _, ...done } = m;
        return h.craftDone(done);
      }
      case 'bed_notice': {
        const { type: _, ...notice } = m;
        return h.bedNotice(notice);
      }
      case 'building_decayed': {
        const { type: _, ...decay } = m;
        return h.buildingDecayed(decay);
      }
      default:
        return assertNever(m);
    }
  }
}
