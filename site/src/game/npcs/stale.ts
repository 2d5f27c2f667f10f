/**
 * A load with a freshness window, like the spec's "stale N s" (section 7): a request within `staleMs` of the last
 * successful load is skipped unless forced; loads in flight are coalesced (actions/refresh.ts).
 */
import { coalesced } from '../actions/refresh.ts';

export interface Freshness {
  /** Loads unless the last load succeeded less than `staleMs` ago (`force` loads anyway). */
  (force?: boolean): Promise<void>;
  /** Forget the last load: the next request loads. */
  invalidate(): void;
}

/** `run` resolves true when it loaded (false when it failed or had nothing to do: no freshness then). */
export function withFreshness(run: () => Promise<boolean>, staleMs: number, now: () => number = Date.now): Freshness {
  let loadedAt = -Infinity;
  let forced = false;
  const load = coalesced(async () => {
    if (!forced && now() - loadedAt < staleMs) return;
    forced = false;
    if (await run()) loadedAt = now();
  });
  const f = ((force = false) => {
    if (force) forced = true;
    return load();
  }) as Freshness;
  f.invalidate = () => {
    loadedAt = -Infinity;
  };
  return f;
}

/**
 * Runs `fn` at most once per `ms`: a call while it may not run yet is deferred to the end of the window (one trailing
 * run however many calls came), so the last change is always picked up.
 */
export function throttled(
  fn: () => void,
  ms: number,
  timers: { now(): number; set(fn: () => void, ms: number): unknown; clear(h: unknown): void } = {
    now: Date.now,
    set: (f, t) => setTimeout(f, t),
    clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  },
): { (): void; cancel(): void } {
  let last = -Infinity;
  let pending: unknown = null;
  const run = () => {
    pending = null;
    last = timers.now();
    fn();
  };
  const call = (() => {
    if (pending !== null) return;
    const wait = last + ms - timers.now();
    if (wait <= 0) run();
    else pending = timers.set(run, wait);
  }) as { (): void; cancel(): void };
  call.cancel = () => {
    if (pending !== null) timers.clear(pending);
    pending = null;
  };
  return call;
}
