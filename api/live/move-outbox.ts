import type { Mover } from './interest.ts';
import { type LiveStats, newLiveStats } from './stats.ts';

/**
 * The moves a room's sockets will hear at its next beat, from this process and from others alike: the latest
 * position of each mover since the last beat (room.ts deliver tells each socket those in its sight). Gathering other
 * processes' moves here rather than sending them on arrival keeps an observer at one frame a beat however many
 * processes its neighbours are spread over.
 */
export class MoveOutbox {
  /** `at`: when the move was first queued this beat (performance.now(), ms), for the delivery lag. */
  private moves = new Map<string, Mover & { at: number }>();

  constructor(private readonly stats: LiveStats = newLiveStats()) {}

  /** `at`: when the batch holding the move arrived (performance.now(), ms; read once a batch, not once a move). */
  add(id: string, x: number, y: number, radio: boolean, at: number): void {
    const earlier = this.moves.get(id);
    // Two reports in one beat: the latest position.
    if (!earlier) this.moves.set(id, radio ? { id, x, y, radio, at } : { id, x, y, at });
    else {
      earlier.x = x;
      earlier.y = y;
    }
  }

  /** This beat's moves (null: none), counted as delivered now. */
  take(): Mover[] | null {
    if (this.moves.size === 0) return null;
    const moves = [...this.moves.values()];
    this.moves = new Map();
    const now = performance.now();
    for (const m of moves) this.stats.moveDelivery.observe((now - m.at) / 1000);
    return moves;
  }
}
