/**
 * Terrain made for the HTTP reads (path, chunks, poi-state), and the path searches over it, a bounded amount per turn
 * of the event loop. A chunk
 * costs the core 2–6 ms; a region or a path window can need dozens, and a player asking for many at once would
 * otherwise hold the loop for seconds while every other player's request waits. Here each job runs in a turn of its
 * own (setImmediate: incoming requests and timers are served in between), with more in the same turn only while it
 * has lasted under TURN_BUDGET_MS. One queue per process, in order: whoever asks, the loop is never held longer than
 * about one chunk.
 */

/** Work per turn beyond the first job (which always runs): about one chunk on a busy machine. */
export const TURN_BUDGET_MS = 4;

export class GenerationQueue {
  private readonly jobs: (() => void)[] = [];
  private head = 0;
  private scheduled = false;

  constructor(private readonly budgetMs = TURN_BUDGET_MS) {}

  /** Runs `job` in a later turn of the event loop; answers what it answered (or its error). */
  run<T>(job: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.jobs.push(() => {
        try {
          resolve(job());
        } catch (err) {
          reject(err);
        }
      });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(this.turn);
      }
    });
  }

  /** Jobs waiting (for tests and metrics). */
  get waiting(): number {
    return this.jobs.length - this.head;
  }

  private readonly turn = (): void => {
    const t0 = performance.now();
    do {
      const job = this.jobs[this.head]!;
      this.jobs[this.head++] = noop;
      job();
    } while (this.head < this.jobs.length && performance.now() - t0 < this.budgetMs);
    if (this.head >= this.jobs.length) {
      this.jobs.length = 0;
      this.head = 0;
      this.scheduled = false;
    } else {
      // Done jobs are dropped now and then, not on every shift (an array's shift copies the rest).
      if (this.head > 1024) {
        this.jobs.splice(0, this.head);
        this.head = 0;
      }
      setImmediate(this.turn);
    }
  };
}

const noop = () => {};
