/** What a hash or check answers when every slot is taken and the queue is full: refuse at once, 503. */
export const BUSY = Symbol('busy');
export const BUSY_MESSAGE = 'The server is busy with other sign-ins; try again in a moment';
/** Retry-After of that 503, in seconds. */
export const BUSY_RETRY_AFTER_S = 2;

/**
 * Argon2id hashing (sign-up) and checking (sign-in) for one process, at most `concurrency` at once with at most
 * `queue` more waiting in arrival order; beyond that BUSY at once, never a longer queue. Each hash takes ~100 ms of a
 * core on Bun's thread pool: unbounded, a flood of sign-ups holds every core (and every thread of the pool), and the
 * game's requests, its database worker and its sockets wait behind them. Bounded, the hashing keeps to its share of
 * the machine, and a flood is answered 503 instead of growing a queue.
 */
export class PasswordHasher {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Hashes and checks refused with BUSY since the start. */
  busy = 0;
  /** The most that ever ran at once (tests). */
  peak = 0;

  constructor(
    readonly concurrency: number,
    readonly queue: number,
  ) {}

  hash(password: string): Promise<string | typeof BUSY> {
    return this.run(() => Bun.password.hash(password, { algorithm: 'argon2id' }));
  }

  verify(password: string, hash: string): Promise<boolean | typeof BUSY> {
    return this.run(() => Bun.password.verify(password, hash));
  }

  get stats(): { running: number; queued: number; busy: number } {
    return { running: this.running, queued: this.waiting.length, busy: this.busy };
  }

  private async run<T>(work: () => Promise<T>): Promise<T | typeof BUSY> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) {
        this.busy += 1;
        return BUSY;
      }
      // The slot is handed over by the finishing run (running stays counted), so no newcomer can slip in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    this.peak = Math.max(this.peak, this.running);
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
