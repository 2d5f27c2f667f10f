import { until } from './until.ts';

/** The live housekeeping rounds a server has completed (its `wasteland_live_sweeps_total`). */
export async function sweepsDone(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const m = /^wasteland_live_sweeps_total (\d+)/m.exec(text);
  if (!m) throw new Error('no wasteland_live_sweeps_total counter');
  return Number(m[1]);
}

/**
 * Resolves once the server has completed a housekeeping round (api/live/hub.ts) begun after this call: whatever such
 * a round decides by the clock as it is now (a leave past its grace period, a write-back, a lease renewal) is done.
 * The round under way at the call may have begun before it: the one after that is the barrier.
 */
export async function aSweepFromNow(url: string, timeoutMs = 10_000): Promise<void> {
  const seen = await sweepsDone(url);
  await until(async () => (await sweepsDone(url)) >= seen + 2, { what: 'a live housekeeping round', timeoutMs });
}
