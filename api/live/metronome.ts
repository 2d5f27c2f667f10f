/**
 * One beat every `ms` for every room of the process. Rooms keep their own tick (what a tick does is the room's);
 * they share the beat so that all of them tick in one turn of the event loop and the bus sends what they said
 * together (one NOTIFY carries many worlds) instead of one payload per room at a time of its own.
 */
export class Metronome {
  private readonly beats = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly ms: number) {}

  /** Runs `fn` on every beat until the returned function is called. */
  add(fn: () => void): () => void {
    this.beats.add(fn);
    this.timer ??= setInterval(() => {
      for (const beat of this.beats) beat();
    }, this.ms);
    return () => {
      this.beats.delete(fn);
      if (this.beats.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }
}
