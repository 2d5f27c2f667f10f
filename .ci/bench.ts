/** `bun run bench`: runs every benchmark and prints its figures. Benchmarks measure; they never fail a build. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dir, '..');
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

for (const b of benches) {
  if (only.length && !only.includes(b.name)) continue;
  if (!existsSync(resolve(root, b.file))) continue;
  console.log(`\n=== ${b.name} (${b.file}) ===`);
  const p = Bun.spawnSync(['bun', b.file], { cwd: root, stdout: 'inherit', stderr: 'inherit' });
  if (p.exitCode !== 0) console.log(`(${b.name} exited with ${p.exitCode})`);
}
