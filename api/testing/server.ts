import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { startServer, type RunningServer } from '../server.ts';
import type { Database } from '../../db/index.ts';
import { openTestDatabase, type Backend } from './databases.ts';

export interface TestServer extends RunningServer {
  database: Database;
  config: Config;
}

/** A real server on a free port over a real database; stop() closes both. */
export async function startTestServer(
  backend: Backend,
  overrides: Partial<Config> & { database?: Database; now?: () => Date } = {},
): Promise<TestServer> {
  const { database: given, now, ...configOverrides } = overrides;
  const config: Config = { ...loadConfig({}), port: 0, dataDir: mkdtempSync(join(tmpdir(), 'wl-test-')), ...configOverrides };
  const database = given ?? (await openTestDatabase(backend));
  const server = await startServer(config, { database, now });
  return {
    ...server,
    database,
    config,
    async stop() {
      await server.stop();
      if (!given) await database.close();
    },
  };
}
