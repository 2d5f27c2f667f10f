import type { Fanout } from './room.ts';
import { inInterest, type Viewers, viewTopic } from './interest.ts';
import { type LiveStats, newLiveStats } from './stats.ts';

type Chunk = { cx: number; cy: number };

/**
 * The moves a room's sockets will hear at its next tick, from this process and from others alike: every occupied view
 * gets one `players_moved` frame a tick with the moves whose new or previous sector lies in its 3 × 3 (a mover that
 * left is heard there one last time). Gathering other processes' moves here rather than sending them on arrival keeps
 * an observer at one frame a tick however many processes its neighbours are spread over.
 */
export class MoveOutbox {
  /** `at`: when the move was first queued this tick (performance.now(), ms), for the delivery lag. */
  private moves = new Map<string, { x: number; y: number; to: Chunk; was: Chunk; at: number }>();

  constructor(private readonly stats: LiveStats = newLiveStats()) {}

  add(id: string, x: number, y: number, to: Chunk, was: Chunk): void {
    const earlier = this.moves.get(id);
    // Two reports in one tick: the latest position, heard also where the mover was at the start of the tick.
    this.moves.set(id, { x, y, to, was: earlier ? earlier.was : was, at: earlier ? earlier.at : performance.now() });
  }

  flush(worldId: string, viewers: Viewers, fanout: Fanout): void {
    if (this.moves.size === 0) return;
    const moves = [...this.moves];
    this.moves = new Map();
    let frames = 0;
    for (const v of viewers.all()) {
      const seen = moves
        .filter(([, m]) => inInterest(v, m.to) || inInterest(v, m.was))
        .map(([playerId, m]) => ({ playerId, x: m.x, y: m.y }));
      if (seen.length) {
        fanout.publish(viewTopic(worldId, v.cx, v.cy), JSON.stringify({ type: 'players_moved', moves: seen }));
        frames += 1;
      }
    }
    if (frames) this.stats.framesOut.add('players_moved', frames);
    const now = performance.now();
    for (const [, m] of moves) this.stats.moveDelivery.observe((now - m.at) / 1000);
  }
}
