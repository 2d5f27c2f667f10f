import { Elysia } from 'elysia';
import { repositories, type Database } from '../db/index.ts';
import type { Config } from './config.ts';
import { describeError, errorHandling } from './http/errors.ts';
import { jsonCompression } from './http/compression.ts';
import { requestGuards } from './http/guards.ts';
import { securityHeaders } from './http/security-headers.ts';
import { siteModule } from './http/site.ts';
import { authModule } from './modules/auth/index.ts';
import { healthModule } from './modules/health/index.ts';
import { lobbyModule } from './modules/lobby/index.ts';
import type { Services } from './services.ts';
import type { Core } from '../core-wasm/index.ts';
import { TIME_UPDATE_INTERVAL_MS } from './contract/world.ts';
import { worldTopic } from './live/interest.ts';
import { liveSocketModule } from './live/socket.ts';
import { LiveWorlds } from './live/world-live.ts';
import { AccessEnded } from './live/access-ended.ts';
import { auditIntervalMs, LiveConnections } from './live/connections.ts';
import { playerModule } from './modules/player/index.ts';
import { actionsModule } from './modules/actions/index.ts';
import { ActionsService } from './modules/actions/service.ts';
import { worldModule } from './modules/world/index.ts';
import { WorldService } from './modules/world/service.ts';
import { MOVE_FANOUT_MS, WS_MAX_MESSAGE_BYTES } from './contract/protocol.ts';

/** Live positions are written back to the database this often. */
const SWEEP_INTERVAL_MS = 2_000;

export interface AppDeps {
  config: Config;
  database: Database;
  /** The loaded WASM core (terrain, vision, line of sight). */
  core: Core;
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
    accessEnded: new AccessEnded(),
  };
  // Bun's own limit is a backstop for bodies without a Content-Length; declared sizes over the cap
  // are refused earlier by requestGuards with a JSON 413.
  const worlds = new WorldService(services, deps.core);
  const live = new LiveWorlds(services, (worldId) => worlds.terrainFor(worldId));
  const actions = new ActionsService(services, worlds, live);
  const liveConnections = new LiveConnections();
  services.accessEnded.on(({ userId, code, reason }) => live.endAccess(userId, code, reason));
  const timers: ReturnType<typeof setInterval>[] = [];

  return new Elysia({
    serve: { maxRequestBodySize: Math.max(deps.config.maxBodyBytes * 4, 1 << 20) },
    websocket: { maxPayloadLength: WS_MAX_MESSAGE_BYTES, idleTimeout: 120 },
  })
    .onStart(({ server }) => {
      live.attach((topic, message) => server?.publish(topic, JSON.stringify(message)));
      timers.push(
        setInterval(() => live.flushMoves(), MOVE_FANOUT_MS),
        setInterval(
          () => void live.sweep().catch((err) => console.error('[live] sweep failed', describeError(err))),
          SWEEP_INTERVAL_MS,
        ),
        setInterval(() => {
          for (const worldId of live.activeWorlds())
            live.publish(worldTopic(worldId), { type: 'time_update', time: worlds.time() });
        }, TIME_UPDATE_INTERVAL_MS),
        setInterval(
          () =>
            void liveConnections.audit(services).catch((err) => console.error('[live] access audit failed', describeError(err))),
          auditIntervalMs(deps.config.seatTimeoutMs),
        ),
      );
    })
    .onStop(async () => {
      for (const t of timers.splice(0)) clearInterval(t);
      await live.sweep().catch(() => {});
    })
    .use(errorHandling)
    .use(securityHeaders(deps.config))
    .use(jsonCompression)
    .use(requestGuards(deps.config))
    .use(healthModule(services))
    .use(authModule(services))
    .use(lobbyModule(services))
    .use(worldModule(services, worlds, live))
    .use(playerModule(services, worlds, live))
    .use(actionsModule(services, actions))
    .use(liveSocketModule(services, live, liveConnections, async (worldId) => (await worlds.world(worldId)) !== null))
    .use(siteModule(deps.config.siteDir));
}

export type App = ReturnType<typeof createApp>;
