/**
 * A player's cheap call, timed, in a process of its own so the test's own requests (a flood of hundreds, beyond what
 * one process's fetch keeps in flight) never queue it. Calls are due every <every> ms on a fixed schedule and taken
 * by a few callers in turn; each prints `<ms from when it was due until answered> <status>`. A call that waits behind
 * a held event loop therefore counts once per call that fell due meanwhile, as a player clicking away would see it,
 * without piling up connections. Stops when its standard input closes.
 * Usage: bun api/testing/latency-probe.ts <url> <cookie header> <every ms>
 */
const [url, cookie, every] = process.argv.slice(2) as [string, string, string];
const CALLERS = 4;
let running = true;
void (async () => {
  for await (const _ of Bun.stdin.stream()) {
    // nothing is ever sent: the loop ends when the parent closes the pipe
  }
  running = false;
})();
const start = performance.now();
let next = 0;
async function caller(): Promise<void> {
  while (running) {
    const due = start + next++ * Number(every);
    const wait = due - performance.now();
    if (wait > 0) await Bun.sleep(wait);
    let status = 0;
    try {
      const res = await fetch(url, { headers: { cookie } });
      await res.arrayBuffer();
      status = res.status;
    } catch {
      // counted as status 0
    }
    process.stdout.write(`${(performance.now() - due).toFixed(2)} ${status}\n`);
  }
}
await Promise.all(Array.from({ length: CALLERS }, caller));
export {};
