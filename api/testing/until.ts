/**
 * Waits for what a test awaits instead of sleeping for it: polls `check` every `everyMs` (default 25) until it holds,
 * and throws naming `what` once `timeoutMs` (default 10 s) has passed without. Answers the milliseconds it took.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  { what, timeoutMs = 10_000, everyMs = 25 }: { what: string; timeoutMs?: number; everyMs?: number },
): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await Bun.sleep(everyMs);
  }
  return performance.now() - started;
}
