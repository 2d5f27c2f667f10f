/**
 * A migrated blank PGlite database kept as a tar, for new databases to start from: initdb plus every migration costs
 * ~7 s on this kind of machine, loading the tar ~0.3 s. The test runner makes one per run and every test database,
 * spawned server and e2e server starts from it (PGLITE_TEMPLATE). Its name carries a hash of everything a blank
 * database depends on, so a changed migration, data step, setting or PGlite version makes a new one.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { openDatabase, PGLITE_SETTINGS } from './client.ts';

const here = import.meta.dir;

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

/** A hash of the migrations, the data steps, PGlite's settings and its version: what a blank database holds. */
export function pgliteTemplateKey(): string {
  const hash = createHash('sha256');
  for (const file of [...filesUnder(resolve(here, 'migrations')), resolve(here, 'data-steps.ts')]) {
    hash.update(relative(here, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  const pglite = JSON.parse(readFileSync(resolve(here, '../node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
    version: string;
  };
  hash.update(PGLITE_SETTINGS.join(' ')).update(pglite.version);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The template's path in `dir` (the OS's temporary directory by default), made first when it is missing: written
 * under a name of its own and renamed into place, so processes making it at once never read half of one.
 */
export async function ensurePgliteTemplate(dir = tmpdir()): Promise<string> {
  const path = join(dir, `wl-pglite-template-${pgliteTemplateKey()}.tar`);
  if (existsSync(path)) return path;
  const database = await openDatabase({ dataDir: null });
  try {
    const tar = await database.dumpDataDir!();
    const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, new Uint8Array(tar));
    renameSync(partial, path);
  } finally {
    await database.close();
  }
  return path;
}
