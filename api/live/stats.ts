/**
 * What the live layer counts for /metrics. Frames are counted on the hot path, so a count is one Map update (no
 * allocation: the keys are the protocol's message types); /metrics reads the totals when it is scraped.
 */
export class Tally {
  private readonly counts = new Map<string, number>();

  add(key: string, n = 1): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + n);
  }

  entries(): IterableIterator<[string, number]> {
    return this.counts.entries();
  }
}

/** Where a duration goes (a Prometheus histogram in the app; nowhere in tests that build rooms by hand). */
export interface Latency {
  observe(seconds: number): void;
}

export const noLatency: Latency = { observe() {} };

export interface LiveStats {
  /** Frames read from sockets, by message type (`invalid` when unparsable, `rate_limited` when over the limit). */
  framesIn: Tally;
  /** Frames sent, by message type: one per socket send or per topic publish (however many sockets a topic has). */
  framesOut: Tally;
  /** How long a move waited in a room's outbox before its `players_moved` frame went out. */
  moveDelivery: Latency;
}

export function newLiveStats(moveDelivery: Latency = noLatency): LiveStats {
  return { framesIn: new Tally(), framesOut: new Tally(), moveDelivery };
}
