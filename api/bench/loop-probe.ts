/**
 * Event-loop probe for the embedded-database benchmark, in a process of its own so the bench's clients cannot delay
 * it: asks the server for an unknown /api path (answered in JavaScript, no database, no file) one request at a time
 * and prints `<epoch ms> <latency ms>` per answer. A request waits as long as the server's event loop is held, so the
 * longest latency in a window is its longest stall (to within a millisecond or two of loopback HTTP).
 * Usage: bun api/bench/loop-probe.ts <server url>; stops when its standard input closes.
 */
const url = `${process.argv[2]}/api/__loop_probe`;
let running = true;
void (async () => {
  for await (const _ of Bun.stdin.stream()) {
    // nothing is ever sent: the loop ends when the parent closes the pipe
  }
  running = false;
})();
while (running) {
  const t0 = performance.now();
  try {
    await (await fetch(url)).arrayBuffer();
  } catch {
    // the server went away: the bench is ending
    break;
  }
  process.stdout.write(`${Date.now()} ${(performance.now() - t0).toFixed(2)}\n`);
  await Bun.sleep(5);
}
export {};
