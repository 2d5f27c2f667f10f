// First: sets NODE_ENV before Elysia reads it (see the module).
import './production-mode.ts';
import { isProduction } from 'elysia/error';
import { createApp } from './app.ts';
import { databaseOptionsOf, loadConfig, type Config } from './config.ts';
import { DataDirLockedError, openDatabase, type Database } from '../db/index.ts';
import { loadCoreForBun } from '../core-wasm/index.ts';
import { DatabaseUnreachableError } from '../db/client.ts';
import { InProcessBus, type Bus } from './live/bus.ts';
import { PostgresBus } from './live/pg-bus.ts';
import { drainAndStop, STOP_DEADLINE_MS } from './http/graceful-stop.ts';
import { errorFields } from './http/errors.ts';
import type { Latency } from './live/stats.ts';
import { createLogger, type Logger } from './ops/log.ts';
import { Metrics } from './ops/metrics.ts';

/** The live bus for this database: LISTEN/NOTIFY on a Postgres server (several processes), else in process. */
export async function busFor(database: Database, processId: string, log: Logger, lag?: Latency): Promise<Bus> {
  if (!database.notifier) return new InProcessBus(processId);
  return PostgresBus.start(processId, database.notifier, (what, err) => log.error(errorFields(err), `[bus] ${what}`), lag);
}

export interface RunningServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Opens the database, applies migrations and listens. Used by `bun run start` and by the tests. */
export async function startServer(
  config: Config,
  options: { database?: Database; now?: () => Date; log?: Logger } = {},
): Promise<RunningServer> {
  const log = options.log ?? createLogger(config.logLevel);
  const metrics = new Metrics();
  const database = options.database ?? (await openDatabase(databaseOptionsOf(config)));
  const core = await loadCoreForBun();
  const instanceId = crypto.randomUUID();
  const bus = await busFor(database, instanceId, log, metrics.busLag);
  const beforeStop: (() => Promise<void>)[] = [];
  const app = createApp({
    config,
    database,
    core,
    now: options.now,
    bus,
    instanceId,
    onBeforeStop: (s) => beforeStop.push(s),
    log,
    metrics,
  }).listen({
    port: config.port,
    hostname: process.env.HOST ?? '0.0.0.0',
  });
  const listener = app.server!;
  const port = listener.port!;
  return {
    url: `http://localhost:${port}`,
    port,
    async stop() {
      await drainAndStop(
        listener,
        () => app.stop(false),
        async () => {
          for (const step of beforeStop) await step();
        },
        config.stopRequestDrainMs,
      );
      if (!options.database) await database.close();
    },
  };
}

if (import.meta.main) {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  try {
    const server = await startServer(config, { log });
    const where = config.databaseUrl ? 'Postgres (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
    // `production`: whether Elysia itself runs as production (it read NODE_ENV when it loaded).
    log.info(
      { url: server.url, nodeEnv: process.env.NODE_ENV ?? null, production: isProduction },
      `Wasteland is up at ${server.url} on ${where}`,
    );
    // SIGTERM (deploy, scale-in): sockets close with 1001 so browsers reconnect elsewhere, positions are written
    // back, then exit 0; a stop that hangs is cut at 10 s.
    let stopping = false;
    const shutdown = async () => {
      if (stopping) return;
      stopping = true;
      setTimeout(() => process.exit(1), STOP_DEADLINE_MS).unref();
      log.info('stopping: closing live connections and writing positions back');
      await server.stop().catch((err) => log.error(errorFields(err), 'stop failed'));
      log.flush();
      process.exit(0);
    };
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
    // The last line, not the fix: an error nothing caught (a driver's timer, a socket callback) is logged and the
    // server keeps serving its players; each cause found this way is fixed where it starts (db/session-locks.ts).
    process.on('uncaughtException', (err) => log.error(errorFields(err), '[process] uncaught error; still serving'));
    process.on('unhandledRejection', (err) => log.error(errorFields(err), '[process] unhandled rejection; still serving'));
  } catch (err) {
    // A refusal to start is one plain sentence on stderr, for the person starting it (and exits non-zero); a
    // running server speaks JSON lines on stdout.
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
