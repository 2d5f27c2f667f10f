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
