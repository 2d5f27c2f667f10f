/**
 * `bun run bench [names…]`: runs every benchmark (or the named ones) and prints its figures. Benchmarks measure;
 * they never fail a build. The headline figures they print ("» name: value", api/bench/headline.ts) are recorded in
 * .ci/BENCHMARKS.md, newest run first, with the commit and the machine (BENCH_RECORD=0: print only).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { type Headline, headlinesIn, withRun } from '../api/bench/headline.ts';

const root = resolve(import.meta.dir, '..');
const historyFile = resolve(import.meta.dir, 'BENCHMARKS.md');
const only = process.argv.slice(2);
const benches: { name: string; file: string }[] = [
  { name: 'wasm-core', file: 'core-wasm/bench/index.ts' },
  { name: 'lighthouse', file: 'site/bench/lighthouse.ts' },
  { name: 'map', file: 'site/bench/map-frames.ts' },
  { name: 'live', file: 'api/bench/live.ts' },
  { name: 'embedded', file: 'api/bench/embedded.ts' },
  { name: 'bus', file: 'api/bench/bus.ts' },
  { name: 'ownership', file: 'api/bench/ownership.ts' },
  { name: 'admission', file: 'api/bench/admission.ts' },
  { name: 'worlds', file: 'api/bench/worlds.ts' },
  { name: 'settlements', file: 'api/bench/settlements.ts' },
  { name: 'npcs', file: 'api/bench/npcs.ts' },
  { name: 'raids', file: 'api/bench/raids-balance.ts' },
  { name: 'crafting', file: 'api/bench/crafting-balance.ts' },
  { name: 'http', file: 'api/bench/http.ts' },
  { name: 'chunks', file: 'api/bench/chunks.ts' },
  { name: 'actions', file: 'api/bench/actions.ts' },
];

const ran: string[] = [];
const figures: Headline[] = [];
for (const b of benches) {
  if (only.length && !only.includes(b.name)) continue;
  if (!existsSync(resolve(root, b.file))) continue;
  console.log(`\n=== ${b.name} (${b.file}) ===`);
  const child = Bun.spawn(['bun', b.file], { cwd: root, stdout: 'pipe', stderr: 'inherit' });
  let output = '';
  const decoder = new TextDecoder();
  for await (const chunk of child.stdout) {
    const text = decoder.decode(chunk, { stream: true });
    output += text;
    process.stdout.write(text);
  }
  const code = await child.exited;
  if (code !== 0) console.log(`(${b.name} exited with ${code})`);
  ran.push(b.name);
  figures.push(...headlinesIn(output).map((h) => ({ name: `${b.name}: ${h.name}`, value: h.value })));
}

const git = (...args: string[]) =>
  Bun.spawnSync(['git', ...args], { cwd: root })
    .stdout.toString()
    .trim();
if (figures.length > 0 && process.env.BENCH_RECORD !== '0') {
  // A tree with changes besides this file is not the commit it names: say so.
  const dirty = git('status', '--porcelain')
    .split('\n')
    .some((l) => l.trim() && !l.endsWith('.ci/BENCHMARKS.md'));
  const cores = cpus();
  const run = {
    at: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    commit: `${git('rev-parse', '--short', 'HEAD') || 'unknown'}${dirty ? ' (uncommitted changes)' : ''}`,
    machine: `${cores[0]?.model.trim() ?? 'unknown CPU'} × ${cores.length}`,
    benches: ran,
    figures,
  };
  writeFileSync(historyFile, withRun(existsSync(historyFile) ? readFileSync(historyFile, 'utf8') : '', run));
  console.log(`\n${figures.length} headline figures recorded in .ci/BENCHMARKS.md`);
}
