import { Elysia } from 'elysia';
import { repositories, type Database } from '../db/index.ts';
import type { Config } from './config.ts';
import { errorFields, errorHandling } from './http/errors.ts';
import { jsonCompression } from './http/compression.ts';
import { requestGuards } from './http/guards.ts';
import { securityHeaders } from './http/security-headers.ts';
import { RateLimits } from './http/shared-limits.ts';
import { writeLimits } from './http/write-limits.ts';
import { siteModule } from './http/site.ts';
import { authModule } from './modules/auth/index.ts';
import { PasswordHasher } from './modules/auth/passwords.ts';
import { findSession } from './http/session.ts';
import { healthModule } from './modules/health/index.ts';
import { lobbyModule } from './modules/lobby/index.ts';
import { lobbyAccess } from './modules/lobby/service.ts';
import { adminWorldsModule } from './modules/worlds/index.ts';
import type { Services } from './services.ts';
import type { Core } from '../core-wasm/index.ts';
import { InProcessBus, type Bus } from './live/bus.ts';
import { LiveHub } from './live/hub.ts';
import { liveSocketModule } from './live/socket.ts';
import { AccessEnded } from './live/access-ended.ts';
import { auditIntervalMs, LiveConnections } from './live/connections.ts';
import { playerModule } from './modules/player/index.ts';
import { actionsModule } from './modules/actions/index.ts';
import { ActionsService } from './modules/actions/service.ts';
import { equipmentModule } from './modules/equipment/index.ts';
import { EquipmentService } from './modules/equipment/service.ts';
import { reportModule } from './modules/report/index.ts';
import { ReportService } from './modules/report/service.ts';
import { npcEquipmentModule } from './modules/npc-equipment/index.ts';
import { NpcEquipmentService } from './modules/npc-equipment/service.ts';
import { npcsModule } from './modules/npcs/index.ts';
import { craftingModule } from './modules/crafting/index.ts';
import { CraftingService } from './modules/crafting/service.ts';
import { NpcService } from './modules/npcs/service.ts';
import { NpcSimulation } from './modules/npcs/simulation.ts';
import { chatModule } from './modules/chat/index.ts';
import { ChatService } from './modules/chat/service.ts';
import { bedsModule } from './modules/settlements/beds.ts';
import { BedService } from './modules/settlements/beds-service.ts';
import { settlementsModule } from './modules/settlements/index.ts';
import { DefenceQueries } from './modules/settlements/defence.ts';
import { SettlementQueries } from './modules/settlements/queries.ts';
import { SettlementService } from './modules/settlements/service.ts';
import { LevelsService } from './modules/settlements/levels-service.ts';
import { StorageService } from './modules/settlements/storage-service.ts';
import { worldModule } from './modules/world/index.ts';
import { WorldService } from './modules/world/service.ts';
import { WS_MAX_MESSAGE_BYTES } from './contract/protocol.ts';
import { newLiveStats } from './live/stats.ts';
import { createLogger, type Logger } from './ops/log.ts';
import { Metrics } from './ops/metrics.ts';
import { metricsEndpoint, observability } from './ops/observe.ts';
import pkg from '../package.json' with { type: 'json' };

export interface AppDeps {
  config: Config;
  database: Database;
  /** The loaded WASM core (terrain, vision, line of sight). */
  core: Core;
  now?: () => Date;
  /** The live bus: Postgres LISTEN/NOTIFY on a server database (see server.ts), else in process. */
  bus?: Bus;
  /** This process's id on the bus (defaults to a random one). */
  instanceId?: string;
  /**
   * Receives the step to run before the HTTP server stops (server.ts): the live layer closes its sockets with 1001
   * and tells the other processes, while the database and the bus are still there.
   */
  onBeforeStop?: (step: () => Promise<void>) => void;
  /** JSON log lines (defaults to stdout at the configured LOG_LEVEL). */
  log?: Logger;
  /** This process's metrics (server.ts makes them first: the bus records its lag into them). */
  metrics?: Metrics;
}

/** Builds the whole HTTP + WebSocket app from its feature modules; no side effects until `listen`. */
export function createApp(deps: AppDeps) {
  const log = deps.log ?? createLogger(deps.config.logLevel);
  const metrics = deps.metrics ?? new Metrics();
  const services: Services = {
    instanceId: deps.instanceId ?? deps.bus?.processId ?? crypto.randomUUID(),
    config: deps.config,
    database: deps.database,
    repos: metrics.timeRepos(repositories(deps.database.db)),
    now: deps.now ?? (() => new Date()),
    accessEnded: new AccessEnded(),
    log,
    report: (what, err) => log.error(errorFields(err), what),
  };
  // Bun's own limit is a backstop for bodies without a Content-Length; declared sizes over the cap
  // are refused earlier by requestGuards with a JSON 413.
  const worlds = new WorldService(services, deps.core);
  const bus = deps.bus ?? new InProcessBus(services.instanceId);
  const live = new LiveHub(
    services,
    (worldId) => worlds.terrainFor(worldId),
    bus,
    async (worldId) => {
      const epochMs = await worlds.dayEpoch(worldId);
      return () => worlds.clockAt(epochMs ?? 0);
    },
    newLiveStats(metrics.moveDelivery),
  );
  const actions = new ActionsService(services, worlds, live);
  const settlements = new SettlementService(services, worlds, live);
  const settlementQueries = new SettlementQueries(services, settlements);
  const liveConnections = new LiveConnections();
  // Every rate limit of the app, shared with the other processes on the database (api/http/shared-limits.ts).
  const limits = new RateLimits(services);
  services.accessEnded.relayThrough((end) => live.relayAccessEnd(end));
  services.accessEnded.on(({ userId, code, reason }) => live.endAccessHere(userId, code, reason));
  // NPCs work whoever is online (each world by one process at a time: a lease per world, shared among the processes);
  // stopped before the live layer, so its last frames go out.
  const npcSim = new NpcSimulation(services, worlds, (w, a, m) => live.send(w, a, m), {
    locks: deps.database.sessionLockPairs,
    leaseCheckMs: deps.config.npcLeaseCheckMs,
    timeRepo: (name, repo) => metrics.timeRepo(name, repo),
    presence: (worldId) => live.presentIn(worldId),
  });
  const passwords = new PasswordHasher(
    deps.config.passwordHashConcurrency,
    deps.config.passwordHashQueue,
    deps.config.passwordHashCost,
  );
  metrics.watch({
    version: pkg.version,
    database: deps.database,
    connections: liveConnections,
    hub: live,
    bus,
    npcs: npcSim,
    passwords,
  });
  deps.onBeforeStop?.(() => npcSim.stop());
  deps.onBeforeStop?.(() => live.stop());
  const timers: ReturnType<typeof setInterval>[] = [];

  return new Elysia({
    serve: { maxRequestBodySize: Math.max(deps.config.maxBodyBytes * 4, 1 << 20) },
    websocket: { maxPayloadLength: WS_MAX_MESSAGE_BYTES, idleTimeout: 120 },
  })
    .onStart(({ server }) => {
      live.attach({ publish: (topic, data) => void server?.publish(topic, data) });
      npcSim.start();
      limits.start();
      timers.push(
        setInterval(
          () => void liveConnections.audit(services).catch((err) => services.report('[live] access audit failed', err)),
          auditIntervalMs(deps.config.seatTimeoutMs),
        ),
      );
    })
    .onStop(async () => {
      for (const t of timers.splice(0)) clearInterval(t);
      await npcSim.stop().catch((err) => services.report('[npcs] stop failed', err));
      await live.stop().catch((err) => services.report('[live] stop failed', err));
      await limits.stop();
    })
    .use(observability({ config: deps.config, log, metrics, seed: services.instanceId }))
    .use(errorHandling(log))
    .use(securityHeaders(deps.config))
    .use(jsonCompression)
    .use(
      writeLimits({
        config: deps.config,
        limits,
        // The route's auth reuses this read (one session lookup per request).
        userOfSession: async (hash, request) => (await findSession(services, hash, request))?.user.id ?? null,
        seed: services.instanceId,
      }),
    )
    .use(requestGuards(deps.config))
    .use(healthModule(services))
    .use(metricsEndpoint({ config: deps.config, metrics }))
    .use(authModule(services, { renamed: (user) => live.relayRename(user.id, user.displayName), passwords }))
    .use(lobbyModule(services))
    .use(adminWorldsModule(services))
    .use(worldModule(services, worlds, live, limits))
    .use(playerModule(services, worlds, live, limits))
    .use(actionsModule(services, actions))
    .use(
      settlementsModule(
        services,
        settlements,
        new StorageService(settlements),
        settlementQueries,
        new DefenceQueries(
          services,
          (worldId) => live.presentIn(worldId),
          (worldId) => worlds.dayEpoch(worldId),
        ),
        new LevelsService(services, settlements),
      ),
    )
    .use(bedsModule(services, new BedService(services, settlements, live), settlementQueries))
    .use(npcsModule(services, new NpcService(services, settlements)))
    .use(craftingModule(services, new CraftingService(services, settlements)))
    .use(equipmentModule(services, new EquipmentService(services, settlements, live)))
    .use(npcEquipmentModule(services, new NpcEquipmentService(services, settlements, live)))
    .use(reportModule(services, new ReportService(services, settlements)))
    .use(chatModule(services, new ChatService(services, worlds, live, deps.core)))
    .use(
      liveSocketModule(
        services,
        live,
        liveConnections,
        {
          worldExists: async (worldId) => (await worlds.world(worldId)) !== null,
          access: (userId, worldId) => lobbyAccess(services, userId, worldId),
        },
        limits,
      ),
    )
    .use(siteModule(deps.config.siteDir));
}

export type App = ReturnType<typeof createApp>;
