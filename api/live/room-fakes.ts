/** Fakes for a room without Elysia or a database: sockets, fan-out, repositories, the network between processes. */
import { ServerMessage } from '../contract/protocol.ts';
import type { Repositories } from '../../db/index.ts';
import { type Bus, type BusBatch, type BusEvent, type BusReach, newBusStats } from './bus.ts';
import type { Entity } from './entity.ts';
import { SURVIVOR_PALETTE } from '../game/player-colours.ts';
import { GameLog } from './game-log.ts';
import { type Beat, Metronome } from './metronome.ts';
import { type LiveSocket, WorldRoom } from './room.ts';
import { freshMoveState } from '../game/movement.ts';
import { newTravelLogMemory } from '../game/travel-log.ts';
import { chunkOfWorld } from '../../core-wasm/geometry.ts';
import { TILE_SIZE, VISION_BASE_TILES } from '../../core-wasm/constants.ts';
import { NO_SIGHT_GEAR, type SightGear, sightOf } from '../game/vision.ts';

/** What each fake survivor wears, by id (the rooms' `gear` reads it): set it, then tell the room `gearChanged`. */
export const fakeGear = new Map<string, SightGear>();

/** Processes joined by a network: each bus delivers to itself at once and to the others a moment later, like NOTIFY. */
export class Network {
  readonly buses: NetBus[] = [];
  bus(id: string): NetBus {
    const b = new NetBus(id, this);
    this.buses.push(b);
    return b;
  }
}
export class NetBus implements Bus {
  readonly shared = true;
  readonly stats = newBusStats();
  handlers: ((b: BusBatch) => void)[] = [];
  constructor(
    readonly processId: string,
    private readonly net: Network,
  ) {}
  /** Kinds of the events this bus sent to the other processes, in order, for tests of what crosses. */
  readonly sentAway: BusEvent['k'][] = [];
  publish(worldId: string, events: BusEvent[], reach: BusReach = 'everywhere'): void {
    const batch = { from: this.processId, worldId, events: structuredClone(events) };
    for (const h of this.handlers) h(batch);
    if (reach === 'here') return;
    this.sentAway.push(...events.map((e) => e.k));
    for (const other of this.net.buses) {
      if (other === this) continue;
      queueMicrotask(() => {
        for (const h of other.handlers) h(batch);
      });
    }
  }
  onBatch(h: (b: BusBatch) => void): void {
    this.handlers.push(h);
  }
  async close(): Promise<void> {}
}

export function fakeRepos(): Repositories {
  let id = 0;
  const events: { type: string; playerId: string | null }[] = [];
  return {
    players: { savePositions: async () => {} },
    world: {
      hasExplored: async () => true,
      addEvent: async (e: { worldId: string; type: string; playerId: string | null; message: string }) => {
        events.push(e);
        return { ...e, id: ++id, createdAt: new Date() };
      },
      lastPresenceEvent: async (_w: string, playerId: string) =>
        events.filter((e) => e.playerId === playerId && (e.type === 'join' || e.type === 'leave')).at(-1)?.type ?? null,
    },
  } as unknown as Repositories;
}

/**
 * One process's room over a fake fan-out that records every frame by topic, each checked against the protocol. By
 * default its beat never comes by itself: the test calls `tick` and `deliver`.
 */
export function processRoom(bus: NetBus, clock: { now: number }, beat: Beat = new Metronome(1_000_000)) {
  const frames: { topic: string; msg: ServerMessage }[] = [];
  const emptied = { count: 0 };
  const repos = fakeRepos();
  const room: WorldRoom = new WorldRoom({
    worldId: 'w',
    terrain: {
      moveRules: { worldExtent: 1e6, isPassable: () => true },
      spawnPoint: () => ({ x: 10, y: 10 }),
      // Day vision bare-eyed (35 tiles) and the margin; a radio as worn.
      sight: (_at, gear, time) => sightOf(VISION_BASE_TILES * (time?.isDay === false ? 0.5 : 1), TILE_SIZE, gear.radio),
    },
    gear: async (e) => fakeGear.get(e.id) ?? NO_SIGHT_GEAR,
    repos,
    bus,
    metronome: beat,
    fanout: () => ({
      publish: (topic, data) => {
        const msg = ServerMessage.assert(JSON.parse(data));
        frames.push({ topic, msg });
      },
    }),
    log: new GameLog(repos, (_w, event) => room.send({ to: 'world' }, { type: 'world_event', event })),
    now: () => clock.now,
    time: () => ({ isDay: true, timeString: '12:00', visionMultiplier: 1, cyclePosition: 0.5 }),
    reconnectGraceMs: 120_000,
    restOnlineMs: 60_000,
    onEmpty: () => {
      emptied.count += 1;
    },
    report: (what, err) => {
      throw new Error(`${what}: ${err}`);
    },
  });
  bus.onBatch((b) => room.apply(b.from, b.events));
  // What open() says on a shared bus (without its timers): the others learn this process serves the world.
  bus.publish('w', [{ k: 'hello' }]);
  return { room, frames, emptied };
}

export function entity(id: string, x = 10, y = 10): Entity {
  return {
    id,
    kind: 'player',
    worldId: 'w',
    name: id,
    displayName: null,
    color: SURVIVOR_PALETTE[0]!,
    pos: freshMoveState(x, y, 0),
    cx: chunkOfWorld(x),
    cy: chunkOfWorld(y),
    travelLog: newTravelLogMemory(),
    lastActivityAt: 0,
    pendingLeaveAt: 0,
    dirty: false,
  };
}

export function fakeSocket() {
  const sent: ServerMessage[] = [];
  const closed: number[] = [];
  const socket: LiveSocket = {
    send: (m) => sent.push(ServerMessage.assert(m)),
    subscribe: () => {},
    unsubscribe: () => {},
    close: (code) => closed.push(code),
  };
  return { socket, sent, closed };
}

export const settle = () => new Promise((r) => setTimeout(r, 0));
