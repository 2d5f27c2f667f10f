/**
 * A player's cheap call, timed, in a process of its own so the test's own requests (a flood of hundreds, beyond what
 * one process's fetch keeps in flight) never queue it: sends GET <url> with the given cookie every <every> ms, whether
 * or not the last one was answered, and prints `<latency ms> <status>` per answer. A call that waits behind a held
 * event loop shows once per probe sent meanwhile, as a player clicking away would see it. Stops (after the answers
 * still in flight) when its standard input closes.
 * Usage: bun api/testing/latency-probe.ts <url> <cookie header> <every ms>
 */
const [url, cookie, every] = process.argv.slice(2) as [string, string, string];
let running = true;
void (async () => {
  for await (const _ of Bun.stdin.stream()) {
    // nothing is ever sent: the loop ends when the parent closes the pipe
  }
  running = false;
})();
const inFlight = new Set<Promise<unknown>>();
while (running) {
  const t0 = performance.now();
  const p: Promise<unknown> = fetch(url, { headers: { cookie } })
    .then(async (res) => {
      await res.arrayBuffer();
      process.stdout.write(`${(performance.now() - t0).toFixed(2)} ${res.status}\n`);
    })
    .catch(() => process.stdout.write(`${(performance.now() - t0).toFixed(2)} 0\n`))
    .finally(() => inFlight.delete(p));
  inFlight.add(p);
  await Bun.sleep(Number(every));
}
await Promise.all(inFlight);
export {};
