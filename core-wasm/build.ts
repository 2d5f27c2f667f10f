import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateAssemblyConstants } from './generate-constants.ts';

/**
 * `bun run build:wasm`: writes core-wasm/assembly/generated/constants.ts from constants.ts and worldgen-params.ts
 * (the one definition of every number), then compiles core-wasm/assembly to core-wasm/build/core.wasm, the one
 * module both runtimes load.
 *
 * Flags: -O3, --runtime stub (no GC: the module allocates its buffers once, statically), --noAssert,
 * --bindings raw (no JS glue, so Vite sees no node:fs import), --enable simd (the noise and LOS kernels are written
 * with v128 by hand; the compiler does not vectorise), --initialMemory/--maximumMemory pin the linear memory (40 pages = 2.5 MiB, of which
 * the static buffers use about 2.1 MiB: 0.9 for terrain and sight, 1.2 for paths) so an accidental allocation would trap instead of growing silently.
 */
const root = import.meta.dir;
const outDir = resolve(root, 'build');
mkdirSync(outDir, { recursive: true });

const generatedPath = resolve(root, 'assembly/generated/constants.ts');
const generated = generateAssemblyConstants();
mkdirSync(resolve(root, 'assembly/generated'), { recursive: true });
let previous = '';
try {
  previous = readFileSync(generatedPath, 'utf8');
} catch {
  // first build
}
if (previous !== generated) writeFileSync(generatedPath, generated);

const proc = Bun.spawnSync(
  [
    'bunx',
    'asc',
    resolve(root, 'assembly/index.ts'),
    '-O3',
    '--runtime',
    'stub',
    '--noAssert',
    '--bindings',
    'raw',
    '--enable',
    'simd',
    '--initialMemory',
    '40',
    '--maximumMemory',
    '40',
    // AS112 "exchange of v128 values": internal functions take v128 arguments; none is exported to JavaScript.
    '--disableWarning',
    '112',
    '-o',
    resolve(outDir, 'core.wasm'),
  ],
  { stdout: 'inherit', stderr: 'inherit', cwd: root },
);
if (proc.exitCode !== 0) process.exit(proc.exitCode ?? 1);
console.log('core-wasm: built core-wasm/build/core.wasm');
