import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

/** Compiles core-wasm/assembly to core-wasm/build/core.wasm (the one module both runtimes load). */
const root = import.meta.dir;
const outDir = resolve(root, 'build');
mkdirSync(outDir, { recursive: true });
const proc = Bun.spawnSync(
  [
    'bunx', 'asc', resolve(root, 'assembly/index.ts'),
    '-O3', '--runtime', 'stub', '--noAssert', '--bindings', 'raw', '--enable', 'simd',
    '-o', resolve(outDir, 'core.wasm'),
  ],
  { stdout: 'inherit', stderr: 'inherit', cwd: root },
);
if (proc.exitCode !== 0) process.exit(proc.exitCode ?? 1);
console.log('core-wasm: built core-wasm/build/core.wasm');
