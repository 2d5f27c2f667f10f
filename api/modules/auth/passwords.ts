/** What a hash or check answers when every slot is taken and the queue is full: refuse at once, 503. */
export const BUSY = Symbol('busy');
export const BUSY_MESSAGE = 'The server is busy with other sign-ins; try again in a moment';
/** Retry-After of that 503, in seconds. */
export const BUSY_RETRY_AFTER_S = 2;

/** Argon2id's memory (KiB) and passes for a new hash. */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
}
/** Argon2id's recommended parameters (RFC 9106's second choice, and Bun's defaults): ~170 ms a hash here. */
export const PRODUCTION_HASH_COST: PasswordHashCost = { memoryCost: 65536, timeCost: 2 };
/** What test servers hash with (~1.3 ms): a test's sign-ups are its setup, not what it measures. */
export const TEST_HASH_COST: PasswordHashCost = { memoryCost: 1024, timeCost: 1 };
/** Argon2's own floor is 8 KiB per lane; a configuration below a test's is a mistake, not a choice. */
export const MIN_HASH_COST: PasswordHashCost = TEST_HASH_COST;

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
    readonly cost: PasswordHashCost = PRODUCTION_HASH_COST,
  ) {}

  private decoyHash: Promise<string> | undefined;
  /**
   * A throwaway hash at this hasher's cost: a sign-in for a name nobody has is checked against it, so both failures
   * are equally slow.
   */
  decoy(): Promise<string> {
    this.decoyHash ??= hashPassword('wasteland-timing-decoy', this.cost);
    return this.decoyHash;
  }

  hash(password: string): Promise<string | typeof BUSY> {
    return this.run(() => hashPassword(password, this.cost));
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

/** One argon2id hash at `cost` (the timing decoy of a sign-in for an unknown name uses it too). */
export function hashPassword(password: string, cost: PasswordHashCost): Promise<string> {
  return Bun.password.hash(password, { algorithm: 'argon2id', ...cost });
}
