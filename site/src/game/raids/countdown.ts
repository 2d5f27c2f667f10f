/**
 * How long until a moment, as a clock counts down: '04:07', '1:02:09' past an hour, '00:00' once it has come. Whole
 * seconds rounded up, so the banner reads 00:01 during the last second and 00:00 only at arrival. Pure.
 */
export function formatCountdown(ms: number): string {
  const total = Number.isFinite(ms) ? Math.max(0, Math.ceil(ms / 1000)) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** The time left until an ISO moment, from `now` (ms since the epoch); negative once it has passed. */
export const msUntil = (iso: string, now: number): number => Date.parse(iso) - now;
