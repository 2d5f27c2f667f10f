/**
 * One visit to /game: loads the world, the survivor, the clock, the explored land and the game log; starts the WASM
 * core (main thread, for vision) and its chunk worker(s); builds the engine; then wires each feature to the session
 * (its map layer, its socket messages, its polling) and opens the live connection. A new feature adds its
 * `wireX(session)` call below and touches nothing else.
 */
import { atom } from 'nanostores';
import { shownName } from '../../../../api/contract/auth.ts';
import { isUnauthorizedError } from '../../../../api/contract/http.ts';
import type { WorldEvent } from '../../../../api/contract/protocol.ts';
import { DEFAULT_WORLD_ID } from '../../../../api/contract/world.ts';
import { api, unwrap } from '../../lib/api.ts';
import { createCoreWorker, loadCoreInBrowser } from '../../lib/core.ts';
import { $init, $me, $readout, $world, resetGameStores } from '../../stores/game.ts';
import { checkAccess } from '../../stores/lobby.ts';
import { wireActions } from '../actions/wire.ts';
import { wireAudio } from '../audio/wire.ts';
import { wireChat } from '../chat/wire.ts';
import { wireEquipment } from '../equipment/wire.ts';
import { ExploredMap } from '../explored/explored.ts';
import { startExploredSync } from '../explored/sync.ts';
import { LiveClient, liveUrl } from '../live/client.ts';
import { wireConnection } from '../live/connection.ts';
import { LiveEvents } from '../live/events.ts';
import { wireMoves } from '../live/moves.ts';
import { OfflinePolls } from '../live/offline.ts';
import { wireGameLog } from '../log/wire.ts';
import { GameEngine } from '../map/engine.ts';
import { wireNpcs } from '../npcs/wire.ts';
import { wirePlayers } from '../players/wire.ts';
import { wirePois } from '../pois/wire.ts';
import { wireSettlements } from '../settlements/wire.ts';
import { wireClock } from '../time/wire.ts';
import { reportFailure, SessionScope, type GameSession } from './context.ts';
import { installDebugHook } from './debug-hook.ts';
import { handleUnauthorized } from './unauthorized.ts';

export const $engine = atom<GameEngine | null>(null);

/** Chunk workers: one per spare core, at most 3 (the main thread draws the map). */
function workerCount(): number {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2;
  return Math.max(1, Math.min(3, cores - 1));
}

/** Starts the session; returns its stop function. */
export function startGameSession(worldId: string = DEFAULT_WORLD_ID): () => void {
  resetGameStores();
  const scope = new SessionScope();

  const fail = (err: unknown) => {
    if (scope.stopped) return;
    if (isUnauthorizedError(err)) handleUnauthorized();
    $init.set({ phase: 'error', message: (err as Error).message ?? String(err) });
  };

  void (async () => {
    $init.set({ phase: 'loading', step: 'world' });
    const [world, player, time, explored, events, core] = await Promise.all([
      unwrap(api.api.world.default.get()),
      unwrap(api.api.player.current.get({ query: { worldId } })),
      unwrap(api.api.time.get()),
      unwrap(api.api.player['explored-tiles'].get({ query: { worldId } })),
      unwrap(api.api.world({ worldId }).events.get()).catch((err) => {
        console.warn('[game] could not load the game log', err);
        return [] as WorldEvent[];
      }),
      loadCoreInBrowser(),
    ]);
    if (scope.stopped) return;
    $world.set(world);
    $me.set(player);
    const exploredMap = new ExploredMap();
    exploredMap.mergeWire(explored.exploredTiles);

    let ready = false;
    const engine = new GameEngine({
      seed: world.seed,
      me: { id: player.id, x: player.x, y: player.y, colour: player.color, name: shownName(player) },
      core,
      generators: Array.from({ length: workerCount() }, () => createCoreWorker()),
      explored: exploredMap,
      viewport: { width: window.innerWidth, height: window.innerHeight },
      onReadout: (r) => $readout.set(r),
      onChunkError: (err) => {
        if (!ready)
          $init.set({ phase: 'error', message: `Could not generate the terrain: ${(err as Error).message ?? String(err)}` });
      },
      onProgress: ({ ready: done, needed }) => {
        if (ready) return;
        if (done < needed) return $init.set({ phase: 'chunks', ready: done, needed });
        ready = true;
        $init.set({ phase: 'ready' });
      },
    });
    engine.exploredChanged(exploredMap.keys());
    $engine.set(engine);
    scope.onStop(() => {
      engine.stop();
      $engine.set(null);
    });

    const live = new LiveEvents();
    const socket = new LiveClient(liveUrl(world.id), live.handlers);
    const offline = new OfflinePolls();
    const session: GameSession = {
      worldId,
      world,
      player,
      engine,
      live,
      socket,
      offline,
      interval: (fn, ms) => scope.interval(fn, ms),
      onStop: (fn) => scope.onStop(fn),
      failed: reportFailure,
    };

    // Each feature: its layer, its socket messages, its polling.
    wireClock(session, time);
    wireGameLog(session, events);
    const survivors = wirePlayers(session);
    const pois = wirePois(session);
    wireSettlements(session);
    wireMoves(session);
    wireActions(session, pois);
    wireEquipment(session);
    const npcs = wireNpcs(session);
    wireAudio(session);
    wireChat(session);
    scope.onStop(startExploredSync(exploredMap, worldId, handleUnauthorized));
    scope.onStop(installDebugHook(engine, survivors, npcs));
    scope.onStop(
      wireConnection({
        live,
        offline,
        reconnect: () => socket.start(),
        setWalking: (on) => engine.walk.setEnabled(on),
        checkAccess,
      }),
    );
    scope.onStop(() => offline.set(false));

    socket.start();
    scope.onStop(() => socket.stop());
  })().catch(fail);

  return () => scope.stop();
}
