/**
 * The auto-scavenge loop (spec section 4): a step at once, then one every 1.5 s (measured from the start of the
 * previous step; never two in flight); it ends when a step says so (depleted, walked away), on stop(), or when a
 * step throws. start() while running does nothing. Timers and clock are injected, so tests drive it by hand.
 */
export type AutoEnd = 'depleted' | 'left' | 'stopped' | 'error';

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  now(): number;
}

export const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export interface AutoLoopOptions {
  intervalMs: number;
  /** One search; resolves to null to go on, or the reason to end. */
  step(): Promise<Exclude<AutoEnd, 'stopped' | 'error'> | null>;
  onEnd(reason: AutoEnd, error?: unknown): void;
  timers?: Timers;
}

export class AutoLoop {
  private running = false;
  /** Bumped on every end, so a step or timer from an earlier run cannot continue it. */
  private run = 0;
  private timer: unknown = null;
  private readonly timers: Timers;

  constructor(private readonly o: AutoLoopOptions) {
    this.timers = o.timers ?? realTimers;
  }

  get active(): boolean {
    return this.running;
  }

  /** Starts the loop; false when it is already running. */
  start(): boolean {
    if (this.running) return false;
    this.running = true;
    void this.next(++this.run);
    return true;
  }

  /** The user's stop: no further steps (a step in flight still lands). */
  stop(): void {
    this.end('stopped');
  }

  private end(reason: AutoEnd, error?: unknown): void {
    if (!this.running) return;
    this.running = false;
    this.run++;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    this.o.onEnd(reason, error);
  }

  private async next(run: number): Promise<void> {
    const started = this.timers.now();
    let outcome: Awaited<ReturnType<AutoLoopOptions['step']>>;
    try {
      outcome = await this.o.step();
    } catch (err) {
      if (run === this.run) this.end('error', err);
      return;
    }
    if (run !== this.run) return;
    if (outcome) return this.end(outcome);
    const wait = Math.max(0, this.o.intervalMs - (this.timers.now() - started));
    this.timer = this.timers.set(() => {
      this.timer = null;
      if (run === this.run) void this.next(run);
    }, wait);
  }
}
