import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/**
 * Every server a spec starts opens its embedded database from the run's migrated template (db/pglite-template.ts)
 * instead of initdb and every migration: ~7 s less a server on this kind of machine. The runner may run on Node,
 * where db/ (Bun's import.meta.dir) does not load, so Bun makes or finds the template; the workers inherit the
 * variable and startE2EServer hands it on (testServerEnv).
 */
export default function globalSetup(): void {
  if (process.env.PGLITE_TEMPLATE) return;
  const made = spawnSync(
    process.env.BUN_BIN ?? 'bun',
    ['-e', "import { ensurePgliteTemplate } from './db/pglite-template.ts'; console.log(await ensurePgliteTemplate());"],
    { cwd: root, encoding: 'utf8' },
  );
  const path = made.stdout.trim().split('\n').at(-1);
  if (made.status !== 0 || !path) throw new Error(`could not make the PGlite template:\n${made.stderr}`);
  process.env.PGLITE_TEMPLATE = path;
}
