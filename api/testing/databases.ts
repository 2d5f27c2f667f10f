import postgres from 'postgres';
import { openDatabase, type Database } from '../../db/index.ts';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; the real Postgres server too whenever DATABASE_URL is set. */
export function backends(): Backend[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Creates an empty database on the DATABASE_URL server, so test files never see each other's rows. */
export async function freshPostgresUrl(): Promise<string> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set');
  const name = `wl_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A migrated, empty database on the given backend (PGlite in memory, or a fresh Postgres database). */
export async function openTestDatabase(backend: Backend, dataDir: string | null = null): Promise<Database> {
  if (backend === 'postgres') return openDatabase({ url: await freshPostgresUrl() });
  return openDatabase({ dataDir });
}
