import { Elysia } from 'elysia';
import { repositories, type Database } from '../db/index.ts';
import type { Config } from './config.ts';
import { errorHandling } from './http/errors.ts';
import { requestGuards } from './http/guards.ts';
import { siteModule } from './http/site.ts';
import { authModule } from './modules/auth/index.ts';
import { healthModule } from './modules/health/index.ts';
import { lobbyModule } from './modules/lobby/index.ts';
import type { Services } from './services.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  now?: () => Date;
}

/** Builds the whole HTTP + WebSocket app from its feature modules; no side effects until `listen`. */
export function createApp(deps: AppDeps) {
  const services: Services = {
    instanceId: crypto.randomUUID(),
    config: deps.config,
    database: deps.database,
    repos: repositories(deps.database.db),
    now: deps.now ?? (() => new Date()),
  };
  // Bun's own limit is a backstop for bodies without a Content-Length; declared sizes over the cap
  // are refused earlier by requestGuards with a JSON 413.
  return new Elysia({ serve: { maxRequestBodySize: Math.max(deps.config.maxBodyBytes * 4, 1 << 20) } })
    .use(errorHandling)
    .use(requestGuards(deps.config))
    .use(healthModule(services))
    .use(authModule(services))
    .use(lobbyModule(services))
    .use(siteModule(deps.config.siteDir));
}

export type App = ReturnType<typeof createApp>;
