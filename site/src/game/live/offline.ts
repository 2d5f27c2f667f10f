/**
 * REST polling while the live connection is down: each feature adds what it polls (players, the game log, the
 * clock…) and the connection wiring switches the whole set on and off. Every poll runs at once when switched on,
 * then every FALLBACK_POLL_MS.
 */

/** Without a live connection, the pollers run this often. */
export const FALLBACK_POLL_MS = 3000;

export type Poller = (n: number) => Promise<void> | void;

export interface IntervalTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserIntervals: IntervalTimers = {
  set: (fn, ms) => setInterval(fn, ms),
  clear: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

export class OfflinePolls {
  private readonly pollers: Poller[] = [];
  private timer: unknown = null;
  private polls = 0;

  constructor(
    private readonly ms = FALLBACK_POLL_MS,
    private readonly timers: IntervalTimers = browserIntervals,
  ) {}

  /** `fn` runs on every poll; `n` counts the polls of this session from 1 (a clock polls when n % 3 === 1). */
  add(fn: Poller): void {
    this.pollers.push(fn);
  }

  get active(): boolean {
    return this.timer !== null;
  }

  set(on: boolean): void {
    if (on && this.timer === null) {
      this.run();
      this.timer = this.timers.set(() => this.run(), this.ms);
    } else if (!on && this.timer !== null) {
      this.timers.clear(this.timer);
      this.timer = null;
    }
  }

  private run(): void {
    const n = ++this.polls;
    for (const fn of this.pollers) {
      void (async () => fn(n))().catch((err) => console.warn('[game] poll failed', err));
    }
  }
}
