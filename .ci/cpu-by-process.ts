/**
 * `bun .ci/cpu-by-process.ts -- <command…>`: runs a command and prints the CPU seconds the machine's processes spent
 * meanwhile, grouped by what they are (Chromium, Playwright's runner, bun servers and test workers, Postgres, tsc…).
 * The suite is CPU-bound on two cores, so where the CPU goes is where its wall time goes. Samples /proc four times a
 * second: a process that lives less than a quarter of a second is missed, which the total against the command's own
 * rusage shows.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux

function kindOf(cmd: string): string {
  if (/chrom/i.test(cmd)) return 'chromium';
  if (/playwright/.test(cmd)) return 'playwright runner';
  if (/postgres/.test(cmd) && !/bun/.test(cmd)) return 'postgres';
  if (/tsc|astro check|biome/.test(cmd)) return 'typecheck and lint';
  if (/api\/server\.ts|test-server|serve/.test(cmd)) return 'bun servers';
  if (/bun.* test/.test(cmd)) return 'bun test workers';
  if (/\bbun\b/.test(cmd)) return 'other bun';
  return 'other';
}

interface Seen {
  kind: string;
  ticks: number;
}

function sample(seen: Map<string, Seen>): void {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(f[11]) + Number(f[12]);
      const key = `${pid}:${f[19]}`; // pid and start time: a reused pid is another process
      const known = seen.get(key);
      if (known) known.ticks = Math.max(known.ticks, ticks);
      else {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        seen.set(key, { kind: kindOf(cmd), ticks });
      }
    } catch {
      // gone between the listing and the read
    }
  }
}

// Bun keeps a `--` in argv or drops it, depending on where it stands: the command is what follows it, or the script.
const dashes = process.argv.indexOf('--');
const command = process.argv.slice(dashes >= 0 ? dashes + 1 : 2);
if (command.length === 0) {
  console.error('usage: bun .ci/cpu-by-process.ts -- <command…>');
  process.exit(2);
}
const before = new Map<string, Seen>();
sample(before);
const seen = new Map<string, Seen>();
const started = performance.now();
const child = Bun.spawn(command, { stdio: ['inherit', 'inherit', 'inherit'] });
const timer = setInterval(() => sample(seen), 250);
const code = await child.exited;
clearInterval(timer);
sample(seen);
const byKind = new Map<string, number>();
for (const [key, s] of seen) {
  const base = before.get(key)?.ticks ?? 0;
  byKind.set(s.kind, (byKind.get(s.kind) ?? 0) + (s.ticks - base) / TICKS);
}
const wall = (performance.now() - started) / 1000;
const total = [...byKind.values()].reduce((a, b) => a + b, 0);
console.log(`\nCPU seconds by process kind over ${wall.toFixed(0)} s of wall time:`);
for (const [kind, s] of [...byKind].sort((a, b) => b[1] - a[1])) {
  if (s >= 0.5) console.log(`${s.toFixed(0).padStart(7)}  ${kind}`);
}
console.log(`${total.toFixed(0).padStart(7)}  in all (${(total / wall).toFixed(2)} cores busy on average)`);
process.exit(code);
