import { monitorEventLoopDelay } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isRefusal } from '../http/errors.ts';
import type { BusStats } from '../live/bus.ts';
import type { LiveStats } from '../live/stats.ts';
import type { NpcSimStats } from '../modules/npcs/simulation.ts';

/** Histogram buckets in seconds, from a fast query to a request that took far too long. */
const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Live delivery is paced by the 100 ms beat: finer steps below it. */
const LIVE_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * prom-client's default metrics that mean something on Bun: CPU, RSS, file descriptors and the JS heap. The rest
 * (V8 heap spaces, active handles, GC, the Node version Bun emulates) read zero or mislead there, and its event-loop
 * lag prints NaN and a huge minimum when a scrape follows another within its 10 ms resolution: ours replaces it.
 */
const MEANINGFUL_ON_BUN =
  /^(process_(cpu_.*|start_time_seconds|resident_memory_bytes|virtual_memory_bytes|open_fds|max_fds)|nodejs_heap_size_(total|used)_bytes|nodejs_external_memory_bytes)$/;

let processRegistry: Registry | null = null;

/** The process's own metrics: one registry per process, whichever app (tests run several) is scraped. */
function processMetrics(): Registry {
  if (processRegistry) return processRegistry;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const m of registry.getMetricsAsArray()) if (!MEANINGFUL_ON_BUN.test(m.name)) registry.removeSingleMetric(m.name);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  new Gauge({
    name: 'wasteland_event_loop_delay_seconds',
    help: 'Event-loop delay since the previous scrape: median, 99th percentile and maximum (0 without samples).',
    labelNames: ['stat'] as const,
    registers: [registry],
    collect() {
      const seconds = (ns: number) => (delay.count > 0 ? ns / 1e9 : 0);
      this.set({ stat: 'p50' }, seconds(delay.percentile(50)));
      this.set({ stat: 'p99' }, seconds(delay.percentile(99)));
      this.set({ stat: 'max' }, seconds(delay.max));
      delay.reset();
    },
  });
  processRegistry = registry;
  return registry;
}

/** What /metrics reads from the running app when it is scraped (nothing of this is counted for it on the hot path). */
export interface MetricSources {
  version: string;
  database: { kind: string; poolSize: number; engineMemory?: () => Promise<{ wasmHeap: number; jsHeap: number }> };
  connections: { readonly size: number };
  hub: {
    readonly stats: LiveStats;
    readonly sweeps: number;
    roomSizes(): { worldId: string; entities: number; sockets: number }[];
  };
  bus: { readonly stats: BusStats };
  npcs: { readonly stats: NpcSimStats; readonly leading: boolean; heldWorlds(): string[] | undefined };
  /** Argon2id work of sign-ups and sign-ins (api/modules/auth/passwords.ts). */
  passwords: { readonly stats: { running: number; queued: number; busy: number } };
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * One app's metrics, in Prometheus text format. Request metrics are labelled by route pattern (never the path with
 * its ids), per-world gauges exist only for worlds with an open room, and frame types are the protocol's: every
 * label's values are bounded.
 */
export class Metrics {
  private readonly registry = new Registry();
  /** Made with the first app, not at the first scrape: the event-loop lag needs time to gather samples. */
  private readonly process = processMetrics();
  private readonly requests = new Counter({
    name: 'wasteland_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly requestSeconds = new Histogram({
    name: 'wasteland_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being handed to the server, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  /** A move's wait in a room's outbox (live/move-outbox.ts). */
  readonly moveDelivery = new Histogram({
    name: 'wasteland_live_move_delivery_seconds',
    help: "How long a move waited in a room's outbox before its players_moved frame went out.",
    buckets: LIVE_SECONDS,
    registers: [this.registry],
  });
  /** Postgres bus: from a batch's publication on another process to its arrival here (live/pg-bus.ts). */
  readonly busLag = new Histogram({
    name: 'wasteland_bus_lag_seconds',
    help: 'From publication on another process to arrival here, per NOTIFY payload (Postgres bus only).',
    buckets: LIVE_SECONDS,
    registers: [this.registry],
  });
  private readonly dbSeconds = new Histogram({
    name: 'wasteland_db_call_duration_seconds',
    help: 'Time of one repository call (one or more queries, or a whole transaction), by repository.',
    labelNames: ['repo'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly dbFailures = new Counter({
    name: 'wasteland_db_call_failures_total',
    help: 'Repository calls that failed, by repository (a refusal thrown to roll a transaction back, such as a 409, is none).',
    labelNames: ['repo'] as const,
    registers: [this.registry],
  });
  private dbInFlight = 0;

  /** One answered request; `route` is the matched pattern or UNMATCHED_ROUTE. */
  request(method: string, route: string, status: number, seconds: number): void {
    const m = METHODS.has(method) ? method : 'OTHER';
    this.requests.inc({ method: m, route, status: String(status) });
    this.requestSeconds.observe({ method: m, route }, seconds);
  }

  /** The repository with every method timed (calls through `this` inside it are not counted twice). */
  timeRepo<R extends object>(name: string, repo: R): R {
    const seconds = this.dbSeconds.labels(name);
    const failures = this.dbFailures.labels(name);
    const timed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(repo)) {
      if (typeof value !== 'function') {
        timed[key] = value;
        continue;
      }
      timed[key] = (...args: unknown[]) => {
        const started = performance.now();
        this.dbInFlight += 1;
        const done = () => {
          this.dbInFlight -= 1;
          seconds.observe((performance.now() - started) / 1000);
        };
        const failed = (err: unknown) => {
          done();
          // A refusal thrown inside a transaction (409 "insufficient materials", 403 "not yours") rolls it back on
          // purpose: the call did what it should.
          if (!isRefusal(err)) failures.inc();
          throw err;
        };
        let result: unknown;
        try {
          result = value.apply(repo, args);
        } catch (err) {
          failed(err);
        }
        if (typeof (result as PromiseLike<unknown> | null)?.then === 'function') {
          return Promise.resolve(result).then((v) => {
            done();
            return v;
          }, failed);
        }
        done();
        return result;
      };
    }
    return timed as R;
  }

  /** Every repository of a `repositories(db)` object, timed under its own name. */
  timeRepos<T extends Record<string, object>>(repos: T): T {
    return Object.fromEntries(Object.entries(repos).map(([name, repo]) => [name, this.timeRepo(name, repo)])) as T;
  }

  /** Registers what is read from the app at scrape time. Call once, when the app's parts exist. */
  watch(s: MetricSources): void {
    const registers = [this.registry];
    const gauge = (name: string, help: string, value: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(value());
        },
      });
    // A total kept by the app (bus, NPC runner): the counter is set to it at each scrape.
    const counter = (name: string, help: string, value: () => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(value());
        },
      });
    const tally = (name: string, help: string, entries: () => Iterable<[string, number]>) =>
      new Counter({
        name,
        help,
        labelNames: ['type'] as const,
        registers,
        collect() {
          this.reset();
          for (const [type, n] of entries()) this.inc({ type }, n);
        },
      });
    const perWorld = (name: string, help: string, pick: (r: { entities: number; sockets: number }) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['world'] as const,
        registers,
        collect() {
          this.reset();
          for (const r of s.hub.roomSizes()) this.set({ world: r.worldId }, pick(r));
        },
      });

    new Gauge({
      name: 'wasteland_info',
      help: 'Always 1: the version, the Bun runtime and the database kind as labels.',
      labelNames: ['version', 'bun', 'database'] as const,
      registers,
    }).set({ version: s.version, bun: Bun.version, database: s.database.kind }, 1);

    gauge('wasteland_ws_connections', 'Open live connections (WebSockets) on this process.', () => s.connections.size);
    tally('wasteland_ws_frames_in_total', 'Frames read from sockets, by message type (invalid, rate_limited).', () =>
      s.hub.stats.framesIn.entries(),
    );
    tally(
      'wasteland_ws_frames_out_total',
      'Frames sent, by message type: one per socket send or per topic publish (whatever its subscribers).',
      () => s.hub.stats.framesOut.entries(),
    );
    gauge('wasteland_live_rooms', 'Worlds with an open room on this process.', () => s.hub.roomSizes().length);
    perWorld('wasteland_live_entities', 'Survivors this process holds, per world with an open room.', (r) => r.entities);
    perWorld('wasteland_live_sockets', 'Live connections per world with an open room.', (r) => r.sockets);
    counter(
      'wasteland_live_sweeps_total',
      'Live housekeeping rounds completed (write-back, leaves, survivor leases), one every WRITE_BACK_INTERVAL_MS.',
      () => s.hub.sweeps,
    );

    const bus = s.bus.stats;
    counter('wasteland_bus_published_total', 'Batches this process published on the live bus.', () => bus.published);
    counter('wasteland_bus_received_total', 'Batches received from other processes.', () => bus.received);
    counter('wasteland_bus_notifies_total', 'NOTIFY payloads sent to Postgres (0 in process).', () => bus.notifies);
    counter('wasteland_bus_failures_total', 'Bus payloads that could not be sent or parsed.', () => bus.failures);

    gauge(
      'wasteland_password_hashes_running',
      'Argon2id hashes and checks running now on this process.',
      () => s.passwords.stats.running,
    );
    gauge(
      'wasteland_password_hashes_queued',
      'Sign-ups and sign-ins waiting for a hashing slot.',
      () => s.passwords.stats.queued,
    );
    counter(
      'wasteland_password_busy_total',
      'Sign-ups and sign-ins answered 503 because every hashing slot was taken and the queue was full.',
      () => s.passwords.stats.busy,
    );

    const npc = s.npcs.stats;
    gauge('wasteland_npc_sim_leading', '1 while this process holds an NPC lease and simulates.', () => (s.npcs.leading ? 1 : 0));
    // On Postgres only: embedded PGlite's one process simulates every world.
    if (s.npcs.heldWorlds() !== undefined) {
      gauge(
        'wasteland_npc_sim_worlds',
        'Worlds whose NPCs this process simulates (it holds their leases; the processes share the worlds).',
        () => s.npcs.heldWorlds()?.length ?? 0,
      );
    }
    gauge(
      'wasteland_npc_sim_lag_seconds',
      'At the start of the last round, how far the oldest due NPC phase lay behind now.',
      () => npc.lagMs / 1000,
    );
    gauge('wasteland_npc_sim_last_round_phases', 'NPC phases stepped by the last round.', () => npc.lastRoundPhases);
    counter('wasteland_npc_sim_rounds_total', 'NPC simulation rounds run.', () => npc.rounds);
    counter('wasteland_npc_sim_phases_total', 'NPC phases stepped.', () => npc.phases);
    counter('wasteland_npc_sim_transactions_total', 'Settlement transactions committed.', () => npc.transactions);
    counter('wasteland_npc_sim_failures_total', 'Settlement steps that failed.', () => npc.failures);

    gauge(
      'wasteland_db_pool_size',
      'Connections the database driver may open (DATABASE_POOL_SIZE; 1 on PGlite).',
      () => s.database.poolSize,
    );
    const engineMemory = s.database.engineMemory;
    if (engineMemory) {
      // One message to the worker per gauge and scrape; a closed database leaves the last value.
      const engineGauge = (name: string, help: string, pick: (m: { wasmHeap: number; jsHeap: number }) => number) =>
        new Gauge({
          name,
          help,
          registers,
          async collect() {
            const m = await engineMemory().catch(() => null);
            if (m) this.set(pick(m));
          },
        });
      engineGauge(
        'wasteland_pglite_wasm_heap_bytes',
        "Embedded PGlite: Postgres's WebAssembly heap in its worker thread (it grows, never shrinks).",
        (m) => m.wasmHeap,
      );
      engineGauge('wasteland_pglite_worker_heap_bytes', "Embedded PGlite: its worker thread's JavaScript heap.", (m) => m.jsHeap);
    }
    gauge(
      'wasteland_db_calls_in_flight',
      'Repository calls under way (waiting for a connection included).',
      () => this.dbInFlight,
    );
  }

  /** The exposition: the process's metrics, then the app's. */
  async render(): Promise<string> {
    return (await this.process.metrics()) + (await this.registry.metrics());
  }

  readonly contentType = Registry.PROMETHEUS_CONTENT_TYPE;
}
