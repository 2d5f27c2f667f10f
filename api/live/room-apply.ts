import { Close } from '../contract/protocol.ts';
import type { BusEvent } from './bus.ts';
import { toLivePlayer } from './entity.ts';
import { inInterest, viewTopic } from './interest.ts';
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
          const { cx, cy } = room.chunkOf(entry.x, entry.y);
          room.frame({ to: 'world' }, { type: 'player_joined', player: toLivePlayer(entry, false) });
          room.frame({ to: 'chunk', cx, cy }, { type: 'player_moved', playerId: entry.id, x: entry.x, y: entry.y });
        }
        break;
      case 'leave':
        if (room.presence.remove(from, ev.id)) room.frame({ to: 'world' }, { type: 'player_left', playerId: ev.id });
        break;
      case 'moves':
        fanOutMoves(room, from, ev.m, now);
        break;
      case 'hello':
        if (from !== self) room.emitRoster();
        break;
      case 'takeover':
        if (from !== self) room.takenOver(ev.userId, (s) => s.close(Close.replaced, 'Connected from another tab'));
        break;
      case 'send':
        room.frame(ev.a, ev.msg);
        break;
      case 'end-access':
        break; // hub-wide: handled by the hub
    }
  }
}

/**
 * One `players_moved` frame per occupied view: the moves whose new or previous sector lies in its 3 × 3 (a mover that
 * left is heard there one last time).
 */
function fanOutMoves(room: WorldRoom, from: string, moves: [string, number, number][], now: number): void {
  const placed: { move: { playerId: string; x: number; y: number }; to: Chunk; was: Chunk }[] = [];
  for (const [id, x, y] of moves) {
    const before = room.presence.move(from, id, x, y, now);
    if (!before) continue;
    placed.push({ move: { playerId: id, x, y }, to: room.chunkOf(x, y), was: room.chunkOf(before.x, before.y) });
  }
  if (!placed.length) return;
  const fanout = room.deps.fanout();
  for (const v of room.viewers.all()) {
    const seen = placed.filter((p) => inInterest(v, p.to) || inInterest(v, p.was)).map((p) => p.move);
    if (seen.length) fanout.publish(viewTopic(room.worldId, v.cx, v.cy), JSON.stringify({ type: 'players_moved', moves: seen }));
  }
}

type Chunk = { cx: number; cy: number };
