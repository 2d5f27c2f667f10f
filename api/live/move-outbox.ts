import type { Fanout } from './room.ts';
import { inInterest, type Viewers, viewTopic } from './interest.ts';
import { type LiveStats, newLiveStats } from './stats.ts';

type Chunk = { cx: number; cy: number };

/**
 * The moves a room's sockets will hear at its next beat, from this process and from others alike: every occupied view
 * gets one `players_moved` frame a beat with the moves whose new or previous sector lies in its 3 × 3 (a mover that
 * left is heard there one last time). Gathering other processes' moves here rather than sending them on arrival keeps
 * an observer at one frame a beat however many processes its neighbours are spread over.
 */
export class MoveOutbox {
  /** `at`: when the move was first queued this beat (performance.now(), ms), for the delivery lag. */
  private moves = new Map<string, { id: string; x: number; y: number; to: Chunk; was: Chunk; at: number }>();

  constructor(private readonly stats: LiveStats = newLiveStats()) {}

  /** `at`: when the batch holding the move arrived (performance.now(), ms; read once a batch, not once a move). */
  add(id: string, x: number, y: number, to: Chunk, was: Chunk, at: number): void {
    const earlier = this.moves.get(id);
    // Two reports in one beat: the latest position, heard also where the mover was at the start of the beat.
    if (!earlier) this.moves.set(id, { id, x, y, to, was, at });
    else {
      earlier.x = x;
      earlier.y = y;
      earlier.to = to;
    }
  }

  flush(worldId: string, viewers: Viewers, fanout: Fanout): void {
    if (this.moves.size === 0) return;
    const moves = [...this.moves.values()];
    this.moves = new Map();
    // Each move is written once; a view's frame joins those in its 3 × 3 (positions are finite: parseClientMessage).
    const parts = moves.map((m) => `{"playerId":${JSON.stringify(m.id)},"x":${m.x},"y":${m.y}}`);
    let frames = 0;
    for (const v of viewers.all()) {
      let seen = '';
      for (let i = 0; i < moves.length; i++) {
        const m = moves[i]!;
        if (inInterest(v, m.to) || inInterest(v, m.was)) seen = seen ? `${seen},${parts[i]}` : parts[i]!;
      }
      if (!seen) continue;
      fanout.publish(viewTopic(worldId, v.cx, v.cy), `{"type":"players_moved","moves":[${seen}]}`);
      frames += 1;
    }
    if (frames) this.stats.framesOut.add('players_moved', frames);
    const now = performance.now();
    for (const m of moves) this.stats.moveDelivery.observe((now - m.at) / 1000);
  }
}
