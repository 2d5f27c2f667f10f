import { Close } from '../contract/protocol.ts';
import type { BusEvent } from './bus.ts';
import { toLivePlayer } from './entity.ts';
import type { WorldRoom } from './room.ts';

/**
 * Turns one batch from the bus into presence changes and frames for this process's sockets. The same code runs for
 * this process's own batches (delivered at once) and other processes' (through Postgres), so what a socket hears
 * never depends on where the entity is driven from. Joins and leaves are told only when the world as a whole
 * changes: an entity held by two processes for a moment (a tab moving over) is neither.
 */
export function applyBatch(room: WorldRoom, from: string, events: BusEvent[]): void {
  const self = room.deps.bus.processId;
  const now = room.deps.now();
  for (const ev of events) {
    switch (ev.k) {
      case 'join':
      case 'roster':
        for (const entry of ev.k === 'join' ? [ev.e] : ev.es) {
          if (!room.presence.upsert(from, entry, now)) continue;
          room.frame({ to: 'world' }, { type: 'player_joined', player: toLivePlayer(entry, false) });
          room.arrived(entry);
        }
        break;
      case 'leave':
        if (room.presence.remove(from, ev.id)) {
          room.departed(ev.id);
          room.frame({ to: 'world' }, { type: 'player_left', playerId: ev.id });
        }
        break;
      case 'moves':
        fanOutMoves(room, from, ev.m, now);
        break;
      case 'hello':
        if (from !== self) room.emitRoster();
        break;
      case 'takeover':
        if (from !== self) room.takenOver(ev.userId, ev.at, from, (s) => s.close(Close.replaced, 'Connected from another tab'));
        break;
      case 'gear':
        void room.gearChanged(ev.userId).catch((err) => room.deps.report('gear refresh failed', err));
        // Worn gear is carried too, and a Backpack raises the capacity.
        void room.packChanged(ev.userId).catch((err) => room.deps.report('pace refresh failed', err));
        break;
      case 'send':
        room.frame(ev.a, ev.msg);
        // Every change to a pack tells its owner inventory_updated: the process holding the survivor weighs it again.
        if (ev.a.to === 'user' && ev.msg.type === 'inventory_updated') {
          void room.packChanged(ev.a.userId).catch((err) => room.deps.report('pace refresh failed', err));
        }
        break;
      case 'end-access':
      case 'renamed':
        break; // hub-wide: handled by the hub
      case 'ask':
      case 'answer':
        break; // between two processes about one survivor: the hub's ownership handles them
    }
  }
}

/** Folds moves into presence; the sockets hear them at the room's next tick (move-outbox.ts). */
function fanOutMoves(room: WorldRoom, from: string, moves: [string, number, number][], now: number): void {
  const at = performance.now();
  for (const [id, x, y] of moves) {
    const held = room.presence.move(from, id, x, y, now);
    if (held) room.outbox.add(id, x, y, held.radio === true, at);
  }
}
