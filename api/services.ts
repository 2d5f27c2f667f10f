import type { Database, Repositories } from '../db/index.ts';
import type { Config } from './config.ts';
import type { AccessEnded } from './live/access-ended.ts';
import type { Logger } from './ops/log.ts';

/** What every feature module needs; built once per app so tests can run several apps side by side. */
export interface Services {
  /** Distinguishes app instances for Elysia's plugin de-duplication. */
  instanceId: string;
  config: Config;
  database: Database;
  repos: Repositories;
  /** The only clock handlers read, so tests can move time. */
  now: () => Date;
  /** JSON lines on stdout at LOG_LEVEL (ops/log.ts). */
  log: Logger;
  /** Logs a failure of background work (no request to answer): what failed, and the error's classes and code. */
  report: (what: string, err: unknown) => void;
  /** Logout and leaving the lobby end a user's access everywhere at once (sockets, cached answers). */
  accessEnded: AccessEnded;
}
