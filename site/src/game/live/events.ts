/**
 * The session's side of the live connection: LiveClient calls one handler per message type, and any number of
 * features listen to the ones they care about (`live.on('worldEvent', …)`), so adding a feature never touches
 * the connection or another feature's wiring.
 */
import type { LiveHandlers } from './client.ts';

type Listener<K extends keyof LiveHandlers> = LiveHandlers[K];
type Args<K extends keyof LiveHandlers> = Parameters<LiveHandlers[K]>;

export class LiveEvents {
  private readonly listeners: { [K in keyof LiveHandlers]?: Listener<K>[] } = {};

  on<K extends keyof LiveHandlers>(type: K, fn: Listener<K>): () => void {
    const list = (this.listeners[type] ??= []) as Listener<K>[];
    list.push(fn);
    return () => {
      const i = list.indexOf(fn);
      if (i >= 0) list.splice(i, 1);
    };
  }

  emit<K extends keyof LiveHandlers>(type: K, ...args: Args<K>): void {
    const list = this.listeners[type] as Listener<K>[] | undefined;
    if (!list) return;
    for (const fn of [...list]) (fn as (...a: Args<K>) => void)(...args);
  }

  /** The handlers a LiveClient calls: each one emits to this hub's listeners. */
  readonly handlers: LiveHandlers = {
    status: (...a) => this.emit('status', ...a),
    connected: (...a) => this.emit('connected', ...a),
    playersList: (...a) => this.emit('playersList', ...a),
    playerJoined: (...a) => this.emit('playerJoined', ...a),
    playerUpdated: (...a) => this.emit('playerUpdated', ...a),
    playerLeft: (...a) => this.emit('playerLeft', ...a),
    playerMoved: (...a) => this.emit('playerMoved', ...a),
    playerOutOfSight: (...a) => this.emit('playerOutOfSight', ...a),
    moveRejected: (...a) => this.emit('moveRejected', ...a),
    timeUpdate: (...a) => this.emit('timeUpdate', ...a),
    worldEvent: (...a) => this.emit('worldEvent', ...a),
    poiUpdated: (...a) => this.emit('poiUpdated', ...a),
    inventoryUpdated: () => this.emit('inventoryUpdated'),
    settlementChanged: (...a) => this.emit('settlementChanged', ...a),
    chatMessage: (...a) => this.emit('chatMessage', ...a),
    npcJourney: (...a) => this.emit('npcJourney', ...a),
    npcArrival: (...a) => this.emit('npcArrival', ...a),
    raidWarning: (...a) => this.emit('raidWarning', ...a),
    raidResult: (...a) => this.emit('raidResult', ...a),
    npcCondition: (...a) => this.emit('npcCondition', ...a),
    craftDone: (...a) => this.emit('craftDone', ...a),
    buildingDecayed: (...a) => this.emit('buildingDecayed', ...a),
    npcReturned: (...a) => this.emit('npcReturned', ...a),
    bedNotice: (...a) => this.emit('bedNotice', ...a),
  };
}
