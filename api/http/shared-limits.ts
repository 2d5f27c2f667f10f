import type { RateBucketsRepo } from '../../db/repos/rate-buckets.ts';
import { EXPLORED_SAVES_BURST, EXPLORED_SAVES_PER_SECOND, REST_MOVES_BURST, REST_MOVES_PER_SECOND } from '../contract/world.ts';
import { WS_RATE_BURST, WS_RATE_PER_SECOND } from '../contract/protocol.ts';
import type { Services } from '../services.ts';
import { errorFields } from './errors.ts';
import { RateLimiter, refusalFor, type WriteLimit } from './rate-limit.ts';

/** How often a process sends the frames it let through to the shared buckets and learns what the others spent. */
export const FRAME_SYNC_MS = 100;
/** How often a process deletes full buckets from the table. */
const PRUNE_EVERY_MS = 30_000;
/** While the shared buckets fail, how often one check tries the database again (the others decide locally). */
export const SHARED_RETRY_MS = 1000;
export const SHARED_DOWN_LINE = '[limits] shared buckets unreachable; each process limits on its own until the database answers';
export const SHARED_UP_LINE = '[limits] shared buckets answer again';

/**
 * Whether this process's shared buckets work, for all its limiters at once. The first failure is logged (a warning)
 * and turns every limiter to its own local buckets; from then on one check a second (SHARED_RETRY_MS) tries the
 * database, the others never wait for it, and the first success is logged once and turns them back. A call that takes
 * longer than `timeoutMs` counts as a failure, so no request waits longer than that for a bucket.
 */
export class SharedBuckets {
  private downSince: number | null = null;
  private nextTry = 0;

  constructor(
    private readonly log: Pick<Services['log'], 'warn' | 'info'>,
    /** RATE_LIMIT_DB_TIMEOUT_MS: the most a check waits for the shared bucket before it decides locally. */
    readonly timeoutMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** True while the last call failed. */
  get down(): boolean {
    return this.downSince !== null;
  }

  /** Whether a check should ask the database now (always while it works; one a second while it fails). */
  private mayTry(): boolean {
    if (this.downSince === null) return true;
    const now = this.clock();
    if (now < this.nextTry) return false;
    this.nextTry = now + SHARED_RETRY_MS;
    return true;
  }

  /**
   * Runs a call on the shared buckets, within the time limit when `bounded` (a request waits on it); null when it
   * failed, timed out or was not tried.
   */
  async call<T>(run: () => Promise<T>, bounded = true): Promise<T | null> {
    if (!this.mayTry()) return null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      if (bounded) timer = setTimeout(() => resolve('late'), this.timeoutMs);
    });
    const running = run();
    try {
      const result = await Promise.race([running, late]);
      if (result === 'late') {
        running.catch(() => {});
        this.failed(new Error(`no answer within ${this.timeoutMs} ms`));
        return null;
      }
      this.recovered();
      return result;
    } catch (err) {
      this.failed(err);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  private failed(err: unknown): void {
    this.nextTry = this.clock() + SHARED_RETRY_MS;
    if (this.downSince !== null) return;
    this.downSince = this.clock();
    this.log.warn({ ...errorFields(err), timeoutMs: this.timeoutMs }, SHARED_DOWN_LINE);
  }

  private recovered(): void {
    if (this.downSince === null) return;
    const downMs = Math.round(this.clock() - this.downSince);
    this.downSince = null;
    this.log.info({ downMs }, SHARED_UP_LINE);
  }
}

interface Deps {
  repo: RateBucketsRepo;
  /** Whether the shared store works; a failing one makes the limiter decide on this process's own numbers. */
  shared: SharedBuckets;
}

/**
 * A limit that holds exactly over every process on the database: each check that may pass is one conditional UPSERT
 * on the key's shared bucket (db/repos/rate-buckets.ts), so requests spread over any number of processes together get
 * the limit once, not once per process. The process keeps the last state it saw of each bucket: while that alone
 * already says no (the shared bucket can only be as full or emptier), a refusal needs no database at all, so a flood
 * costs the database one statement per refill rather than one per request. Should the database fail, the check falls
 * back to this process's own bucket (and the failure is logged): a limit is never a reason to refuse a request.
 */
export class SharedLimiter {
  private readonly local: RateLimiter;

  constructor(
    private readonly deps: Deps,
    /** Namespaces the keys of this limit in the shared table. */
    readonly prefix: string,
    readonly limit: WriteLimit,
  ) {
    this.local = new RateLimiter(limit.perSecond, limit.burst);
  }

  /** Spends one token of `key` at `now` (ms); answers 0 when allowed, else the ms until a token is back. */
  async take(key: string, now: number): Promise<number> {
    const known = this.local.wait(key, now);
    if (known > 0) return known;
    const shared = await this.deps.shared.call(() => this.deps.repo.take(this.prefix + key, this.limit, now));
    if (shared === null) return this.local.take(key, now);
    this.local.set(key, shared.tat, now);
    return Math.ceil(shared.wait);
  }

  /** For a route: as take, then Retry-After in `headers` and the 429 body when refused (null when allowed). */
  async refusal(
    key: string,
    now: number,
    headers: Record<string, unknown>,
    what = 'requests',
  ): Promise<{ message: string } | null> {
    return refusalFor(await this.take(key, now), headers, what);
  }
}

/**
 * A limit for a hot path that must decide at once, without waiting on the database (live-socket frames): each
 * process decides on its own copy of the shared bucket, and every FRAME_SYNC_MS adds what it let through to the
 * shared bucket in one statement for all keys, taking back the total every process has spent. A process also reads
 * the shared bucket when a user's socket opens (a reconnect to another process starts from what was spent on the
 * first), and syncs at once when one closes. So the rate holds over all processes, and a user spread over P processes
 * at once gets at most what the other P − 1 let through inside one sync period (at worst a burst each) before every
 * process refuses.
 */
export class SyncedLimiter {
  private readonly local: RateLimiter;
  private pending = new Map<string, number>();
  private syncing: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly deps: Deps,
    readonly prefix: string,
    readonly limit: WriteLimit,
  ) {
    this.local = new RateLimiter(limit.perSecond, limit.burst);
  }

  /** Spends one token of `key` at `now` from this process's copy; answers 0 when allowed, else the ms to wait. */
  take(key: string, now: number): number {
    const wait = this.local.take(key, now);
    if (wait === 0) this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    return wait;
  }

  /** Takes in what every process has spent from `key` (a socket opens). */
  async seed(key: string, now: number): Promise<void> {
    const tats = await this.deps.shared.call(() => this.deps.repo.read([this.prefix + key]));
    const tat = tats?.get(this.prefix + key);
    if (tat !== undefined) this.local.set(key, Math.max(this.local.tat(key) ?? tat, tat), now);
  }

  /**
   * Sends what was let through since the last sync and takes back the shared totals. One sync at a time; one asked
   * for while another runs waits for it and then runs.
   */
  async sync(now: number): Promise<void> {
    while (this.syncing) await this.syncing;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const spent = new Map([...batch].map(([k, n]) => [this.prefix + k, n]));
    // Unbounded: no request waits on a sync, and a debit given up on could still land and be sent again.
    this.syncing = this.deps.shared
      .call(() => this.deps.repo.debit(spent, this.limit, now), false)
      .then((tats) => {
        if (tats === null) {
          // Kept for the next sync: what was let through is still owed to the shared buckets.
          for (const [k, n] of batch) this.pending.set(k, (this.pending.get(k) ?? 0) + n);
          return;
        }
        for (const key of batch.keys()) {
          const shared = tats.get(this.prefix + key);
          if (shared === undefined) continue;
          // Spent here while the statement ran: on top of the shared total, which does not hold them yet.
          const since = (this.pending.get(key) ?? 0) * this.local.interval;
          this.local.set(key, Math.max(this.local.tat(key) ?? now, shared + since), now);
        }
      });
    try {
      await this.syncing;
    } finally {
      this.syncing = null;
    }
  }

  start(clock: () => number): void {
    this.timer ??= setInterval(() => void this.sync(clock()), FRAME_SYNC_MS);
  }

  async stop(now: number): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sync(now);
  }
}

/**
 * Every rate limit of one app, shared through the database (`rate_buckets`) with every other process on it: the write
 * limits per user and per address, REST moves, explored-land saves (exact: SharedLimiter) and live-socket frames
 * (synced: SyncedLimiter). Sign-in and sign-up attempts are counted in `login_attempts` (db/repos/accounts.ts). A write
 * limit whose rate is 0 is off (null).
 */
export class RateLimits {
  readonly writesPerUser: SharedLimiter | null;
  readonly writesPerAddress: SharedLimiter | null;
  readonly moves: SharedLimiter;
  readonly exploredSaves: SharedLimiter;
  /** Terrain reads per user (path, chunks, poi-state, terrain-info); null when TERRAIN_READ_RATE_PER_USER is 0. */
  readonly terrainReads: SharedLimiter | null;
  readonly frames: SyncedLimiter;
  private pruner: ReturnType<typeof setInterval> | null = null;
  private pruning: Promise<unknown> | null = null;

  readonly shared: SharedBuckets;

  constructor(private readonly services: Pick<Services, 'config' | 'repos' | 'report' | 'now' | 'log'>) {
    const repo = services.repos.rateBuckets;
    this.shared = new SharedBuckets(services.log, services.config.sharedLimitTimeoutMs);
    const deps: Deps = { repo, shared: this.shared };
    const { writeLimitPerUser, writeLimitPerAddress } = services.config;
    this.writesPerUser = writeLimitPerUser.perSecond > 0 ? new SharedLimiter(deps, 'w:u:', writeLimitPerUser) : null;
    this.writesPerAddress = writeLimitPerAddress.perSecond > 0 ? new SharedLimiter(deps, 'w:a:', writeLimitPerAddress) : null;
    this.moves = new SharedLimiter(deps, 'move:', { perSecond: REST_MOVES_PER_SECOND, burst: REST_MOVES_BURST });
    this.exploredSaves = new SharedLimiter(deps, 'explored:', {
      perSecond: EXPLORED_SAVES_PER_SECOND,
      burst: EXPLORED_SAVES_BURST,
    });
    const { terrainReadLimitPerUser } = services.config;
    this.terrainReads =
      terrainReadLimitPerUser.perSecond > 0 ? new SharedLimiter(deps, 'terrain:', terrainReadLimitPerUser) : null;
    this.frames = new SyncedLimiter(deps, 'ws:', { perSecond: WS_RATE_PER_SECOND, burst: WS_RATE_BURST });
  }

  /**
   * Full buckets are deleted by the earlier of the two clocks the limits run on (write limits on real time, the game's
   * limits on the services' clock), so neither kind is forgiven early when a test moves the game's time.
   */
  private pruneNow(): number {
    return Math.min(Date.now(), this.services.now().getTime());
  }

  start(): void {
    this.frames.start(() => this.services.now().getTime());
    this.pruner ??= setInterval(() => {
      if (this.pruning) return;
      this.pruning = this.services.repos.rateBuckets
        .prune(this.pruneNow())
        .catch((err) => this.services.report('[limits] pruning the shared buckets failed', err))
        .finally(() => {
          this.pruning = null;
        });
    }, PRUNE_EVERY_MS);
  }

  async stop(): Promise<void> {
    if (this.pruner) clearInterval(this.pruner);
    this.pruner = null;
    await this.pruning;
    await this.frames.stop(this.services.now().getTime()).catch(() => {});
  }
}
