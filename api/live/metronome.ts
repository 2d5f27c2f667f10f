/**
 * One beat every `ms` for every room of the process. Rooms keep their own tick (what a tick does is the room's);
 * they share the beat so that all of them tick in one turn of the event loop and the bus sends what they said
 * together (one NOTIFY carries many worlds) instead of one payload per room at a time of its own.
 *
 * Each beat has two phases: `tick` (rooms publish what happened) and, `gatherMs` later, `deliver` (rooms tell their
 * sockets). With other processes on the bus, their batches of the same beat arrive within a few milliseconds; the
 * gap lets one frame carry them together with this process's own, instead of holding them for a whole beat.
 */
export class Metronome {
  private readonly ticks = new Set<() => void>();
  private readonly deliveries = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly ms: number,
    private readonly gatherMs = 0,
  ) {}

  /** Runs `tick` then `deliver` on every beat until the returned function is called. */
  add(tick: () => void, deliver: () => void): () => void {
    this.ticks.add(tick);
    this.deliveries.add(deliver);
    if (!this.timer) this.schedule();
    return () => {
      this.ticks.delete(tick);
      this.deliveries.delete(deliver);
      if (this.ticks.size === 0 && this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
      }
    };
  }

  /**
   * Beats fall on multiples of `ms` of the wall clock, re-aimed every beat (no drift), so processes on one host or on
   * clock-synchronised hosts beat together: another process's batch then arrives within the gather gap.
   */
  private schedule(): void {
    this.timer = setTimeout(
      () => {
        this.beat();
        if (this.ticks.size) this.schedule();
        else this.timer = null;
      },
      this.ms - (Date.now() % this.ms),
    );
  }

  private beat(): void {
    for (const tick of this.ticks) tick();
    const deliver = () => {
      for (const d of this.deliveries) d();
    };
    if (this.gatherMs > 0) setTimeout(deliver, this.gatherMs);
    else deliver();
  }
}
