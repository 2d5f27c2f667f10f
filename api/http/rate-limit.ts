/**
 * Token buckets keyed by who is asking (a user id, an address). Each key may spend `burst` at once and regains
 * `perSecond` a second. Memory stays bounded: buckets that have refilled to full carry no information and are
 * dropped whenever the table reaches `maxKeys`; should none have refilled (a flood from more keys than that), the
 * oldest are dropped too, which at worst forgives a few keys their debt.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly perSecond: number,
    readonly burst: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Spends one token for `key` at `now` (ms); answers 0 when allowed, else the ms until a token is back. */
  take(key: string, now: number): number {
    const b = this.buckets.get(key);
    const tokens = b ? Math.min(this.burst, b.tokens + (Math.max(0, now - b.at) / 1000) * this.perSecond) : this.burst;
    if (tokens < 1) {
      if (b) Object.assign(b, { tokens, at: now });
      return Math.ceil(((1 - tokens) / this.perSecond) * 1000);
    }
    if (b) Object.assign(b, { tokens: tokens - 1, at: now });
    else {
      if (this.buckets.size >= this.maxKeys) this.prune(now);
      this.buckets.set(key, { tokens: tokens - 1, at: now });
    }
    return 0;
  }

  /**
   * For a route: spends one token for `key`; when none is left, sets Retry-After in `headers` and answers the body
   * of the 429 to send (null when the request may go on).
   */
  refusal(key: string, now: number, headers: Record<string, unknown>, what = 'requests'): { message: string } | null {
    const wait = this.take(key, now);
    if (wait === 0) return null;
    const limited = rateLimited(wait, what);
    Object.assign(headers, limited.headers);
    return limited.body;
  }

  private prune(now: number): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((now - b.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(key);
    }
    // A Map iterates in insertion order: the first keys are the oldest.
    const over = this.buckets.size - Math.floor(this.maxKeys * 0.9);
    if (over <= 0) return;
    let n = 0;
    for (const key of this.buckets.keys()) {
      if (n++ >= over) break;
      this.buckets.delete(key);
    }
  }

  get size(): number {
    return this.buckets.size;
  }
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
