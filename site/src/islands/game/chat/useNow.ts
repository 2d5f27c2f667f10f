import { useEffect, useReducer } from 'react';

/**
 * The current time, rendered again when `nextIn(now)` ms have passed (null: nothing due), so timed phases (the
 * overlay's fade) change on time without a per-frame timer.
 */
export function useNow(nextIn: (now: number) => number | null, deps: readonly unknown[]): number {
  const [tick, bump] = useReducer((n: number) => n + 1, 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the next change depends on; tick re-arms
  useEffect(() => {
    const wait = nextIn(Date.now());
    if (wait === null) return;
    const t = setTimeout(bump, wait + 20);
    return () => clearTimeout(t);
  }, [tick, ...deps]);
  return Date.now();
}
