import { createApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { DataDirLockedError, openDatabase, type Database } from '../db/index.ts';
import { loadCoreForBun } from '../core-wasm/index.ts';
import { DatabaseUnreachableError } from '../db/client.ts';

export interface RunningServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Opens the database, applies migrations and listens. Used by `bun run start` and by the tests. */
export async function startServer(
  config: Config,
  options: { database?: Database; now?: () => Date } = {},
): Promise<RunningServer> {
  const database =
    options.database ?? (await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir }));
  const core = await loadCoreForBun();
  const app = createApp({ config, database, core, now: options.now }).listen({
    port: config.port,
    hostname: process.env.HOST ?? '0.0.0.0',
  });
  const port = app.server!.port!;
  return {
    url: `http://localhost:${port}`,
    port,
    async stop() {
      await app.stop(true);
      if (!options.database) await database.close();
    },
  };
}

if (import.meta.main) {
  const config = loadConfig();
  try {
    const server = await startServer(config);
    const where = config.databaseUrl ? 'Postgres (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
    console.log(`Wasteland is up at ${server.url} on ${where}`);
    const shutdown = async () => {
      await server.stop();
      process.exit(0);
    };
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(2);
    }
    if (err instanceof DatabaseUnreachableError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
