/**
 * One visit to /game: loads the world, the survivor, the clock and the explored land; starts the WASM core (main
 * thread, for vision) and its chunk worker(s); builds the engine; opens the live connection and falls back to
 * polling when it is down; saves explored tiles. Everything it learns goes to the stores in stores/game.ts.
 */
import { atom } from 'nanostores';
import { shownName } from '../../../../api/contract/auth.ts';
import { isUnauthorizedError } from '../../../../api/contract/http.ts';
import { Close, type LivePlayer } from '../../../../api/contract/protocol.ts';
import { DEFAULT_WORLD_ID, SETTLEMENT_CHUNK_RADIUS, type TimeInfo, type WorldEvent } from '../../../../api/contract/world.ts';
import { api, unwrap } from '../../lib/api.ts';
import { createCoreWorker, loadCoreInBrowser } from '../../lib/core.ts';
import { toast } from '../../islands/game/toast/toast-store.ts';
import { checkAccess } from '../../stores/lobby.ts';
import {
  $connection,
  $init,
  $me,
  $online,
  $readout,
  $time,
  $world,
  addLogEntries,
  logLocal,
  removeOnline,
  resetGameStores,
  setOnline,
  upsertOnline,
  type LogEntry,
} from '../../stores/game.ts';
import { inventoryUpdated, startActionsSession } from '../actions/session.ts';
import { GameEngine } from '../map/engine.ts';
import { ExploredMap } from '../explored/explored.ts';
import { startExploredSync } from '../explored/sync.ts';
import { chunkOfWorld } from '../map/geometry.ts';
import { LiveClient, liveUrl, type LiveStatus } from '../live/client.ts';
import { toSettlementMarkers } from '../settlements/markers.ts';
import { handleUnauthorized } from './unauthorized.ts';
import type { Point } from '../map/walker.ts';

export const $engine = atom<GameEngine | null>(null);

/** Without a live connection, /players and /events are polled this often (and /time every third poll). */
export const FALLBACK_POLL_MS = 3000;
export const SETTLEMENT_POLL_MS = 10_000;
export const PLAYER_POLL_MS = 20_000;

/** Eden turns ISO strings into Dates: accept either. */
const toLog = (e: WorldEvent): LogEntry => ({
  id: e.id,
  type: e.type,
  message: e.message,
  at: new Date(e.createdAt as string | Date).toISOString(),
});

/** Chunk workers: one per spare core, at most 3 (the main thread draws the map). */
function workerCount(): number {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2;
  return Math.max(1, Math.min(3, cores - 1));
}

/** Starts the session; returns its stop function. */
export function startGameSession(worldId: string = DEFAULT_WORLD_ID): () => void {
  resetGameStores();
  let stopped = false;
  const cleanups: (() => void)[] = [];
  const every = (fn: () => unknown, ms: number) => {
    const t = setInterval(fn, ms);
    cleanups.push(() => clearInterval(t));
  };

  const fail = (err: unknown) => {
    if (stopped) return;
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
    if (stopped) return;
    $world.set(world);
    $me.set(player);
    $time.set(time);
    addLogEntries(events.map(toLog));
    const exploredMap = new ExploredMap();
    exploredMap.mergeWire(explored.exploredTiles);
    /** Sectors explored before this visit (the server's record) or entered during it. */
    const knownSectors = new Set(exploredMap.keys());
    knownSectors.add(`${chunkOfWorld(player.x)},${chunkOfWorld(player.y)}`);

    const live: LiveClient = new LiveClient(liveUrl(world.id), {
      status: (status, detail) => onStatus(status, detail.code),
      connected: () => {},
      playersList: (players) => {
        setOnline(players);
        engine.setOthers(players);
      },
      playerJoined: (p) => {
        upsertOnline(p);
        engine.upsertOther(p);
        logLocal('join', `${shownName(p)} entered the wasteland`);
      },
      playerLeft: (id) => {
        const p = $online.get().get(id);
        removeOnline(id);
        engine.otherLeft(id);
        if (p) logLocal('leave', `${shownName(p)} left the wasteland`);
      },
      playerMoved: (id, x, y) => engine.otherMoved(id, x, y),
      moveRejected: (x, y, reason) => {
        console.info('[game] move rejected:', reason);
        engine.snapTo(x, y);
      },
      timeUpdate: (t) => setTime(t),
      other: (m) => {
        if (m.type === 'poi_updated') engine.setPoiSignificance(m.poi.id, m.poi.currentSignificance);
        else if (m.type === 'inventory_updated') inventoryUpdated();
      },
    });

    const postMove = async (p: Point) => {
      try {
        const result = await unwrap(api.api.player.move.post({ x: p.x, y: p.y }, { query: { worldId } }));
        if (!result.accepted) engine.snapTo(result.x, result.y);
      } catch (err) {
        if (isUnauthorizedError(err)) return handleUnauthorized();
        engine.stopWalking();
        toast({ title: 'Movement Failed', description: 'Could not move to that position', variant: 'destructive' });
      }
    };

    let ready = false;
    const engine = new GameEngine({
      seed: world.seed,
      me: { id: player.id, x: player.x, y: player.y, colour: player.color, name: shownName(player) },
      core,
      generators: Array.from({ length: workerCount() }, () => createCoreWorker()),
      explored: exploredMap,
      sink: {
        socketOpen: () => live.isConnected,
        sendSocket: (p) => live.send({ type: 'player_move', x: p.x, y: p.y }),
        sendRest: postMove,
      },
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
        engine.enableDiscoveries();
      },
      onSector: (cx, cy) => {
        // As the server logs it: a sector never explored before is a discovery, else a move.
        const key = `${cx},${cy}`;
        const name = shownName($me.get() ?? player);
        if (knownSectors.has(key)) logLocal('move', `${name} travelled to sector ${cx}, ${cy}`);
        else logLocal('discover', `${name} discovered sector ${cx}, ${cy}`);
        knownSectors.add(key);
      },
      // Ordinary POIs are everywhere in towns; only landmarks are worth a log line.
      onDiscover: (poi) => poi.landmark && logLocal('discover', `You spotted ${poi.name}`),
    });
    engine.setTime(time);
    engine.exploredChanged(exploredMap.keys());
    $engine.set(engine);
    cleanups.push(() => {
      engine.stop();
      $engine.set(null);
    });
    cleanups.push(startActionsSession(engine, worldId));

    function setTime(t: TimeInfo) {
      $time.set(t);
      engine.setTime(t);
    }

    // Fallback polling while the socket is down.
    let pollTimer: ReturnType<typeof setInterval> | null = null;
    let polls = 0;
    const pollOnce = async () => {
      polls++;
      try {
        const players = await unwrap(api.api.world({ worldId }).players.get());
        setOnline(players as LivePlayer[]);
        engine.setOthers(players as LivePlayer[]);
        addLogEntries((await unwrap(api.api.world({ worldId }).events.get())).map(toLog));
        if (polls % 3 === 1) setTime(await unwrap(api.api.time.get()));
      } catch (err) {
        if (isUnauthorizedError(err)) handleUnauthorized();
        else console.warn('[game] poll failed', err);
      }
    };
    const setPolling = (on: boolean) => {
      if (on && !pollTimer) {
        void pollOnce();
        pollTimer = setInterval(pollOnce, FALLBACK_POLL_MS);
      } else if (!on && pollTimer) {
        clearInterval(pollTimer);
        pollTimer = null;
      }
    };
    cleanups.push(() => setPolling(false));

    function onStatus(status: LiveStatus, code?: number) {
      $connection.set(status === 'closed' ? 'polling' : status);
      setPolling(status === 'reconnecting' || status === 'closed');
      if (status !== 'closed') return;
      if (code === Close.replaced)
        toast({
          title: 'Connected elsewhere',
          description: 'The game is open in another tab; this one now refreshes every few seconds.',
        });
      else if (code === Close.versionMismatch)
        toast({ title: 'Game updated', description: 'Reload the page to get the new version.', variant: 'destructive' });
      else if (code === Close.accessLost) void checkAccess();
    }

    live.start();
    cleanups.push(() => live.stop());
    cleanups.push(startExploredSync(exploredMap, worldId, handleUnauthorized));

    // Settlements around the survivor (none exist yet; the next issues fill them).
    const pollSettlements = async () => {
      const p = engine.position;
      try {
        const list = await unwrap(
          api.api.world({ worldId }).settlements.get({
            query: { centerChunkX: chunkOfWorld(p.x), centerChunkY: chunkOfWorld(p.y), chunkRadius: SETTLEMENT_CHUNK_RADIUS },
          }),
        );
        engine.setSettlements(toSettlementMarkers(list));
      } catch (err) {
        if (isUnauthorizedError(err)) handleUnauthorized();
      }
    };
    void pollSettlements();
    every(pollSettlements, SETTLEMENT_POLL_MS);
    every(async () => {
      try {
        const me = await unwrap(api.api.player.current.get({ query: { worldId } }));
        $me.set(me);
      } catch (err) {
        if (isUnauthorizedError(err)) handleUnauthorized();
      }
    }, PLAYER_POLL_MS);
  })().catch(fail);

  return () => {
    stopped = true;
    for (const c of cleanups.splice(0).reverse()) c();
  };
}
