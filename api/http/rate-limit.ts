/**
 * Token buckets keyed by who is asking (a user id, an address), in one process's memory. Each key may spend `burst` at
 * once and regains `perSecond` a second. A bucket is kept as GCRA's theoretical arrival time, as the shared buckets in
 * the database are (api/http/shared-limits.ts, which uses this as its local copy): full when it is not after now,
 * each token moving it on by 1/perSecond s, refused when that would put it more than burst/perSecond s ahead.
 * Memory stays bounded: buckets that have refilled to full carry no information and are dropped whenever the table
 * reaches `maxKeys`; should none have refilled (a flood from more keys than that), the oldest are dropped too, which
 * at worst forgives a few keys their debt.
 */
export class RateLimiter {
  private readonly tats = new Map<string, number>();
  /** Ms one token is worth. */
  readonly interval: number;
  /** How far ahead of now a bucket's arrival time may run: burst tokens' worth. */
  readonly horizon: number;

  constructor(
    readonly perSecond: number,
    readonly burst: number,
    private readonly maxKeys = 10_000,
  ) {
    this.interval = 1000 / perSecond;
    this.horizon = this.interval * burst;
  }

  /** Ms until `key` has a token at `now` (0: it has one now); spends nothing. */
  wait(key: string, now: number): number {
    const tat = this.tats.get(key);
    if (tat === undefined) return 0;
    return Math.max(0, Math.ceil(Math.max(tat, now) + this.interval - this.horizon - now));
  }

  /** Spends one token for `key` at `now` (ms); answers 0 when allowed, else the ms until a token is back. */
  take(key: string, now: number): number {
    const wait = this.wait(key, now);
    if (wait > 0) return wait;
    this.set(key, Math.max(this.tats.get(key) ?? now, now) + this.interval, now);
    return 0;
  }

  /** The bucket's arrival time (undefined when it is full and forgotten). */
  tat(key: string): number | undefined {
    return this.tats.get(key);
  }

  /** Sets the bucket's arrival time (from the shared bucket); a time not after `now` is a full bucket. */
  set(key: string, tat: number, now: number): void {
    if (tat <= now) {
      this.tats.delete(key);
      return;
    }
    if (!this.tats.has(key) && this.tats.size >= this.maxKeys) this.prune(now);
    this.tats.set(key, tat);
  }

  /**
   * For a route: spends one token for `key`; when none is left, sets Retry-After in `headers` and answers the body
   * of the 429 to send (null when the request may go on).
   */
  refusal(key: string, now: number, headers: Record<string, unknown>, what = 'requests'): { message: string } | null {
    return refusalFor(this.take(key, now), headers, what);
  }

  private prune(now: number): void {
    for (const [key, tat] of this.tats) if (tat <= now) this.tats.delete(key);
    // A Map iterates in insertion order: the first keys are the oldest.
    const over = this.tats.size - Math.floor(this.maxKeys * 0.9);
    if (over <= 0) return;
    let n = 0;
    for (const key of this.tats.keys()) {
      if (n++ >= over) break;
      this.tats.delete(key);
    }
  }

  get size(): number {
    return this.tats.size;
  }
}

/** A limiter's answer turned into a route's: null when `wait` is 0, else Retry-After set and the 429 body. */
export function refusalFor(wait: number, headers: Record<string, unknown>, what: string): { message: string } | null {
  if (wait === 0) return null;
  const limited = rateLimited(wait, what);
  Object.assign(headers, limited.headers);
  return limited.body;
}

/** What a 429 says and its Retry-After header (whole seconds, at least 1): every rate-limited route uses these. */
export function rateLimited(
  retryAfterMs: number,
  what = 'requests',
): { headers: { 'retry-after': string }; body: { message: string } } {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return {
    headers: { 'retry-after': String(seconds) },
    body: { message: `Too many ${what}; slow down and try again in ${seconds} s` },
  };
}

/** A write limit's numbers (api/http/write-limits.ts): `perSecond` regained, `burst` at once; perSecond 0 is off. */
export interface WriteLimit {
  perSecond: number;
  burst: number;
}

/**
 * Far above what a person clicking can send (the REST move fallback alone is held to 12 a second by its own
 * limiter), low enough that one account cannot keep the database busy with writes.
 */
export const DEFAULT_WRITE_LIMIT_PER_USER: WriteLimit = { perSecond: 20, burst: 40 };
/** Several players behind one address (a household, a LAN party) share this. */
export const DEFAULT_WRITE_LIMIT_PER_ADDRESS: WriteLimit = { perSecond: 50, burst: 100 };

/**
 * Terrain reads (path, chunks, poi-state, terrain-info) per signed-in user. The page itself asks a few a minute
 * (poi-state on entering a sector, terrain-info every 5 s beside a site); tools and tests that look the map over
 * ask in bursts of a hundred or so. Each costs the core up to a few milliseconds, so one account is held to a small
 * share of a process.
 */
export const DEFAULT_TERRAIN_READ_LIMIT_PER_USER: WriteLimit = { perSecond: 20, burst: 200 };
