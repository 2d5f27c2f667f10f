/**
 * When rooms tick (publish what happened on the bus) and deliver (tell their sockets their moves): one beat for every
 * room of the process, so all of them tick in one turn of the event loop and the bus sends what they said together
 * (one NOTIFY carries many worlds) instead of one payload per room at a time of its own.
 */
export interface Beat {
  /** Runs `tick` then `deliver` on every beat until the returned function is called. */
  add(tick: () => void, deliver: () => void): () => void;
  /** A room has something to say (a move, an event, another process's moves): beat soon, if this beat beats on demand. */
  wake(): void;
}

/** Time and the two ways of waiting the adaptive beat uses (a test hands it a fake one). Each wait returns its cancel. */
export interface BeatClock {
  now(): number;
  /** On the next turn of the event loop, after the I/O already waiting (setImmediate). */
  soon(run: () => void): () => void;
  after(ms: number, run: () => void): () => void;
}

export const realClock: BeatClock = {
  now: () => performance.now(),
  soon(run) {
    const t = setImmediate(run);
    return () => clearImmediate(t);
  },
  after(ms, run) {
    const t = setTimeout(run, ms);
    return () => clearTimeout(t);
  },
};

/**
 * The adaptive beat (the default): beats when woken, on the next turn of the event loop if the last beat was at
 * least `minMs` ago, else `minMs` after it. A quiet world's move goes out at once; under load beats fall every
 * `minMs`, so an observer gets at most 1000 / `minMs` frames of moves a second however many walk around it.
 * Another process's moves wake it on arrival, so they wait at most `minMs` here too.
 */
export class AdaptiveBeat implements Beat {
  private readonly ticks = new Set<() => void>();
  private readonly deliveries = new Set<() => void>();
  private last = Number.NEGATIVE_INFINITY;
  private cancel: (() => void) | null = null;
  private beating = false;
  /** Woken during a beat by what a tick set off after that room had ticked (a takeover's leave): beat again. */
  private again = false;

  constructor(
    private readonly minMs: number,
    private readonly clock: BeatClock = realClock,
  ) {}

  add(tick: () => void, deliver: () => void): () => void {
    this.ticks.add(tick);
    this.deliveries.add(deliver);
    return () => {
      this.ticks.delete(tick);
      this.deliveries.delete(deliver);
      if (this.ticks.size === 0 && this.cancel) {
        this.cancel();
        this.cancel = null;
      }
    };
  }

  wake(): void {
    if (this.beating) {
      this.again = true;
      return;
    }
    if (this.cancel || this.ticks.size === 0) return;
    const wait = this.last + this.minMs - this.clock.now();
    const beat = () => this.beat();
    this.cancel = wait <= 0 ? this.clock.soon(beat) : this.clock.after(wait, beat);
  }

  private beat(): void {
    this.cancel = null;
    this.last = this.clock.now();
    this.beating = true;
    try {
      for (const tick of this.ticks) tick();
      for (const deliver of this.deliveries) deliver();
    } finally {
      this.beating = false;
    }
    if (this.again) {
      this.again = false;
      this.wake();
    }
  }
}

/**
 * The fixed beat (MOVE_FLUSH_MS=beat, the former policy): one beat every `ms` whether or not anything happened.
 *
 * Each beat has two phases: `tick` (rooms publish what happened) and, `gatherMs` later, `deliver` (rooms tell their
 * sockets). With other processes on the bus, their batches of the same beat arrive within a few milliseconds; the
 * gap lets one frame carry them together with this process's own, instead of holding them for a whole beat.
 */
export class Metronome implements Beat {
  private readonly ticks = new Set<() => void>();
  private readonly deliveries = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly ms: number,
    private readonly gatherMs = 0,
  ) {}

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

  /** It beats anyway. */
  wake(): void {}

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
