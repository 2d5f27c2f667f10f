import type { Bus, BusBatch, BusEvent, BusReach } from './bus.ts';
import { newBusStats } from './bus.ts';
import { type Latency, noLatency } from './stats.ts';

/** What the bus needs of Postgres: LISTEN on a channel and NOTIFY it (postgres.js `listen` / `notify`). */
export interface Notifier {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
}

/** The one channel every Wasteland process listens on (a database holds one game). */
export const BUS_CHANNEL = 'wasteland_live';
/** NOTIFY refuses payloads of 8,000 bytes or more; keep a margin. */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7_900;

interface Wire {
  /** Sending process. */
  f: string;
  /** When the oldest batch in the payload was published (epoch ms): the receiver measures the bus's lag from it. */
  t: number;
  /** Batches: world id and events. */
  b: { w: string; e: BusEvent[] }[];
}

/**
 * Packs batches into NOTIFY payloads under the byte limit: whole worlds together while they fit, a world's events
 * split over several payloads when one world's tick is larger. An event that alone exceeds the limit is dropped
 * (none should: rosters are published in parts) and counted as a failure.
 */
export function packPayloads(
  from: string,
  batches: { worldId: string; events: BusEvent[] }[],
  maxBytes = NOTIFY_PAYLOAD_MAX_BYTES,
  publishedAt = Date.now(),
) {
  const payloads: string[] = [];
  let dropped = 0;
  const head = `{"f":${JSON.stringify(from)},"t":${Math.floor(publishedAt)},"b":[`;
  const tail = ']}';
  // What every payload spends on its envelope, measured once.
  const envelope = bytes(head) + bytes(tail);
  let parts: string[] = [];
  let size = envelope;
  const flush = () => {
    if (parts.length) payloads.push(head + parts.join(',') + tail);
    parts = [];
    size = envelope;
  };
  for (const { worldId, events } of batches) {
    const worldHead = `{"w":${JSON.stringify(worldId)},"e":[`;
    const overhead = bytes(worldHead) + 2 + 1; // "]}" and a separating comma
    let current: string[] = [];
    let currentSize = 0;
    const closeWorld = () => {
      if (!current.length) return;
      const part = worldHead + current.join(',') + ']}';
      const partBytes = bytes(part);
      if (size + partBytes + 1 > maxBytes) flush();
      parts.push(part);
      size += partBytes + 1;
      current = [];
      currentSize = 0;
    };
    for (const event of events) {
      const json = JSON.stringify(event);
      const n = bytes(json) + 1;
      if (envelope + overhead + n > maxBytes) {
        dropped += 1;
        continue;
      }
      if (envelope + overhead + currentSize + n > maxBytes) {
        closeWorld();
        flush();
      }
      current.push(json);
      currentSize += n;
    }
    closeWorld();
  }
  flush();
  return { payloads, dropped };
}

function bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/**
 * The bus over Postgres LISTEN/NOTIFY: an engine we already run, no new service. Events published in one turn
 * of the event loop (rooms tick on the same clock boundary) go out together, packed under the payload limit;
 * this process's own payloads come back from Postgres too and are dropped (it delivered them locally at once).
 */
export class PostgresBus implements Bus {
  readonly shared = true;
  readonly stats = newBusStats();
  private handlers: ((batch: BusBatch) => void)[] = [];
  private queue: { worldId: string; events: BusEvent[] }[] = [];
  private queuedAt = 0;
  private flushScheduled = false;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;
  /** How this process's own payloads begin: Postgres hands them back too, and they are dropped before parsing. */
  private readonly ownHead: string;

  private constructor(
    readonly processId: string,
    private readonly pg: Notifier,
    private readonly log: (what: string, err: unknown) => void,
    private readonly lag: Latency,
  ) {
    this.ownHead = `{"f":${JSON.stringify(processId)},`;
  }

  /** `lag` hears, for every payload from another process, how long ago its oldest batch was published there. */
  static async start(
    processId: string,
    pg: Notifier,
    log: (what: string, err: unknown) => void,
    lag: Latency = noLatency,
  ): Promise<PostgresBus> {
    const bus = new PostgresBus(processId, pg, log, lag);
    bus.unlisten = await pg.listen(BUS_CHANNEL, (payload) => bus.receive(payload));
    return bus;
  }

  publish(worldId: string, events: BusEvent[], reach: BusReach = 'everywhere'): void {
    if (events.length === 0 || this.closed) return;
    this.stats.published += 1;
    const batch = { from: this.processId, worldId, events };
    for (const h of this.handlers) h(batch);
    if (reach === 'here') return;
    if (this.queue.length === 0) this.queuedAt = Date.now();
    this.queue.push({ worldId, events });
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): Promise<unknown> {
    this.flushScheduled = false;
    const batches = this.queue;
    this.queue = [];
    const { payloads, dropped } = packPayloads(this.processId, batches, NOTIFY_PAYLOAD_MAX_BYTES, this.queuedAt);
    this.stats.failures += dropped;
    return Promise.all(
      payloads.map((p) => {
        this.stats.notifies += 1;
        return this.pg.notify(BUS_CHANNEL, p).catch((err) => {
          this.stats.failures += 1;
          this.log('notify failed', err);
        });
      }),
    );
  }

  private receive(payload: string): void {
    if (payload.startsWith(this.ownHead)) return;
    let wire: Wire;
    try {
      wire = JSON.parse(payload) as Wire;
    } catch (err) {
      this.stats.failures += 1;
      this.log('unparsable payload', err);
      return;
    }
    if (wire.f === this.processId) return;
    // Wall clocks of two hosts: a clock behind ours would read as a negative lag.
    if (typeof wire.t === 'number') this.lag.observe(Math.max(0, Date.now() - wire.t) / 1000);
    for (const b of wire.b) {
      this.stats.received += 1;
      const batch = { from: wire.f, worldId: b.w, events: b.e };
      for (const h of this.handlers) h(batch);
    }
  }

  onBatch(handler: (batch: BusBatch) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    // What the rooms said last (leaves, final moves) reaches the other processes before the connection goes.
    if (this.queue.length) await this.flush();
    this.handlers = [];
    await this.unlisten?.().catch(() => {});
  }
}
