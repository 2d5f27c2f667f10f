/** A hand-driven clock for the actions tests: timers fire only when advance() passes them. */
import type { Timers } from './auto.ts';

export class FakeTimers implements Timers {
  private t = 0;
  private seq = 0;
  private readonly due = new Map<number, { at: number; fn: () => void }>();

  now = () => this.t;
  set = (fn: () => void, ms: number): unknown => {
    const id = ++this.seq;
    this.due.set(id, { at: this.t + ms, fn });
    return id;
  };
  clear = (h: unknown): void => {
    this.due.delete(h as number);
  };

  get pending(): number {
    return this.due.size;
  }

  /** Moves the clock on, firing due timers in order and letting promises settle between them. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      await flush();
      const next = [...this.due.entries()].filter(([, d]) => d.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      this.due.delete(next[0]);
      this.t = next[1].at;
      next[1].fn();
    }
    this.t = end;
    await flush();
  }
}

/** Lets pending promise callbacks run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}
