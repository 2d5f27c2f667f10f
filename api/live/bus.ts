import type { ServerMessage } from '../contract/protocol.ts';
import type { PresenceEntry } from './entity.ts';
import type { OwnerAnswer, OwnerQuestion } from './ownership.ts';

/** Who, in a world, should hear a frame. */
export type Audience =
  | { to: 'world' }
  | { to: 'chunk'; cx: number; cy: number }
  /** Those seeing any of these chunks, each told once. */
  | { to: 'chunks'; cells: [number, number][] }
  /**
   * An NPC's walk: these users (its settlement's members) wherever they are, and everyone whose sight reaches the walk
   * (api/game/vision.ts): `path`, or when absent the frame's own waypoints (an npc_movement_journey's).
   */
  | { to: 'sight'; userIds: string[]; path?: [number, number][] }
  | { to: 'user'; userId: string }
  /** Each of these users, wherever their socket is (nearby voice: those within the sender's vision). */
  | { to: 'users'; userIds: string[] };

/**
 * What happened in a world, as the bus carries it between processes. Every process folds these into its own view
 * (presence) and tells its own sockets; nothing here is a socket frame except `send`, whose frame is passed on as is.
 */
export type BusEvent =
  /** An entity became present through the sending process. */
  | { k: 'join'; e: PresenceEntry }
  /** The sending process no longer holds the entity. */
  | { k: 'leave'; id: string }
  /** The latest positions of the sender's entities over one tick: [id, x, y]. */
  | { k: 'moves'; m: [string, number, number][] }
  /** Part of the sender's roster for the world: a heartbeat, or the answer to a `hello`. */
  | { k: 'roster'; es: PresenceEntry[] }
  /** The sender opened its room for the world and asks the others for their rosters. */
  | { k: 'hello' }
  /** A newer live connection of this user opened on the sender: older ones elsewhere close (4001). */
  | { k: 'takeover'; userId: string; at: number }
  /** The user's worn gear changed: the process holding their survivor works out its sight again. */
  | { k: 'gear'; userId: string }
  /** A frame for an audience (poi_updated, inventory_updated, world_event, later chat and NPC journeys). */
  | { k: 'send'; a: Audience; msg: ServerMessage }
  /** The user's game access ended (logout, left the lobby): every process closes their sockets. Hub-wide. */
  | { k: 'end-access'; userId: string; code: number; reason: string }
  /** A question for the process that holds a survivor (ownership.ts), and its answer to the asking process. */
  | { k: 'ask'; id: string; to: string; userId: string; q: OwnerQuestion }
  | { k: 'answer'; id: string; to: string; a: OwnerAnswer }
  /** The user changed their display name: every world where their survivor is present relabels it. Hub-wide. */
  | { k: 'renamed'; userId: string; displayName: string | null };

/** Where a batch goes: every process serving its world, or only this one. */
export type BusReach = 'everywhere' | 'here';

/** Events of one world from one process, in order. `worldId` '' carries hub-wide events (end-access, renamed). */
export interface BusBatch {
  from: string;
  worldId: string;
  events: BusEvent[];
}

export interface BusStats {
  /** Batches published by this process. */
  published: number;
  /** Batches received from other processes. */
  received: number;
  /** Payloads sent to Postgres (NOTIFY); 0 in process. */
  notifies: number;
  /** Payloads that could not be sent or parsed. */
  failures: number;
}

/**
 * Carries live events to every process serving a world, this one included (delivered here synchronously, in order).
 * In process on embedded PGlite (one process); Postgres LISTEN/NOTIFY with DATABASE_URL.
 */
export interface Bus {
  readonly processId: string;
  /** True when other processes may be listening (presence heartbeats are only worth sending then). */
  readonly shared: boolean;
  /**
   * Delivers the events here at once and (`everywhere`, the default) to every other process; `here` keeps them in
   * this process (a world's moves while no other process serves the world).
   */
  publish(worldId: string, events: BusEvent[], reach?: BusReach): void;
  onBatch(handler: (batch: BusBatch) => void): void;
  readonly stats: BusStats;
  close(): Promise<void>;
}

export function newBusStats(): BusStats {
  return { published: 0, received: 0, notifies: 0, failures: 0 };
}

/** One process: publishing is delivering. */
export class InProcessBus implements Bus {
  readonly shared = false;
  readonly stats = newBusStats();
  private handlers: ((batch: BusBatch) => void)[] = [];

  constructor(readonly processId: string) {}

  publish(worldId: string, events: BusEvent[]): void {
    if (events.length === 0) return;
    this.stats.published += 1;
    const batch = { from: this.processId, worldId, events };
    for (const h of this.handlers) h(batch);
  }

  onBatch(handler: (batch: BusBatch) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.handlers = [];
  }
}
